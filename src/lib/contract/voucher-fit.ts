// "Can this household use a voucher here, and what would it pay?": eligibility by HUD's income
// limits, then the housing authority's arithmetic (voucher-arithmetic.ts) on both FMR bases, under
// the rule set in force and, where it changes a figure, the other one; the answer to what was asked
// first, one line a basis, then the explanations, each step and every assumption (CONTRACT-NOTES,
// "Eligibility and the 40% rule", "The housing authority's arithmetic" and "The rules a housing
// authority applies today"). Pure, and free of zod and of the schemas: the ZIP page's form runs it
// in the browser, the agent server's voucher_fit on the server and the typed client in a
// developer's app, so all three give the same numbers and the same sentences.
import { BEDROOMS } from './bedrooms.ts';
import { areaShortName } from './format.ts';
import { areaInCountyWords, areaInWords, listInWords, type ServedArea } from './served-areas.ts';
import type { MessageKey, Values, Words } from './words.ts';
import { HOUSEHOLD_SIZES } from './household.ts';
import {
  adjustedIncome,
  cents,
  type DeductionAmounts,
  deductionAmountsOn,
  type Deductions,
  dollarsOf,
  type EligibleMembers,
  excludedIncome,
  type Exclusions,
  fortyPercentOfMonthlyAdjusted,
  LARGEST_PUBLISHED_BEDROOMS,
  largerUnitFmr,
  MAX_BEDROOMS,
  maxGrossRentAtMoveIn,
  paymentStandard,
  povertyGuideline,
  povertyGuidelineFor,
  type PovertyGuideline,
  rentAt30Percent,
  RULE_SETS,
  type RuleSet,
  type RulesInForce,
  rulesInForceOn,
  smallerSize,
  type TenantPaymentRule,
  totalTenantPayment,
  type UnitPayment,
  unitPayment,
  voucherPaysNothing,
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

/** The limits that apply to one household size; above 8 persons `extremely_low` is null only without a poverty guideline for the limits' year. */
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

/**
 * The extremely low limit above 8 persons (24 CFR 5.603): the greater of HUD's rule on the 4-person
 * extremely low limit and the poverty guideline for the size, never above the very low limit.
 */
export function extremelyLowAboveEight(fourPersonLimit: number, veryLow: number, guideline: PovertyGuideline, householdSize: number): number {
  return Math.min(veryLow, Math.max(limitAboveEight(fourPersonLimit, householdSize), povertyGuideline(guideline, householdSize)));
}

/**
 * The limits of a household size: published for 1 to 8 persons, HUD's rule above; the extremely low
 * limit above 8 with the poverty guideline HUD used for the limits' year (null without one).
 */
export function limitsForSize(limits: Pick<PlaceIncomeLimits, 'extremely_low' | 'very_low' | 'low'>, householdSize: number, guideline: PovertyGuideline | null = null): LimitsForSize {
  if (householdSize <= LARGEST_PUBLISHED) {
    const key = String(householdSize) as keyof BySize;
    return { extremely_low: limits.extremely_low[key], very_low: limits.very_low[key], low: limits.low[key] };
  }
  const veryLow = limitAboveEight(limits.very_low['4'], householdSize);
  return {
    extremely_low: guideline === null ? null : extremelyLowAboveEight(limits.extremely_low['4'], veryLow, guideline, householdSize),
    very_low: veryLow,
    low: limitAboveEight(limits.low['4'], householdSize),
  };
}

/** Which tier an income falls in; without an extremely low limit it is never said to be extremely low. */
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
  /** Yearly care for children 12 and under that lets a member work, capped by the earned income; 0 when not given. */
  child_care?: number;
  /** Yearly care for children 12 and under that lets a member study or look for work, not capped by earnings; 0 when not given. */
  child_care_for_study?: number;
  /** Yearly earned income; the annual income when not given. */
  earned_income?: number;
  /** Yearly earned income of members under 18, part of the annual income: excluded whole (24 CFR 5.609(b)(3)); 0 when not given. */
  earnings_of_minors?: number;
  /** Each dependent full-time student's yearly earned income, part of the annual income: what is above the dependent deduction is excluded (5.609(b)(14)); none when not given. */
  student_earnings?: number[];
  /** Members who are citizens or have eligible immigration status; fewer than all makes a mixed family, whose HAP is prorated (5.520); all when not given. */
  eligible_members?: number;
  /** Yearly unreimbursed medical expenses (elderly or disabled families); 0 when not given. */
  medical_expenses?: number;
  /** Yearly attendant care and auxiliary apparatus that let a member work; 0 when not given. */
  disability_assistance_expenses?: number;
  /** The deduction rules the housing authority applies: `before_hotma` or `hotma`; the rule set in force on the data's date when not given. */
  rules?: RuleSet;
  /** The housing authority's minimum rent, $0 to $50 a month; $50 when not given. */
  minimum_rent?: number;
  /** The payment standard as a percentage of the FMR, 90 to 120; 100 when neither it nor a dollar amount is given. */
  payment_standard_pct?: number;
  /** The housing authority's own payment standard in dollars a month, for the smaller of the voucher's and the unit's sizes. */
  payment_standard?: number;
  /** The tenant-paid utility allowance for the smaller size, dollars a month; 0 when not given. */
  utility_allowance?: number;
  /** The voucher's bedrooms, 0 to 8; by default two persons a bedroom. */
  voucher_bedrooms?: number;
  /** The unit's bedrooms, 0 to 8; the voucher's when not given. */
  bedrooms?: number;
  /** The rent to the owner of one unit, dollars a month. */
  rent_to_owner?: number;
}

/** Every field a question may hold, in the order the answer echoes them; any other name is refused. */
export const QUESTION_FIELDS = [
  'household_size',
  'annual_income',
  'dependents',
  'elderly_or_disabled',
  'child_care',
  'child_care_for_study',
  'earned_income',
  'earnings_of_minors',
  'student_earnings',
  'eligible_members',
  'medical_expenses',
  'disability_assistance_expenses',
  'rules',
  'minimum_rent',
  'payment_standard_pct',
  'payment_standard',
  'utility_allowance',
  'voucher_bedrooms',
  'bedrooms',
  'rent_to_owner',
] as const satisfies readonly (keyof VoucherQuestion)[];

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
  /** The day (`YYYY-MM-DD`) whose rules apply: the build date of the data. */
  asOf: string;
  /** The rule set voucher programs apply that day, by default. */
  rulesInForce: RulesInForce;
  /** The poverty guideline HUD used for the limits' year (the extremely low limit above 8 persons); null without one. */
  povertyGuideline: PovertyGuideline | null;
  /** Each rule set's amounts that day (in the place, so the page's script carries two rows, not the tables). */
  deductionAmounts: Record<RuleSet, DeductionAmounts>;
  /** The agencies whose voucher area covers the county, most vouchers first; none where no area is known. */
  agencies: PlaceAgency[];
}

/**
 * An agency that serves the ZIP code's county, as the answer names it (CONTRACT-NOTES, "The answer
 * names the agencies"): the name it goes by, its area in the county in words of the answer's
 * language (said where the place is made, so the form's script carries the words, not the area),
 * its phone, and what its pages say of its rules.
 */
export interface PlaceAgency {
  code: string;
  /** The name it goes by on its own pages, else HUD's. */
  name: string;
  /** The part of its voucher area in the ZIP code's county, in words. */
  serves: string;
  serves_here: 'all' | 'part';
  phone: string | null;
  payment_standard_basis: PaymentStandardBasis | null;
  moving_to_work: boolean | null;
  /** The page that says how a Moving to Work agency works out its subsidy its own way; null for one that uses HUD's arithmetic. */
  own_rules_url: string | null;
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
  /** The county's agencies (older records have none). */
  housing_agencies?: readonly RecordAgency[];
}

/** Which FMR an agency's payment standards follow (PAYMENT_STANDARD_BASES in schemas.ts). */
export type PaymentStandardBasis = 'small_area' | 'area';

/** The fields of an agency of a ZIP record (HousingAgency in schemas.ts) the answer reads. */
export interface RecordAgency {
  code: string;
  name: string | null;
  short_name: string | null;
  phone: string | null;
  area: ServedArea | null;
  serves_here: 'all' | 'part' | null;
  payment_standard_basis: PaymentStandardBasis | null;
  moving_to_work: boolean | null;
  alternative_rent: string | null;
  sources: readonly { facts: readonly string[]; url: string }[];
}

/**
 * What the answer needs, from a ZIP code's record or its JSON, on the day `asOf` (`YYYY-MM-DD` or a
 * timestamp); `words` say the agencies' areas in the language the answer will be given in.
 */
export function voucherPlaceOf(zip: ZipForVoucher, asOf: string, words: Words): VoucherPlace {
  const first = zip.hud_areas[0];
  const day = asOf.slice(0, 10);
  return {
    zip: zip.zip,
    county: zip.county,
    fmr: zip.fmr,
    area_fmr: zip.area_fmr,
    areaName: first ? areaShortName(first.name) : null,
    zori_latest: zip.zori_latest,
    income_limits: zip.income_limits,
    asOf: day,
    rulesInForce: rulesInForceOn(day),
    povertyGuideline: zip.income_limits === null ? null : povertyGuidelineFor(zip.income_limits.fiscal_year, zip.zip),
    deductionAmounts: { before_hotma: deductionAmountsOn(day, 'before_hotma'), hotma: deductionAmountsOn(day, 'hotma') },
    agencies: (zip.housing_agencies ?? []).flatMap(({ code, name, short_name, phone, area, serves_here, payment_standard_basis, moving_to_work, alternative_rent, sources }) => {
      if (area === null || serves_here === null) return [];
      const ownRules = moving_to_work === true && alternative_rent !== null ? (sources.find((source) => source.facts.includes('alternative_rent'))?.url ?? null) : null;
      return [{ code, name: short_name ?? name ?? code, serves: areaInCountyWords(area, zip.county, words) ?? areaInWords(area, words), serves_here, phone, payment_standard_basis, moving_to_work, own_rules_url: ownRules }];
    }),
  };
}

export interface BasisFit {
  basis: 'small_area' | 'area';
  /** The FMR of the size the payment standard follows (the smaller of the voucher's and the unit's). */
  fmr: number;
  /** The family's payment standard on this basis. */
  payment_standard: number;
  /** True when the total tenant payment is at or above the payment standard: the voucher pays nothing for any unit (24 CFR 982.455). */
  voucher_pays_nothing: boolean;
  /** The most gross rent (rent plus utilities) the household can lease at move-in. */
  max_gross_rent: number;
  /** That minus the utility allowance: the most rent to the owner. */
  max_rent_to_owner: number;
  /** The market rent index compared with the most rent to the owner; null without a market rent. */
  market_rent_within_reach: boolean | null;
  /** Rent to the owner plus the utility allowance; null without a rent to the owner (as the seven after it). */
  gross_rent: number | null;
  housing_assistance_payment: number | null;
  family_share: number | null;
  passes_40_percent: boolean | null;
  /** The HAP before a mixed family's proration (24 CFR 5.520), and the family share the 40% test reads; the same as the two above for any other family. */
  hap_before_proration: number | null;
  family_share_before_proration: number | null;
  /** The part of the HAP paid to the owner: at most the rent to the owner. */
  hap_to_owner: number | null;
  /** The rest of the HAP, paid to the family or the utility (24 CFR 982.514(b)). */
  utility_reimbursement: number | null;
  /** What the family pays the owner. */
  tenant_rent: number | null;
  /** The answer on this basis in one line, as the page leads with it. */
  summary: string;
  /** The explanation. */
  sentence: string;
}

/** One basis under the other rule set: the figures that may change with the deductions. */
export interface OtherBasis {
  max_gross_rent: number;
  voucher_pays_nothing: boolean;
  housing_assistance_payment: number | null;
  family_share: number | null;
  passes_40_percent: boolean | null;
}

/** The answer under the rule set not used, given when the rule set was not asked for and a figure differs. */
export interface OtherRules {
  rules: RuleSet;
  deduction_amounts: DeductionAmounts;
  adjusted_income: number;
  total_tenant_payment: number;
  total_tenant_payment_rule: TenantPaymentRule;
  small_area: OtherBasis | null;
  area: OtherBasis | null;
}

type DeductionDollars = Record<keyof Deductions, number>;

/** The answer: every input as used (given or defaulted, under the question's names), then HUD's arithmetic on both bases. */
export interface VoucherFit extends AnsweredQuestion {
  zip: string;
  /** True when the rule set was not given and the one in force on the data's date was used. */
  rules_assumed: boolean;
  /** The rule set voucher programs apply by default on the data's date, and why. */
  rules_in_force: RulesInForce;
  /** True when the earned income was not given and the annual income is taken as earned. */
  earned_income_assumed: boolean;
  /** True when neither the unit's nor the voucher's bedrooms were given. */
  bedrooms_assumed: boolean;
  voucher_bedrooms_assumed: boolean;
  deduction_amounts: DeductionAmounts;
  /** The threshold of the medical and disability assistance deductions, dollars a year. */
  medical_threshold: number;
  /** The income excluded (24 CFR 5.609(b)), dollars a year, and their total. */
  exclusions: Record<keyof Exclusions, number>;
  /** The annual income less the exclusions: what the limits are compared with and the arithmetic starts from. */
  counted_income: number;
  /** Each deduction in dollars a year, and their total. */
  deductions: DeductionDollars;
  adjusted_income: number;
  total_tenant_payment: number;
  total_tenant_payment_rule: TenantPaymentRule;
  rent_at_30_percent_without_voucher: number;
  /** The limits that apply to this household; null where HUD's file has none for the county. Above 8 persons, `poverty_guideline` is the guideline for its size the extremely low limit took into account (null up to 8). */
  income_limits: (LimitsForSize & Pick<PlaceIncomeLimits, 'fiscal_year' | 'effective_date' | 'hud_area_code' | 'hud_area_name'> & { poverty_guideline: number | null }) | null;
  /** Null where there are no limits to judge by. */
  eligible: boolean | null;
  tier: Tier | null;
  market_rent: { month: string; rent: number } | null;
  small_area: BasisFit | null;
  area: BasisFit | null;
  /** Under the other rule set, when the rule set was not given and any of its figures differs; null otherwise. */
  other_rules: OtherRules | null;
  /** The housing agencies whose voucher area covers the county: which one serves the household depends on its city. */
  agencies: PlaceAgency[];
  /** What the household asked, first: the income against the limit, then one line a basis (naming the agencies that use it), then the agencies whose basis is not known. */
  summary: string[];
  /** The explanations, in the order a person reads them. */
  sentences: string[];
  /** How it was worked out, one step a line. */
  steps: string[];
  /** Every input the household did not give, and what was used instead. */
  assumptions: string[];
}

/** A question that cannot be answered as asked: the sentence says what to change. */
export class VoucherQuestionError extends Error {}

/** Two persons a bedroom (studio never assumed), as most housing authorities' subsidy standards start. */
const defaultBedrooms = (householdSize: number) => Math.min(MAX_BEDROOMS, Math.max(1, Math.ceil(householdSize / 2)));

/** The question as answered: every input, given or defaulted; the answer echoes it under the same names. */
export type AnsweredQuestion = Omit<Required<VoucherQuestion>, 'payment_standard_pct' | 'payment_standard' | 'rent_to_owner'> & {
  /** Null when the payment standard was given in dollars. */
  payment_standard_pct: number | null;
  payment_standard: number | null;
  rent_to_owner: number | null;
};

/** The fields that take a number, each with its name in the catalogue (`field.…`) for the refusals. */
type NamedField = Exclude<keyof VoucherQuestion, 'rules' | 'elderly_or_disabled' | 'student_earnings'>;

/**
 * The question checked and filled in with its defaults; a name it does not know, a value of the wrong kind or out of
 * range is a VoucherQuestionError saying, in the answer's language, what to change. Partial: a caller without types
 * (the form, JavaScript) may leave out even the size or the income, which are then refused, never taken as 0.
 */
function checkedQuestion(q: Partial<VoucherQuestion>, rulesInForce: RulesInForce, words: Words): AnsweredQuestion {
  const refuse = (key: MessageKey, values?: Values) => new VoucherQuestionError(words.say(key, values));
  const known: readonly string[] = QUESTION_FIELDS;
  for (const field of Object.keys(q)) if (!known.includes(field)) throw refuse('error.unknownField', { field, known: known.join(', ') });
  const oneOf = <T extends string | boolean>(value: unknown, field: keyof VoucherQuestion, values: readonly T[]): T => {
    if (!values.includes(value as T)) throw refuse('error.unknownValue', { field, values: values.join(', '), value: JSON.stringify(value) });
    return value as T;
  };
  const number = (value: number | undefined, field: NamedField, min: number, max: number, money = false) => {
    const name = words.say(`field.${field}`);
    if (typeof value !== 'number' || !Number.isFinite(value)) throw refuse('error.notNumber', { field: name });
    const bound = (n: number) => (money ? words.money(n) : words.grouped(n));
    if (value < min || value > max) throw refuse('error.range', { field: name, min: bound(min), max: bound(max), value: String(value) });
    return value;
  };
  const whole = (given: number | undefined, field: NamedField, min: number, max: number) => {
    const value = number(given, field, min, max);
    if (!Number.isInteger(value)) throw refuse('error.whole', { field: words.say(`field.${field}`), min: String(min), max: String(max), value: String(value) });
    return value;
  };
  const amount = (value: number | undefined, field: NamedField, max: number) => {
    if (value === undefined) return 0;
    number(value, field, 0, max, true);
    if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) throw refuse('error.cents', { field: words.say(`field.${field}`), value: String(value) });
    return value;
  };
  const size = whole(q.household_size, 'household_size', 1, MAX_HOUSEHOLD_SIZE);
  const income = amount(q.annual_income ?? Number.NaN, 'annual_income', MAX_YEARLY);
  const dependents = q.dependents === undefined ? 0 : whole(q.dependents, 'dependents', 0, MAX_HOUSEHOLD_SIZE);
  if (dependents >= size) throw refuse('error.dependents', { most: String(size - 1), value: String(dependents) });
  const elderly = q.elderly_or_disabled === undefined ? false : oneOf(q.elderly_or_disabled, 'elderly_or_disabled', [true, false]);
  const rules = q.rules === undefined ? rulesInForce.rules : oneOf(q.rules, 'rules', RULE_SETS);
  const earned = q.earned_income === undefined ? income : amount(q.earned_income, 'earned_income', MAX_YEARLY);
  if (earned > income) throw refuse('error.earned', { income: words.money(income), earned: words.money(earned) });
  const minors = amount(q.earnings_of_minors, 'earnings_of_minors', MAX_YEARLY);
  const students = q.student_earnings ?? [];
  if (!Array.isArray(students) || students.some((each) => typeof each !== 'number' || !Number.isFinite(each) || each < 0 || each > MAX_YEARLY || Math.abs(each * 100 - Math.round(each * 100)) > 1e-6)) {
    throw refuse('error.studentEarnings', { value: JSON.stringify(q.student_earnings) });
  }
  if (students.length > dependents) throw refuse('error.students', { students: students.length, dependents: String(dependents) });
  // The pay of children and students is earned income, part of the yearly income.
  const excludable = minors + students.reduce((sum, each) => sum + each, 0);
  if (cents(excludable) > cents(earned)) throw refuse('error.exclusions', { excluded: words.money(excludable), earned: words.money(earned), given: q.earned_income === undefined ? 'income' : 'earned' });
  const eligibleMembers = q.eligible_members === undefined ? size : whole(q.eligible_members, 'eligible_members', 0, size);
  const medical = amount(q.medical_expenses, 'medical_expenses', MAX_YEARLY);
  if (medical > 0 && !elderly) throw refuse('error.medical');
  const pct = q.payment_standard_pct;
  const dollars = q.payment_standard;
  if (pct !== undefined && dollars !== undefined) throw refuse('error.bothStandards');
  if (pct !== undefined) {
    number(pct, 'payment_standard_pct', PAYMENT_STANDARD_PCT.min, PAYMENT_STANDARD_PCT.max);
    if (Math.abs(pct * 10 - Math.round(pct * 10)) > 1e-9) throw refuse('error.pctDecimals', { value: String(pct) });
  }
  const voucher = q.voucher_bedrooms === undefined ? defaultBedrooms(size) : whole(q.voucher_bedrooms, 'voucher_bedrooms', 0, MAX_BEDROOMS);
  return {
    household_size: size,
    annual_income: income,
    dependents,
    elderly_or_disabled: elderly,
    child_care: amount(q.child_care, 'child_care', MAX_YEARLY),
    child_care_for_study: amount(q.child_care_for_study, 'child_care_for_study', MAX_YEARLY),
    earned_income: earned,
    earnings_of_minors: minors,
    student_earnings: [...students],
    eligible_members: eligibleMembers,
    medical_expenses: medical,
    disability_assistance_expenses: amount(q.disability_assistance_expenses, 'disability_assistance_expenses', MAX_YEARLY),
    rules,
    minimum_rent: q.minimum_rent === undefined ? MINIMUM_RENT.default : whole(q.minimum_rent, 'minimum_rent', 0, MINIMUM_RENT.max),
    payment_standard_pct: dollars === undefined ? (pct ?? PAYMENT_STANDARD_PCT.default) : null,
    payment_standard: dollars === undefined ? null : whole(dollars, 'payment_standard', 1, MAX_MONTHLY),
    utility_allowance: q.utility_allowance === undefined ? 0 : whole(q.utility_allowance, 'utility_allowance', 0, MAX_MONTHLY),
    voucher_bedrooms: voucher,
    bedrooms: q.bedrooms === undefined ? voucher : whole(q.bedrooms, 'bedrooms', 0, MAX_BEDROOMS),
    rent_to_owner: q.rent_to_owner === undefined ? null : whole(q.rent_to_owner, 'rent_to_owner', 0, MAX_MONTHLY),
  };
}

/** The income the limits were compared with: the income HUD counts, said so when it is less than the yearly income. */
interface JudgedIncome {
  amount: number;
  counted: boolean;
}

function eligibilitySentence(words: Words, place: VoucherPlace, size: number, income: JudgedIncome, limits: LimitsForSize | null, tier: Tier | null): string {
  const who = { size, income: words.money(income.amount), counted: income.counted ? 'yes' : 'no' };
  if (!limits || !place.income_limits || tier === null) return words.say('answer.eligibility.noLimits', { ...who, county: place.county });
  const year = String(place.income_limits.fiscal_year);
  if (tier === 'extremely_low') return words.say('answer.eligibility.extremelyLow', { ...who, year, limit: words.money(limits.extremely_low) });
  if (tier === 'very_low') {
    return words.say('answer.eligibility.veryLow', {
      ...who,
      year,
      limit: words.money(limits.very_low),
      extremelyLow: limits.extremely_low === null ? 'unpublished' : 'published',
      extremelyLowLimit: words.money(limits.extremely_low),
    });
  }
  return words.say('answer.eligibility.notEligible', { ...who, year, limit: words.money(limits.very_low), tier, lowLimit: words.money(limits.low) });
}

/**
 * A test in figures and a symbol, "$988 ≤ $1,317 ✓" or "$1,490 > $1,317 ✗", so that no word has to carry the verdict:
 * a mistranslated word cannot turn a pass into a fail. The page gives each symbol its name in the page's language.
 */
export const VERDICT_SYMBOLS = { pass: '✓', fail: '✗' } as const;
function verdict(words: Words, left: number, right: number, passes: boolean): string {
  // Where whole dollars would tie, the cents the verdict rests on are shown: "$59,200.01 > $59,200 ✗".
  const tie = left !== right && words.money(left) === words.money(right);
  const shown = (amount: number) => (tie && !Number.isInteger(amount) ? words.moneyWithCents(amount) : words.money(amount));
  return words.say('verdict.test', { left: shown(left), right: shown(right), passes: passes ? 'yes' : 'no', symbol: passes ? VERDICT_SYMBOLS.pass : VERDICT_SYMBOLS.fail });
}

/** Who receives the HAP for a unit: nobody, the owner alone, or the owner and the family (a utility reimbursement). */
const paymentKind = (paysNothing: boolean, unit: UnitPayment) => (paysNothing ? 'nothing' : unit.utility_reimbursement > 0 ? 'reimbursement' : 'owner');
/** How the 40% test went: not applied (the gross rent is within the payment standard), passed or failed. */
const testOf = (unit: UnitPayment, standard: number) => (unit.gross_rent <= standard ? 'within' : unit.passes_40_percent ? 'passes' : 'fails');

/** The first line: the income against the very low limit, or that there is none to judge by. */
function eligibilitySummary(words: Words, place: VoucherPlace, size: number, income: JudgedIncome, limits: LimitsForSize | null, tier: Tier | null): string {
  if (!limits || !place.income_limits || tier === null) return words.say('summary.noLimits', { county: place.county });
  const within = tier === 'extremely_low' || tier === 'very_low';
  return words.say('summary.eligibility', {
    within: within ? 'yes' : 'no',
    size,
    verdict: verdict(words, income.amount, limits.very_low, within),
    year: String(place.income_limits.fiscal_year),
    counted: income.counted ? 'yes' : 'no',
  });
}

type Basis = BasisFit['basis'];

/** One basis's figures under one rule set, before any words. */
interface BasisNumbers {
  fmr: number;
  /** The published 4-bedroom FMR the FMR was computed from, for a size above four; null otherwise. */
  fourBedroom: number | null;
  standard: number;
  maxGross: number;
  paysNothing: boolean;
  unit: UnitPayment | null;
}

/** The household's arithmetic under one rule set, in whole cents where yearly and whole dollars where monthly. */
interface Worked {
  rules: RuleSet;
  amounts: DeductionAmounts;
  /** The income excluded, and the income counted: the annual income less it. */
  exclusions: Exclusions;
  counted: number;
  deductions: Deductions;
  adjusted: number;
  threshold: number;
  ttp: ReturnType<typeof totalTenantPayment>;
  bases: Record<Basis, BasisNumbers | null>;
}

/** HUD rounds the Small Area FMRs it publishes to $10, the area's to the dollar. */
const FMR_ROUNDING: Record<Basis, 1 | 10> = { small_area: 10, area: 1 };

/** The FMR of a size on a basis: published up to 4 bedrooms, by HUD's rule above (largerUnitFmr); null when it is missing. */
export function fmrOfSize(rents: Rents | null, bedrooms: number, basis: Basis): number | null {
  if (bedrooms <= LARGEST_PUBLISHED_BEDROOMS) return rents?.[BEDROOMS[bedrooms] ?? 'br2'] ?? null;
  const four = rents?.br4 ?? null;
  return four === null ? null : largerUnitFmr(four, bedrooms, FMR_ROUNDING[basis]);
}

/** The FMR and the family's payment standard of a basis; null when the FMR of either size is missing. */
function standardOn(q: AnsweredQuestion, rents: Rents | null, basis: Basis): { fmr: number; standard: number } | null {
  const fmrs = [q.voucher_bedrooms, q.bedrooms].map((br) => fmrOfSize(rents, br, basis));
  const fmr = fmrOfSize(rents, smallerSize(q.voucher_bedrooms, q.bedrooms), basis);
  if (fmr === null || fmrs.includes(null)) return null;
  // 982.505(c)(2): the lower of the standards for the voucher's size and the unit's.
  return { fmr, standard: q.payment_standard ?? Math.min(...fmrs.map((f) => paymentStandard(f ?? 0, q.payment_standard_pct ?? 100))) };
}

function worked(q: AnsweredQuestion, place: VoucherPlace, rules: RuleSet): Worked {
  const amounts = place.deductionAmounts[rules];
  // The exclusions are earned income: they come off the annual and the earned income alike.
  const exclusions = excludedIncome(q.earnings_of_minors, q.student_earnings, amounts);
  const counted = cents(q.annual_income) - exclusions.total;
  const countedEarned = cents(q.earned_income) - exclusions.total;
  const { deductions, adjusted, medicalThreshold } = adjustedIncome({ ...q, annual_income: dollarsOf(counted), earned_income: dollarsOf(countedEarned) }, amounts);
  const ttp = totalTenantPayment(counted, adjusted, q.minimum_rent);
  const members: EligibleMembers = { eligible: q.eligible_members, members: q.household_size };
  const basis = (rents: Rents | null, name: Basis): BasisNumbers | null => {
    const found = standardOn(q, rents, name);
    if (!found) return null;
    const { fmr, standard } = found;
    return {
      fmr,
      fourBedroom: smallerSize(q.voucher_bedrooms, q.bedrooms) > LARGEST_PUBLISHED_BEDROOMS ? (rents?.br4 ?? null) : null,
      standard,
      maxGross: maxGrossRentAtMoveIn(standard, ttp.amount, adjusted),
      paysNothing: voucherPaysNothing(standard, ttp.amount),
      unit: q.rent_to_owner === null ? null : unitPayment(q.rent_to_owner, q.utility_allowance, standard, ttp.amount, adjusted, members),
    };
  };
  return { rules, amounts, exclusions, counted, deductions, adjusted, threshold: medicalThreshold, ttp, bases: { small_area: basis(place.fmr, 'small_area'), area: basis(place.area_fmr, 'area') } };
}

const otherBasis = (n: BasisNumbers | null): OtherBasis | null =>
  n && {
    max_gross_rent: n.maxGross,
    voucher_pays_nothing: n.paysNothing,
    housing_assistance_payment: n.unit?.housing_assistance_payment ?? null,
    family_share: n.unit?.family_share ?? null,
    passes_40_percent: n.unit?.passes_40_percent ?? null,
  };

/** The other rule set's answer when any figure a family acts on differs; null when they are all the same. */
function otherRulesOf(used: Worked, other: Worked): OtherRules | null {
  const result: OtherRules = {
    rules: other.rules,
    deduction_amounts: other.amounts,
    adjusted_income: dollarsOf(other.adjusted),
    total_tenant_payment: other.ttp.amount,
    total_tenant_payment_rule: other.ttp.rule,
    small_area: otherBasis(other.bases.small_area),
    area: otherBasis(other.bases.area),
  };
  const same =
    other.adjusted === used.adjusted &&
    other.ttp.amount === used.ttp.amount &&
    JSON.stringify([result.small_area, result.area]) === JSON.stringify([otherBasis(used.bases.small_area), otherBasis(used.bases.area)]);
  return same ? null : result;
}

/** A basis's answer in one line: what the household pays and the owner receives, or the most rent, and the other rule set's where it differs. */
function basisSummary(words: Words, q: AnsweredQuestion, name: string, n: BasisNumbers, ttp: number, adjusted: number, other: OtherBasis | null, otherRules: RuleSet | null): string {
  const unit = n.unit;
  let line: string;
  if (unit) {
    const test = testOf(unit, n.standard);
    line = words.say('summary.unit', {
      basis: name,
      payment: paymentKind(n.paysNothing, unit),
      share: words.money(unit.family_share),
      utilities: q.utility_allowance > 0 ? 'yes' : 'no',
      tenantRent: words.money(unit.tenant_rent),
      utilityAllowance: words.money(q.utility_allowance),
      reimbursement: words.money(unit.utility_reimbursement),
      hapToOwner: words.money(unit.hap_to_owner),
      test,
      // Within the payment standard the 40% test does not apply: the figures are the gross rent and the standard.
      verdict: test === 'within' ? verdict(words, unit.gross_rent, n.standard, true) : verdict(words, unit.family_share_before_proration, fortyPercentOfMonthlyAdjusted(adjusted), unit.passes_40_percent),
    });
  } else {
    line = words.say('summary.most', {
      basis: name,
      nothing: n.paysNothing ? 'yes' : 'no',
      toOwner: words.money(n.maxGross - q.utility_allowance),
      utilities: q.utility_allowance > 0 ? 'yes' : 'no',
      maxGross: words.money(n.maxGross),
      ttp: words.money(ttp),
      standard: words.money(n.standard),
    });
  }
  if (!other || !otherRules) return line;
  const approvable = (passes: boolean | null | undefined) => (passes === null || passes === undefined ? 'none' : passes ? 'yes' : 'no');
  const same = unit ? other.family_share === unit.family_share && other.passes_40_percent === unit.passes_40_percent : other.max_gross_rent === n.maxGross && other.voucher_pays_nothing === n.paysNothing;
  if (same) return line;
  return `${line} ${words.say('summary.other', {
    rules: otherRules,
    unit: unit ? 'yes' : 'no',
    share: words.money(other.family_share),
    approvable: unit && other.passes_40_percent !== unit.passes_40_percent ? approvable(other.passes_40_percent) : 'same',
    toOwner: words.money(other.max_gross_rent - q.utility_allowance),
    nothing: other.voucher_pays_nothing ? 'yes' : 'no',
  })}`;
}

function basisFit(words: Words, basis: Basis, w: Worked, q: AnsweredQuestion, market: VoucherPlace['zori_latest'], name: string, other: OtherRules | null, lead: string): BasisFit | null {
  const n = w.bases[basis];
  if (!n) return null;
  const { standard, maxGross, unit, fmr, paysNothing } = n;
  const ttp = w.ttp.amount;
  const maxToOwner = maxGross - q.utility_allowance;
  const within = market ? market.rent <= maxToOwner : null;
  const utilities = q.utility_allowance > 0 ? 'yes' : 'no';
  const size = smallerSize(q.voucher_bedrooms, q.bedrooms);
  const fortyPercent = words.money(fortyPercentOfMonthlyAdjusted(w.adjusted));
  const sentences: string[] = [];
  if (unit) {
    sentences.push(
      words.say('answer.unit', {
        basis: name,
        rent: words.money(q.rent_to_owner),
        utilities,
        grossRent: words.money(unit.gross_rent),
        payment: paymentKind(paysNothing, unit),
        familyShare: words.money(unit.family_share),
        hapToOwner: words.money(unit.hap_to_owner),
        tenantRent: words.money(unit.tenant_rent),
        reimbursement: words.money(unit.utility_reimbursement),
        test: testOf(unit, standard),
        fortyPercent,
      }),
    );
  }
  const how = q.payment_standard !== null ? 'given' : (q.payment_standard_pct ?? 0) > PAYMENT_STANDARD_PCT.basicMax ? 'exception' : 'percent';
  sentences.push(
    words.say('answer.standard', {
      unit: unit ? 'given' : 'none',
      basis: name,
      standard: words.money(standard),
      how,
      pct: String(q.payment_standard_pct),
      bedrooms: String(size),
      fmr: words.money(fmr),
      maxGross: words.money(maxGross),
      // Above the payment standard by what the 40% test leaves, or, when the voucher pays nothing, 40% of the income alone.
      extra: maxGross <= standard ? 'no' : paysNothing ? 'forty' : 'yes',
      extraAmount: words.money(maxGross - standard),
      fortyPercent,
      utilities,
      toOwner: words.money(maxToOwner),
      utilityAllowance: words.money(q.utility_allowance),
    }),
  );
  if (unit && q.eligible_members < q.household_size) {
    sentences.push(
      words.say('answer.prorated', {
        eligible: q.eligible_members,
        members: q.household_size,
        hap: words.money(unit.housing_assistance_payment),
        full: words.money(unit.hap_before_proration),
        share: words.money(unit.family_share),
        shareBefore: words.money(unit.family_share_before_proration),
      }),
    );
  }
  if (paysNothing) sentences.push(words.say('answer.nothing', { ttp: words.money(ttp), standard: words.money(standard) }));
  sentences.push(
    words.say('answer.market', {
      reach: market === null ? 'none' : within ? 'within' : 'out',
      rent: words.money(market?.rent),
      gap: words.money(market ? market.rent - maxToOwner : null),
    }),
  );
  return {
    basis,
    fmr,
    payment_standard: standard,
    voucher_pays_nothing: paysNothing,
    max_gross_rent: maxGross,
    max_rent_to_owner: maxToOwner,
    market_rent_within_reach: within,
    ...(unit ?? {
      gross_rent: null,
      housing_assistance_payment: null,
      family_share: null,
      passes_40_percent: null,
      hap_before_proration: null,
      family_share_before_proration: null,
      hap_to_owner: null,
      utility_reimbursement: null,
      tenant_rent: null,
    }),
    // The line starts with the agencies that use the basis (or the basis, as the answer's table heads its column, where none is known).
    summary: basisSummary(words, q, lead, n, ttp, w.adjusted, other?.[basis] ?? null, other?.rules ?? null),
    sentence: sentences.join(' '),
  };
}

/** The basis names of a place as the answer's explanations say them. */
const basisNames = (place: VoucherPlace, words: Words): Record<Basis, string> => ({
  small_area: words.say('answer.basis.small_area'),
  area: place.areaName ? words.say('answer.basis.area', { area: place.areaName }) : words.say('answer.basis.areaUnnamed'),
});

/** Agencies by name in a list: "Metro HRA", "MPHA and Plymouth HRA". */
const namesInWords = (agencies: readonly PlaceAgency[], words: Words) => listInWords(agencies.map((a) => a.name), words);

/** The basis names as a line's head says them, short: the table beside the lines names the area. */
const headNames = (words: Words): Record<Basis, string> => ({ small_area: words.say('answer.basis.small_area'), area: words.say('answer.basis.areaUnnamed') });

/**
 * Each basis's lead (CONTRACT-NOTES, "The answer names the agencies"): where an agency that serves the county
 * says which FMR it uses, the line names the agencies that use the basis ("Metro HRA uses the Small Area FMR"), or
 * says "if your housing authority uses" it when none does; where none says, the basis alone, as the table heads it.
 * The agencies' areas follow the bases in a line of their own (areasLine), so both bases' figures stay on a phone's
 * first screen.
 */
function basisLeads(words: Words, agencies: readonly PlaceAgency[]): Record<Basis, string> {
  const names = headNames(words);
  const known = agencies.filter((a) => a.payment_standard_basis !== null);
  const lead = (basis: Basis): string => {
    if (known.length === 0) return words.say(`fit.table.${basis}`);
    const users = known.filter((a) => a.payment_standard_basis === basis);
    if (users.length === 0) return words.say('summary.head.other', { basis: names[basis] });
    return words.say('summary.head.uses', { agencies: namesInWords(users, words), count: users.length, basis: names[basis] });
  };
  return { small_area: lead('small_area'), area: lead('area') };
}

/** The lines for the Moving to Work agencies that serve the county and work out their subsidy their own way: what they pay can differ from HUD's arithmetic. */
const ownRulesLines = (words: Words, agencies: readonly PlaceAgency[]) => agencies.filter((a) => a.own_rules_url !== null).map((a) => words.say('summary.mtw', { name: a.name }));

/** Who serves which part of the county, in one line ("Which one serves you depends on the city you live in: …"); null without agencies. */
function areasLine(words: Words, agencies: readonly PlaceAgency[]): string | null {
  if (agencies.length === 0) return null;
  const each = agencies.map((a) => words.say('summary.agencyArea', { name: a.name, area: a.serves }));
  // By semicolons where the parts hold commas of their own ("… except Bloomington, Plymouth …").
  return words.say('summary.areas', { count: agencies.length, list: listInWords(each, words, each.length > 2 || each.some((e) => e.includes(',')) ? 'semi' : 'and') });
}

/** The line for the agencies that serve the county without saying which FMR they use; null where there are none, or where none says. */
function unknownBasisLine(words: Words, agencies: readonly PlaceAgency[]): string | null {
  const unknown = agencies.filter((a) => a.payment_standard_basis === null);
  if (unknown.length === 0 || unknown.length === agencies.length) return null;
  return words.say('summary.unknownBasis', { agencies: namesInWords(unknown, words), count: unknown.length });
}

/**
 * Which agencies of the county use which FMR, in sentences by their names (the list of who runs vouchers
 * below says each one's area): what a ZIP page says before the household asks. None where no agency that
 * serves the county says which it uses.
 */
export function agencyBasisSentences(place: VoucherPlace, words: Words): string[] {
  if (!place.agencies.some((a) => a.payment_standard_basis !== null)) return [];
  const names = headNames(words);
  const uses = (['small_area', 'area'] as const).flatMap((basis) => {
    const users = place.agencies.filter((a) => a.payment_standard_basis === basis);
    return users.length === 0 ? [] : [words.say('compare.agencyBasis', { agencies: namesInWords(users, words), count: users.length, basis: names[basis] })];
  });
  const unknown = unknownBasisLine(words, place.agencies);
  return [...uses, ...(unknown === null ? [] : [unknown])];
}

/** The deductions step, in HUD's order: dependents, the family, child care, then disability assistance and medical expenses past the threshold. */
function deductionStep(words: Words, w: Worked, q: AnsweredQuestion, deductions: DeductionDollars): string {
  const { amounts } = w;
  const money = (whole: number) => words.money(dollarsOf(whole));
  const threshold = money(w.threshold);
  const pct = String(amounts.medical_threshold_pct);
  const parts = [
    deductions.dependents > 0 ? words.say('step.deduction.dependents', { count: q.dependents, each: words.money(amounts.dependent), amount: words.money(deductions.dependents) }) : null,
    deductions.elderly_or_disabled_family > 0 ? words.say('step.deduction.elderly', { amount: words.money(deductions.elderly_or_disabled_family) }) : null,
    q.child_care > 0
      ? (() => {
          // What the arithmetic deducted for care that lets a member work: the child-care deduction less the care for study.
          const forWork = deductions.child_care - q.child_care_for_study;
          return words.say('step.deduction.childCare', { amount: words.money(forWork), capped: forWork < q.child_care ? 'yes' : 'no', earned: words.money(q.earned_income) });
        })()
      : null,
    q.child_care_for_study > 0 ? words.say('step.deduction.childCareStudy', { amount: words.money(q.child_care_for_study) }) : null,
    q.disability_assistance_expenses > 0
      ? words.say('step.deduction.disability', {
          expenses: words.money(q.disability_assistance_expenses),
          threshold,
          pct,
          capped: cents(q.disability_assistance_expenses) - w.threshold > cents(q.earned_income) ? 'yes' : 'no',
          earned: words.money(q.earned_income),
          amount: words.money(deductions.disability_assistance),
        })
      : null,
    q.elderly_or_disabled && q.medical_expenses > 0
      ? words.say('step.deduction.medical', {
          expenses: words.money(q.medical_expenses),
          after: q.disability_assistance_expenses > 0 ? 'yes' : 'no',
          left: money(Math.max(0, w.threshold - cents(q.disability_assistance_expenses))),
          threshold,
          pct,
          amount: words.money(deductions.medical),
        })
      : null,
  ].filter((part): part is string => part !== null);
  return words.say('step.deductions', {
    rules: w.rules,
    year: String(amounts.year ?? ''),
    count: parts.length,
    // The deductions are a list of amounts, one a clause, set apart as the step's own punctuation.
    parts: parts.join('; '),
    total: words.money(deductions.total),
  });
}

/** The exclusions step: the pay of minors and of students left out, and the income counted. */
function exclusionStep(words: Words, w: Worked, q: AnsweredQuestion): string {
  const money = (whole: number) => words.money(dollarsOf(whole));
  const parts = [
    w.exclusions.earnings_of_minors > 0 ? words.say('step.exclusion.minors', { amount: money(w.exclusions.earnings_of_minors) }) : null,
    q.student_earnings.length > 0 ? words.say('step.exclusion.students', { count: q.student_earnings.length, each: words.money(w.amounts.dependent), amount: money(w.exclusions.student_earnings) }) : null,
  ].filter((part): part is string => part !== null);
  return words.say('step.exclusions', { parts: parts.join('; '), income: words.money(q.annual_income), excluded: money(w.exclusions.total), counted: money(w.counted) });
}

/** Above 8 persons: the limits by HUD's rule, and the extremely low limit with the poverty guideline (24 CFR 5.603). */
function limitsAboveEightStep(words: Words, limits: LimitsForSize, byRule: number, guideline: PovertyGuideline | null, size: number): string {
  return words.say('step.limitsAboveEight', {
    size,
    veryLow: words.money(limits.very_low),
    guideline: guideline === null ? 'none' : 'yes',
    extremelyLow: words.money(limits.extremely_low),
    byRule: words.money(byRule),
    year: String(guideline?.year ?? ''),
    poverty: guideline === null ? '' : words.money(povertyGuideline(guideline, size)),
  });
}

function assumptionsOf(words: Words, q: AnsweredQuestion, asked: Partial<VoucherQuestion>): string[] {
  const not = (key: keyof VoucherQuestion) => asked[key] === undefined;
  return [
    not('rules') ? words.say('assumed.rules', { rules: q.rules }) : null,
    not('dependents') ? words.say('assumed.dependents') : null,
    not('elderly_or_disabled') ? words.say('assumed.elderly') : null,
    not('child_care') && not('child_care_for_study') ? words.say('assumed.childCare') : null,
    not('earned_income') ? words.say('assumed.earned') : null,
    not('earnings_of_minors') && not('student_earnings') ? words.say('assumed.exclusions') : null,
    not('eligible_members') ? words.say('assumed.eligibleMembers') : null,
    q.elderly_or_disabled && not('medical_expenses') ? words.say('assumed.medical') : null,
    q.medical_expenses + q.disability_assistance_expenses > 0 ? words.say('assumed.newFamily') : null,
    not('minimum_rent') ? words.say('assumed.minimumRent', { amount: words.money(MINIMUM_RENT.default) }) : null,
    not('payment_standard_pct') && not('payment_standard') ? words.say('assumed.paymentStandard', { pct: String(PAYMENT_STANDARD_PCT.default) }) : null,
    not('utility_allowance') ? words.say('assumed.utilityAllowance', { zero: words.money(0) }) : null,
    not('voucher_bedrooms') ? words.say('assumed.voucherBedrooms', { bedrooms: String(q.voucher_bedrooms) }) : null,
    not('bedrooms') ? words.say('assumed.bedrooms') : null,
    words.say('assumed.always'),
  ].filter((line): line is string => line !== null);
}

/** Each amount of whole cents in dollars, under the same names. */
const dollarsOfEach = <T extends Deductions | Exclusions>(d: T): Record<keyof T, number> => Object.fromEntries(Object.entries(d).map(([k, v]: [string, number]) => [k, dollarsOf(v)])) as Record<keyof T, number>;

/** The whole answer for one ZIP code, its sentences in the language of `words`. */
export function voucherFit(place: VoucherPlace, question: Partial<VoucherQuestion>, words: Words): VoucherFit {
  const q = checkedQuestion(question, place.rulesInForce, words);
  const given = (key: keyof VoucherQuestion) => question[key] !== undefined;
  const il = place.income_limits;
  const limits = il ? limitsForSize(il, q.household_size, place.povertyGuideline) : null;
  const w = worked(q, place, q.rules);
  // The limits are compared with the income HUD counts: the annual income less what it excludes.
  const counted = dollarsOf(w.counted);
  const tier = limits ? tierOf(counted, limits) : null;
  const judged: JudgedIncome = { amount: counted, counted: w.exclusions.total > 0 };
  // Above 8 persons: HUD's rule on the 4-person extremely low limit, the figure the poverty guideline is weighed against.
  const aboveEight = il && limits && q.household_size > LARGEST_PUBLISHED ? limitsAboveEightStep(words, limits, limitAboveEight(il.extremely_low['4'], q.household_size), place.povertyGuideline, q.household_size) : null;
  // The other rule set only when the household did not say which applies: then both answers are the housing authority's to choose from.
  const other = given('rules') ? null : otherRulesOf(w, worked(q, place, q.rules === 'hotma' ? 'before_hotma' : 'hotma'));
  const deductions = dollarsOfEach(w.deductions);
  const annualCents = cents(q.annual_income);
  const ttp = w.ttp;
  const names = basisNames(place, words);
  const agencies = place.agencies;
  const leads = basisLeads(words, agencies);
  const smallArea = basisFit(words, 'small_area', w, q, place.zori_latest, names.small_area, other, leads.small_area);
  const area = basisFit(words, 'area', w, q, place.zori_latest, names.area, other, leads.area);
  const unknownBasis = unknownBasisLine(words, agencies);
  const areas = areasLine(words, agencies);
  const without = rentAt30Percent(annualCents);
  const sizes =
    q.voucher_bedrooms === q.bedrooms
      ? words.say('answer.sizes.same', { bedrooms: String(q.bedrooms) })
      : words.say('answer.sizes.different', { voucher: String(q.voucher_bedrooms), unit: String(q.bedrooms) });
  const missing = (basis: Basis) => words.say(`answer.noFmr.${basis}`, { bedrooms: String(smallerSize(q.voucher_bedrooms, q.bedrooms)), zip: place.zip });
  const c = ttp.candidates;
  const rulesSentence = words.say('answer.rules', {
    rules: q.rules,
    given: given('rules') ? 'yes' : 'no',
    other: other ? 'differs' : 'same',
    otherAdjusted: words.money(other?.adjusted_income),
    otherTtp: words.money(other?.total_tenant_payment),
  });
  return {
    zip: place.zip,
    ...q,
    rules_assumed: !given('rules'),
    rules_in_force: place.rulesInForce,
    earned_income_assumed: !given('earned_income'),
    bedrooms_assumed: !given('bedrooms') && !given('voucher_bedrooms'),
    voucher_bedrooms_assumed: !given('voucher_bedrooms'),
    deduction_amounts: w.amounts,
    exclusions: dollarsOfEach(w.exclusions),
    counted_income: counted,
    medical_threshold: dollarsOf(w.threshold),
    deductions,
    adjusted_income: dollarsOf(w.adjusted),
    total_tenant_payment: ttp.amount,
    total_tenant_payment_rule: ttp.rule,
    rent_at_30_percent_without_voucher: without,
    income_limits:
      il && limits
        ? {
            fiscal_year: il.fiscal_year,
            effective_date: il.effective_date,
            hud_area_code: il.hud_area_code,
            hud_area_name: il.hud_area_name,
            ...limits,
            poverty_guideline: q.household_size > LARGEST_PUBLISHED && place.povertyGuideline !== null ? povertyGuideline(place.povertyGuideline, q.household_size) : null,
          }
        : null,
    eligible: tier === null ? null : tier === 'extremely_low' || tier === 'very_low',
    tier,
    market_rent: place.zori_latest,
    small_area: smallArea,
    area,
    other_rules: other,
    agencies,
    summary: [
      eligibilitySummary(words, place, q.household_size, judged, limits, tier),
      ...(q.eligible_members < q.household_size ? [words.say('summary.mixed', { eligible: q.eligible_members, members: q.household_size })] : []),
      smallArea?.summary ?? missing('small_area'),
      area?.summary ?? missing('area'),
      ...ownRulesLines(words, agencies),
      ...(areas === null ? [] : [areas]),
      ...(unknownBasis === null ? [] : [unknownBasis]),
    ],
    sentences: [
      eligibilitySentence(words, place, q.household_size, judged, limits, tier),
      rulesSentence,
      words.say('answer.ttp', { amount: words.money(ttp.amount), rule: ttp.rule }),
      ...(ttp.rule === 'minimum_rent' ? [words.say('answer.hardship', { amount: words.money(ttp.amount) })] : []),
      sizes,
      smallArea?.sentence ?? missing('small_area'),
      area?.sentence ?? missing('area'),
      words.say('answer.without', { rent: words.money(without) }),
    ],
    steps: [
      ...(w.exclusions.total > 0 ? [exclusionStep(words, w, q)] : []),
      ...(aboveEight === null ? [] : [aboveEight]),
      deductionStep(words, w, q, deductions),
      words.say('step.adjusted', { income: words.money(counted), deductions: words.money(deductions.total), adjusted: words.money(dollarsOf(w.adjusted)) }),
      words.say('step.ttp', {
        adjusted30: words.money(c.adjusted_income_30_percent),
        gross10: words.money(c.annual_income_10_percent),
        minimumRent: words.money(c.minimum_rent),
        ttp: words.money(ttp.amount),
      }),
      ...(['small_area', 'area'] as const).flatMap((basis) => {
        const n = w.bases[basis];
        return n?.fourBedroom == null ? [] : [words.say('step.largerUnit', { basis: names[basis], bedrooms: String(smallerSize(q.voucher_bedrooms, q.bedrooms)), four: words.money(n.fourBedroom), fmr: words.money(n.fmr), step: words.money(FMR_ROUNDING[basis]) })];
      }),
    ],
    assumptions: assumptionsOf(words, q, question),
  };
}

/** The rule in one sentence, for llms.txt and the agent server (English: they are for programs). */
export const FORTY_PERCENT_RULE =
  'A household is eligible for a Housing Choice Voucher when its gross income is at or below the very low limit for its size; ' +
  'at move-in it can lease a unit whose gross rent is at most the larger of the payment standard and 40% of its monthly adjusted income plus what the voucher pays (the payment standard less its total tenant payment, when positive): the 40% rule.';

/** Both rule sets' amounts on the data's date, in words, the one in force by default first. */
export function deductionAmountsInWords(place: Pick<VoucherPlace, 'rulesInForce' | 'deductionAmounts'>, words: Words): string {
  const amounts = (rules: RuleSet) => {
    const row = place.deductionAmounts[rules];
    return { dependent: words.money(row.dependent), elderly: words.money(row.elderly_or_disabled_family), pct: String(row.medical_threshold_pct), year: String(row.year ?? '') };
  };
  const before = amounts('before_hotma');
  const hotma = amounts('hotma');
  return words.say('rules.deductionsNow', {
    inForce: place.rulesInForce.rules,
    beforeDependent: before.dependent,
    beforeElderly: before.elderly,
    beforePct: before.pct,
    hotmaDependent: hotma.dependent,
    hotmaElderly: hotma.elderly,
    hotmaPct: hotma.pct,
    year: hotma.year,
  });
}
