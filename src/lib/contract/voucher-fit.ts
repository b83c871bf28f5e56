// "Can this household use a voucher here, and what would it pay?": eligibility by HUD's income
// limits, then the housing authority's arithmetic (voucher-arithmetic.ts) on both FMR bases, in
// plain words first, then each step, then every assumption (CONTRACT-NOTES, "Eligibility and the 40%
// rule" and "The housing authority's arithmetic"). Pure, and free of zod and of the schemas: the ZIP
// page's form runs it in the browser, the agent server's voucher_fit on the server and the typed
// client in a developer's app, so all three give the same numbers and the same sentences.
import { BEDROOMS } from './bedrooms.ts';
import { areaShortName, grouped, money } from './format.ts';
import { HOUSEHOLD_SIZES } from './household.ts';
import {
  adjustedIncome,
  cents,
  type DeductionAmounts,
  deductionAmountsOn,
  dollarsOf,
  maxGrossRentAtMoveIn,
  paymentStandard,
  rentAt30Percent,
  smallerSize,
  type TenantPaymentRule,
  totalTenantPayment,
  unitPayment,
} from './voucher-arithmetic.ts';

/** The largest household HUD publishes limits for; above it the very low and low limits follow HUD's rule. */
const LARGEST_PUBLISHED = HOUSEHOLD_SIZES.length;
/** The largest household the answer is given for: past it the question is the housing authority's. */
export const MAX_HOUSEHOLD_SIZE = 20;
/** The range a housing authority may set its payment standard in, percent of the FMR: 90 to 110, up to 120 with an exception standard. */
export const PAYMENT_STANDARD_PCT = { min: 90, max: 120, basicMax: 110, default: 100 } as const;
/** The most a housing authority's minimum rent can be (24 CFR 5.630), and what is assumed when it is not given. */
export const MINIMUM_RENT = { max: 50, default: 50 } as const;
/** More income than this is not a question about vouchers; it is a typing error. */
const MAX_YEARLY = 10_000_000;
const MAX_MONTHLY = 50_000;

export type Tier = 'extremely_low' | 'very_low' | 'low' | 'above_low';

type Rents = Record<(typeof BEDROOMS)[number], number | null>;
type BySize = Record<'1' | '2' | '3' | '4' | '5' | '6' | '7' | '8', number>;

/** HUD's income limits of a county, as the ZIP record carries them. */
export interface PlaceIncomeLimits {
  fiscal_year: number;
  effective_date: string;
  hud_area_code: string;
  hud_area_name: string;
  extremely_low: BySize;
  very_low: BySize;
  low: BySize;
}

/** The limits that apply to one household size; `extremely_low` is null above 8 persons (the housing authority sets it). */
export interface LimitsForSize {
  extremely_low: number | null;
  very_low: number;
  low: number;
}

/** HUD's rule above 8 persons: the 4-person limit plus 8% of it per person above 4, rounded up to the next $50. */
export function limitAboveEight(fourPersonLimit: number, householdSize: number): number {
  // In cents of a percent, so the product is a whole number and the rounding exact.
  const scaled = fourPersonLimit * (100 + 8 * (householdSize - 4));
  return Math.ceil(scaled / 5_000) * 50;
}

/** The limits of a household size: published for 1 to 8 persons, HUD's rule above. */
export function limitsForSize(limits: Pick<PlaceIncomeLimits, 'extremely_low' | 'very_low' | 'low'>, householdSize: number): LimitsForSize {
  if (householdSize <= LARGEST_PUBLISHED) {
    const key = String(householdSize) as keyof BySize;
    return { extremely_low: limits.extremely_low[key], very_low: limits.very_low[key], low: limits.low[key] };
  }
  return { extremely_low: null, very_low: limitAboveEight(limits.very_low['4'], householdSize), low: limitAboveEight(limits.low['4'], householdSize) };
}

/** Which tier an income falls in; above 8 persons it is never said to be extremely low (that limit is not published). */
export function tierOf(annualIncome: number, limits: LimitsForSize): Tier {
  if (limits.extremely_low !== null && annualIncome <= limits.extremely_low) return 'extremely_low';
  if (annualIncome <= limits.very_low) return 'very_low';
  if (annualIncome <= limits.low) return 'low';
  return 'above_low';
}

/** What the household tells; everything but the size and the income has a default, said in the answer. */
export interface VoucherQuestion {
  household_size: number;
  /** Gross yearly income, dollars (HUD's "annual income": what the household expects in the next 12 months). */
  annual_income: number;
  /** Members other than the head, spouse or co-head under 18, full-time students or with a disability; 0 when not given. */
  dependents?: number;
  /** The head, spouse or co-head is 62 or older or has a disability; false when not given. */
  elderly_or_disabled?: boolean;
  /** Yearly child care for children 12 and under that lets a member work or study; 0 when not given. */
  child_care?: number;
  /** Yearly earned income; the annual income when not given. */
  earned_income?: number;
  /** Yearly unreimbursed medical expenses (elderly or disabled families); 0 when not given. */
  medical_expenses?: number;
  /** Yearly attendant care and auxiliary apparatus that let a member work; 0 when not given. */
  disability_assistance_expenses?: number;
  /** The housing authority's minimum rent, $0 to $50 a month; $50 when not given. */
  minimum_rent?: number;
  /** The payment standard as a percentage of the FMR, 90 to 120; 100 when neither it nor a dollar amount is given. */
  payment_standard_pct?: number;
  /** The housing authority's own payment standard in dollars a month, for the smaller of the voucher's and the unit's sizes. */
  payment_standard?: number;
  /** The tenant-paid utility allowance for the smaller size, dollars a month; 0 when not given. */
  utility_allowance?: number;
  /** The voucher's bedrooms, 0 to 4; by default two persons a bedroom. */
  voucher_bedrooms?: number;
  /** The unit's bedrooms, 0 to 4; the voucher's when not given. */
  bedrooms?: number;
  /** The rent to the owner of one unit, dollars a month. */
  rent_to_owner?: number;
}

/** What the answer needs of a ZIP code: its published record and the date the answer is for. */
export interface VoucherPlace {
  zip: string;
  /** The county's name without "County". */
  county: string;
  fmr: Rents;
  area_fmr: Rents | null;
  /** The first HUD area's name, for the area basis. */
  areaName: string | null;
  zori_latest: { month: string; rent: number } | null;
  income_limits: PlaceIncomeLimits | null;
  /** The day (`YYYY-MM-DD`) whose deduction amounts apply: the build date of the data. */
  asOf: string;
  /** The deduction amounts in effect that day (in the place, so the page's script carries one row, not the table). */
  deductionAmounts: DeductionAmounts;
}

/** The fields of a ZIP record (its JSON or the collection's) the answer reads. */
export interface ZipForVoucher {
  zip: string;
  county: string;
  fmr: Rents;
  area_fmr: Rents | null;
  hud_areas: readonly { name: string }[];
  zori_latest: { month: string; rent: number } | null;
  income_limits: PlaceIncomeLimits | null;
}

/** What the answer needs, from a ZIP code's record or its JSON, on the day `asOf` (`YYYY-MM-DD` or a timestamp). */
export function voucherPlaceOf(zip: ZipForVoucher, asOf: string): VoucherPlace {
  const first = zip.hud_areas[0];
  return {
    zip: zip.zip,
    county: zip.county,
    fmr: zip.fmr,
    area_fmr: zip.area_fmr,
    areaName: first ? areaShortName(first.name) : null,
    zori_latest: zip.zori_latest,
    income_limits: zip.income_limits,
    asOf: asOf.slice(0, 10),
    deductionAmounts: deductionAmountsOn(asOf.slice(0, 10)),
  };
}

export interface BasisFit {
  basis: 'small_area' | 'area';
  /** The FMR of the size the payment standard follows (the smaller of the voucher's and the unit's). */
  fmr: number;
  /** The family's payment standard on this basis. */
  payment_standard: number;
  /** The most gross rent (rent plus utilities) the household can lease at move-in. */
  max_gross_rent: number;
  /** That minus the utility allowance: the most rent to the owner. */
  max_rent_to_owner: number;
  /** The market rent index compared with the most rent to the owner; null without a market rent. */
  market_rent_within_reach: boolean | null;
  /** Rent to the owner plus the utility allowance; null without a rent to the owner (as the three after it). */
  gross_rent: number | null;
  housing_assistance_payment: number | null;
  family_share: number | null;
  passes_40_percent: boolean | null;
  sentence: string;
}

/** The answer: every input as used (given or defaulted, under the question's names), then HUD's arithmetic on both bases. */
export interface VoucherFit extends AnsweredQuestion {
  zip: string;
  /** True when the earned income was not given and the annual income is taken as earned. */
  earned_income_assumed: boolean;
  /** True when neither the unit's nor the voucher's bedrooms were given. */
  bedrooms_assumed: boolean;
  voucher_bedrooms_assumed: boolean;
  deduction_amounts: DeductionAmounts;
  /** Each deduction in dollars a year, and their total. */
  deductions: Record<'dependents' | 'elderly_or_disabled_family' | 'child_care' | 'medical_and_disability' | 'total', number>;
  adjusted_income: number;
  total_tenant_payment: number;
  total_tenant_payment_rule: TenantPaymentRule;
  rent_at_30_percent_without_voucher: number;
  /** The limits that apply to this household; null where HUD's file has none for the county. */
  income_limits: (LimitsForSize & Pick<PlaceIncomeLimits, 'fiscal_year' | 'effective_date' | 'hud_area_code' | 'hud_area_name'>) | null;
  /** Null where there are no limits to judge by. */
  eligible: boolean | null;
  tier: Tier | null;
  market_rent: { month: string; rent: number } | null;
  small_area: BasisFit | null;
  area: BasisFit | null;
  /** The answer in plain words, in the order a person reads it. */
  sentences: string[];
  /** How it was worked out, one step a line. */
  steps: string[];
  /** Every input the household did not give, and what was used instead. */
  assumptions: string[];
}

/** A question that cannot be answered as asked: the sentence says what to change. */
export class VoucherQuestionError extends Error {}

/** Two persons a bedroom (studio never assumed), as most housing authorities' subsidy standards start. */
const defaultBedrooms = (householdSize: number) => Math.min(BEDROOMS.length - 1, Math.max(1, Math.ceil(householdSize / 2)));

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const bedroomWords = (br: number) => (br === 0 ? 'a studio' : plural(br, 'bedroom'));
const sizeWords = (br: number) => (br === 0 ? 'studio' : `${br}-bedroom`);

/** The question as answered: every input, given or defaulted; the answer echoes it under the same names. */
export type AnsweredQuestion = Omit<Required<VoucherQuestion>, 'payment_standard_pct' | 'payment_standard' | 'rent_to_owner'> & {
  /** Null when the payment standard was given in dollars. */
  payment_standard_pct: number | null;
  payment_standard: number | null;
  rent_to_owner: number | null;
};

/**
 * The question checked and filled in with its defaults; a value out of range is a VoucherQuestionError saying what to change.
 * Partial: a caller without types (the form, JavaScript) may leave out even the size or the income, which are then refused, never taken as 0.
 */
function checkedQuestion(q: Partial<VoucherQuestion>): AnsweredQuestion {
  const number = (value: number | undefined, name: string, min: number, max: number, unit = '') => {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new VoucherQuestionError(`${name} must be a number, in digits.`);
    if (value < min || value > max) throw new VoucherQuestionError(`${name} must be from ${unit}${grouped(min)} to ${unit}${grouped(max)}, not ${String(value)}.`);
    return value;
  };
  const whole = (given: number | undefined, name: string, min: number, max: number) => {
    const value = number(given, name, min, max);
    if (!Number.isInteger(value)) throw new VoucherQuestionError(`${name} must be a whole number from ${min} to ${max}, not ${String(value)}.`);
    return value;
  };
  const amount = (value: number | undefined, name: string, max: number) => {
    if (value === undefined) return 0;
    number(value, name, 0, max, '$');
    if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) throw new VoucherQuestionError(`${name} takes dollars and cents, not ${String(value)}.`);
    return value;
  };
  const size = whole(q.household_size, 'The household size', 1, MAX_HOUSEHOLD_SIZE);
  const income = amount(q.annual_income ?? Number.NaN, 'The yearly income', MAX_YEARLY);
  const dependents = q.dependents === undefined ? 0 : whole(q.dependents, 'Dependents', 0, MAX_HOUSEHOLD_SIZE);
  if (dependents >= size) throw new VoucherQuestionError(`Dependents must be fewer than the household size (the head of the household is never one): give 0 to ${size - 1}, not ${dependents}.`);
  const elderly = q.elderly_or_disabled ?? false;
  const earned = q.earned_income === undefined ? income : amount(q.earned_income, 'The earned income', MAX_YEARLY);
  if (earned > income) throw new VoucherQuestionError(`The earned income is part of the yearly income: give at most ${money(income)}, not ${money(earned)}.`);
  const medical = amount(q.medical_expenses, 'Medical expenses', MAX_YEARLY);
  if (medical > 0 && !elderly) {
    throw new VoucherQuestionError('Medical expenses are deducted only for an elderly or disabled family: say that the head, spouse or co-head is 62 or older or has a disability, or leave them out.');
  }
  const pct = q.payment_standard_pct;
  const dollars = q.payment_standard;
  if (pct !== undefined && dollars !== undefined) throw new VoucherQuestionError('Give the payment standard as a percentage of the FMR or in dollars, not both.');
  if (pct !== undefined) {
    number(pct, 'The payment standard percentage', PAYMENT_STANDARD_PCT.min, PAYMENT_STANDARD_PCT.max);
    if (Math.abs(pct * 10 - Math.round(pct * 10)) > 1e-9) throw new VoucherQuestionError(`The payment standard percentage takes one decimal at most, not ${pct}.`);
  }
  const voucher = q.voucher_bedrooms === undefined ? defaultBedrooms(size) : whole(q.voucher_bedrooms, 'Voucher bedrooms', 0, BEDROOMS.length - 1);
  return {
    household_size: size,
    annual_income: income,
    dependents,
    elderly_or_disabled: elderly,
    child_care: amount(q.child_care, 'Child care', MAX_YEARLY),
    earned_income: earned,
    medical_expenses: medical,
    disability_assistance_expenses: amount(q.disability_assistance_expenses, 'Disability assistance expenses', MAX_YEARLY),
    minimum_rent: q.minimum_rent === undefined ? MINIMUM_RENT.default : whole(q.minimum_rent, 'The minimum rent', 0, MINIMUM_RENT.max),
    payment_standard_pct: dollars === undefined ? (pct ?? PAYMENT_STANDARD_PCT.default) : null,
    payment_standard: dollars === undefined ? null : whole(dollars, 'The payment standard in dollars', 1, MAX_MONTHLY),
    utility_allowance: q.utility_allowance === undefined ? 0 : whole(q.utility_allowance, 'The utility allowance in dollars', 0, MAX_MONTHLY),
    voucher_bedrooms: voucher,
    bedrooms: q.bedrooms === undefined ? voucher : whole(q.bedrooms, 'Bedrooms', 0, BEDROOMS.length - 1),
    rent_to_owner: q.rent_to_owner === undefined ? null : whole(q.rent_to_owner, 'The rent to the owner in dollars', 0, MAX_MONTHLY),
  };
}

function eligibilitySentence(place: VoucherPlace, size: number, income: number, limits: LimitsForSize | null, tier: Tier | null): string {
  const who = `household of ${plural(size, 'person')} with ${money(income)} a year`;
  if (!limits || !place.income_limits || tier === null) {
    return `HUD's income-limit file has no limits for this ZIP code's county (${place.county}), so this site cannot say whether a ${who} is eligible: ask the housing authority.`;
  }
  const year = `FY${place.income_limits.fiscal_year}`;
  if (tier === 'extremely_low') {
    return `A ${who} is eligible for a Housing Choice Voucher here: its income is at or below the ${year} extremely low income limit of ${money(limits.extremely_low)}, the tier most new vouchers go to.`;
  }
  if (tier === 'very_low') {
    const eli =
      limits.extremely_low === null
        ? ` HUD publishes no extremely low limit above 8 persons: the housing authority sets it.`
        : ` It is above the extremely low limit (${money(limits.extremely_low)}), the tier most new vouchers go to.`;
    return `A ${who} is eligible for a Housing Choice Voucher here: its income is at or below the ${year} very low income limit of ${money(limits.very_low)}.${eli}`;
  }
  const other = ` It is ${tier === 'low' ? 'within' : 'also above'} the low income limit (${money(limits.low)}) that other housing programs use.`;
  return `A ${who} is not eligible for a Housing Choice Voucher here: its income is above the ${year} very low income limit of ${money(limits.very_low)}.${other}`;
}

const RULE_WORDS: Record<TenantPaymentRule, string> = {
  adjusted_income_30_percent: '30% of its monthly adjusted income',
  annual_income_10_percent: '10% of its monthly gross income',
  minimum_rent: "the housing authority's minimum rent",
};

interface Household {
  q: AnsweredQuestion;
  ttp: number;
  /** Whole cents a year. */
  adjusted: number;
}

function basisFit(basis: BasisFit['basis'], rents: Rents | null, h: Household, market: VoucherPlace['zori_latest'], name: string): BasisFit | null {
  const { q, ttp, adjusted } = h;
  const size = smallerSize(q.voucher_bedrooms, q.bedrooms);
  const fmr = rents?.[BEDROOMS[size] ?? 'br2'] ?? null;
  const fmrs = [q.voucher_bedrooms, q.bedrooms].map((br) => rents?.[BEDROOMS[br] ?? 'br2'] ?? null);
  if (fmr === null || fmrs.includes(null)) return null;
  // 982.505(c)(2): the lower of the standards for the voucher's size and the unit's.
  const standard = q.payment_standard ?? Math.min(...fmrs.map((f) => paymentStandard(f ?? 0, q.payment_standard_pct ?? 100)));
  const maxGross = maxGrossRentAtMoveIn(standard, ttp, adjusted);
  const maxToOwner = maxGross - q.utility_allowance;
  const within = market ? market.rent <= maxToOwner : null;
  const unit = q.rent_to_owner === null ? null : unitPayment(q.rent_to_owner, q.utility_allowance, standard, ttp, adjusted);
  const how =
    q.payment_standard === null
      ? `${q.payment_standard_pct}% of the ${sizeWords(size)} FMR of ${money(fmr)}${(q.payment_standard_pct ?? 0) > PAYMENT_STANDARD_PCT.basicMax ? ', an exception standard HUD must approve' : ''}`
      : `the housing authority's, as given`;
  const extra = maxGross - standard;
  const owner = q.utility_allowance > 0 ? `, ${money(maxToOwner)} to the owner after the ${money(q.utility_allowance)} utility allowance` : '';
  let unitWords = '';
  if (unit) {
    const fortyPercent = money(Math.floor(adjusted / 3_000));
    unitWords =
      `for a unit renting at ${money(q.rent_to_owner)}${q.utility_allowance > 0 ? ` (a gross rent of ${money(unit.gross_rent)} with the utility allowance)` : ''}, ` +
      `the household would pay about ${money(unit.family_share)} a month and the housing authority ${money(unit.housing_assistance_payment)}; ` +
      (unit.gross_rent <= standard
        ? 'the gross rent is within the payment standard, so the 40% test does not apply and it passes. '
        : `it ${unit.passes_40_percent ? 'passes' : 'fails'} the 40% test: that share is ${unit.passes_40_percent ? 'at most' : 'more than'} ${fortyPercent}, 40% of its monthly adjusted income` +
          `${unit.passes_40_percent ? '' : ', so the housing authority cannot approve this unit at move-in'}. `);
  }
  const sentence =
    `On the ${name}, ${unitWords}${unit ? 'T' : 't'}he payment standard is ${money(standard)} (${how}); ` +
    `at move-in the household can lease a gross rent of at most ${money(maxGross)}` +
    (extra > 0 ? ` (${money(standard)} + ${money(extra)}, 40% of its monthly adjusted income less its total tenant payment)` : '') +
    `${owner}.` +
    (market ? ` The market rent index here (${money(market.rent)}) is ${within ? 'within reach' : `out of reach by ${money(market.rent - maxToOwner)}`}.` : ' There is no market rent index here to compare it with.');
  return {
    basis,
    fmr,
    payment_standard: standard,
    max_gross_rent: maxGross,
    max_rent_to_owner: maxToOwner,
    market_rent_within_reach: within,
    ...(unit ?? { gross_rent: null, housing_assistance_payment: null, family_share: null, passes_40_percent: null }),
    sentence,
  };
}

function deductionStep(amounts: DeductionAmounts, asOf: string, q: AnsweredQuestion, deductions: VoucherFit['deductions'], thresholdCents: number): string {
  const parts = [
    deductions.dependents > 0 ? `${plural(q.dependents, 'dependent')} × ${money(amounts.dependent)} = ${money(deductions.dependents)}` : null,
    deductions.elderly_or_disabled_family > 0 ? `elderly or disabled family ${money(deductions.elderly_or_disabled_family)}` : null,
    q.child_care > 0 ? `child care ${money(deductions.child_care)}${deductions.child_care < q.child_care ? ` (capped by earnings of ${money(q.earned_income)})` : ''}` : null,
    q.medical_expenses + q.disability_assistance_expenses > 0
      ? `medical and disability expenses above ${amounts.medical_threshold_pct}% of the yearly income (${money(dollarsOf(thresholdCents))}): ${money(deductions.medical_and_disability)}`
      : null,
  ].filter((part): part is string => part !== null);
  return `Deductions (${amounts.year ?? 'pre-HOTMA'} amounts, in effect on ${asOf}; ${amounts.source}): ${parts.length > 0 ? `${parts.join('; ')}; total ${money(deductions.total)}` : 'none'}.`;
}

function assumptionsOf(q: AnsweredQuestion, asked: VoucherQuestion): string[] {
  const not = (key: keyof VoucherQuestion) => asked[key] === undefined;
  return [
    not('dependents') ? 'No dependents.' : null,
    not('elderly_or_disabled') ? 'Not an elderly or disabled family.' : null,
    not('child_care') ? 'No child care.' : null,
    not('earned_income') ? 'All of the yearly income is earned.' : null,
    q.elderly_or_disabled && not('medical_expenses') ? 'No medical expenses.' : null,
    q.medical_expenses + q.disability_assistance_expenses > 0 ? 'A new family: one deducting medical expenses since before 2024 may have a lower threshold for now (24 CFR 5.611(c)).' : null,
    not('minimum_rent') ? `A minimum rent of ${money(MINIMUM_RENT.default)}, the most allowed.` : null,
    not('payment_standard_pct') && not('payment_standard') ? `A payment standard of ${PAYMENT_STANDARD_PCT.default}% of the FMR.` : null,
    not('utility_allowance') ? 'A utility allowance of $0: the rent to the owner is the whole gross rent.' : null,
    not('voucher_bedrooms') ? `A voucher for ${bedroomWords(q.voucher_bedrooms)}, two persons a bedroom (the housing authority's subsidy standard decides).` : null,
    not('bedrooms') ? "A unit of the voucher's size." : null,
    'The housing authority computes the adjusted income and sets the utility allowance. Welfare rent (as-paid welfare programs only) is not counted.',
  ].filter((line): line is string => line !== null);
}

/** The whole answer for one ZIP code. */
export function voucherFit(place: VoucherPlace, question: VoucherQuestion): VoucherFit {
  const q = checkedQuestion(question);
  const il = place.income_limits;
  const limits = il ? limitsForSize(il, q.household_size) : null;
  const tier = limits ? tierOf(q.annual_income, limits) : null;
  const amounts = place.deductionAmounts;
  const { deductions: deductionCents, adjusted, medicalThreshold } = adjustedIncome(q, amounts);
  const deductions = Object.fromEntries(Object.entries(deductionCents).map(([k, v]: [string, number]) => [k, dollarsOf(v)])) as VoucherFit['deductions'];
  const annualCents = cents(q.annual_income);
  const ttp = totalTenantPayment(annualCents, adjusted, q.minimum_rent);
  const household = { q, ttp: ttp.amount, adjusted };
  const smallArea = basisFit('small_area', place.fmr, household, place.zori_latest, 'Small Area FMR');
  const area = basisFit('area', place.area_fmr, household, place.zori_latest, place.areaName ? `area FMR (${place.areaName})` : 'area FMR');
  const without = rentAt30Percent(annualCents);
  const sizes =
    q.voucher_bedrooms === q.bedrooms
      ? `For ${bedroomWords(q.bedrooms)}:`
      : `For a voucher of ${bedroomWords(q.voucher_bedrooms)} and a unit of ${bedroomWords(q.bedrooms)} (the payment standard is the lower of the two sizes'):`;
  const missing = (what: string) => `There is no ${sizeWords(smallerSize(q.voucher_bedrooms, q.bedrooms))} ${what} for ${place.zip}.`;
  const c = ttp.candidates;
  const given = (key: keyof VoucherQuestion) => question[key] !== undefined;
  return {
    zip: place.zip,
    ...q,
    earned_income_assumed: !given('earned_income'),
    bedrooms_assumed: !given('bedrooms') && !given('voucher_bedrooms'),
    voucher_bedrooms_assumed: !given('voucher_bedrooms'),
    deduction_amounts: amounts,
    deductions,
    adjusted_income: dollarsOf(adjusted),
    total_tenant_payment: ttp.amount,
    total_tenant_payment_rule: ttp.rule,
    rent_at_30_percent_without_voucher: without,
    income_limits: il && limits ? { fiscal_year: il.fiscal_year, effective_date: il.effective_date, hud_area_code: il.hud_area_code, hud_area_name: il.hud_area_name, ...limits } : null,
    eligible: tier === null ? null : tier === 'extremely_low' || tier === 'very_low',
    tier,
    market_rent: place.zori_latest,
    small_area: smallArea,
    area,
    sentences: [
      eligibilitySentence(place, q.household_size, q.annual_income, limits, tier),
      `With a voucher the household pays at least ${money(ttp.amount)} a month, its total tenant payment: ${RULE_WORDS[ttp.rule]}.`,
      sizes,
      smallArea?.sentence ?? missing('Small Area FMR'),
      area?.sentence ?? missing('area FMR'),
      `Without a voucher, a rent of ${money(without)} a month is 30% of its gross income.`,
    ],
    steps: [
      deductionStep(amounts, place.asOf, q, deductions, medicalThreshold),
      `Adjusted income: ${money(q.annual_income)} − ${money(deductions.total)} = ${money(dollarsOf(adjusted))} a year.`,
      `Total tenant payment: the greatest of ${RULE_WORDS.adjusted_income_30_percent} (${money(c.adjusted_income_30_percent)}), ${RULE_WORDS.annual_income_10_percent} (${money(c.annual_income_10_percent)}) ` +
        `and ${RULE_WORDS.minimum_rent} (${money(c.minimum_rent)}): ${money(ttp.amount)}.`,
    ],
    assumptions: assumptionsOf(q, question),
  };
}

/** The rules in a few sentences, for pages without the form (and for the form's readers before they ask). */
export const HOUSING_AUTHORITY_RULES = [
  "The housing authority takes the household's yearly gross income, less a deduction for each dependent, one for an elderly or disabled family, child care, and medical and disability expenses above a share of income: that is the adjusted income.",
  'The household pays its total tenant payment: the greatest of 30% of its monthly adjusted income, 10% of its monthly gross income and the minimum rent (up to $50).',
  'The housing authority pays the owner the lower of the payment standard and the gross rent (rent plus the utility allowance), less that payment; the household pays the rest.',
  'At move-in, when the gross rent is above the payment standard, the household may pay at most 40% of its monthly adjusted income.',
] as const;

/** The rule in one sentence, for llms.txt and the agent server. */
export const FORTY_PERCENT_RULE =
  'A household is eligible for a Housing Choice Voucher when its gross income is at or below the very low limit for its size; ' +
  'at move-in it can lease a unit whose gross rent is at most the payment standard plus 40% of its monthly adjusted income less its total tenant payment (the 40% rule).';

/** The amounts of this answer's year, in words: "$500 a dependent and $550 for an elderly or disabled family (2026)". */
export function deductionAmountsInWords(asOf: string): string {
  const amounts = deductionAmountsOn(asOf.slice(0, 10));
  return `${money(amounts.dependent)} a dependent and ${money(amounts.elderly_or_disabled_family)} for an elderly or disabled family${amounts.year === null ? '' : ` (${amounts.year})`}, medical and disability expenses above ${amounts.medical_threshold_pct}% of income`;
}
