// "Can this household use a voucher here?": eligibility by HUD's income limits and the most rent it
// can lease at move-in under the 40% rule, on both FMR bases (CONTRACT-NOTES, "Eligibility and the
// 40% rule"). Pure and free of zod: the ZIP page's form runs it in the browser, the agent server's
// voucher_fit tool on the server, so both give the same numbers and the same sentences.
import { BEDROOMS } from './bedrooms.ts';
import { HOUSEHOLD_SIZES } from './household.ts';
import { areaShortName, money } from './present.ts';
import type { BedroomRents, HudArea, IncomeLimits } from './schemas.ts';

/** The largest household HUD publishes limits for; above it the very low and low limits follow HUD's rule. */
const LARGEST_PUBLISHED = HOUSEHOLD_SIZES.length;
/** The largest household the answer is given for: past it the question is the housing authority's. */
export const MAX_HOUSEHOLD_SIZE = 20;
/** The range a housing authority may set its payment standard in, percent of the FMR. */
export const PAYMENT_STANDARD_PCT = { min: 90, max: 110, default: 100 } as const;
/** More income than this is not a question about vouchers; it is a typing error. */
const MAX_ANNUAL_INCOME = 10_000_000;
const MAX_UTILITY_ALLOWANCE = 5_000;

export type Tier = 'extremely_low' | 'very_low' | 'low' | 'above_low';

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
export function limitsForSize(limits: Pick<IncomeLimits, 'extremely_low' | 'very_low' | 'low'>, householdSize: number): LimitsForSize {
  if (householdSize <= LARGEST_PUBLISHED) {
    const key = String(householdSize) as keyof IncomeLimits['very_low'];
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

/** The payment standard: the FMR times the housing authority's percentage, whole dollars, half away from zero. */
export function paymentStandard(fmr: number, percent: number): number {
  // Tenths of a percent keep the product whole: 1,709 × 100.0% = 1,709,000 / 1,000.
  const product = fmr * Math.round(percent * 10);
  return Math.floor((2 * product + 1_000) / 2_000);
}

/** A tenth of the monthly income, rounded down: what the 40% rule adds to the payment standard. */
const tenthOfMonthlyIncome = (annualIncome: number) => Math.floor(annualIncome / 120);

export interface VoucherQuestion {
  householdSize: number;
  /** Yearly income in dollars; the answer treats it as the adjusted income, which the housing authority computes. */
  annualIncome: number;
  /** 0 (studio) to 4; by default two persons a bedroom. */
  bedrooms?: number;
  /** The housing authority's payment standard as a percentage of the FMR, 90 to 110; 100 when not known. */
  paymentStandardPct?: number;
  /** The tenant-paid utility allowance, dollars a month; 0 when not given. */
  utilityAllowance?: number;
}

/** What the answer needs of a ZIP code (its published record). */
export interface VoucherPlace {
  zip: string;
  /** The county as people say it: "Hennepin County", "Orleans Parish". */
  county: string;
  fmr: BedroomRents;
  area_fmr: BedroomRents | null;
  /** The first HUD area's name, for the area basis. */
  areaName: string | null;
  zori_latest: { month: string; rent: number } | null;
  income_limits: IncomeLimits | null;
}

/** What the answer needs, from a ZIP code's record or its JSON (the page and the agent server alike). */
export function voucherPlaceOf(zip: Omit<VoucherPlace, 'areaName' | 'county'> & { hud_areas: readonly Pick<HudArea, 'name'>[] }, countyLabel: string): VoucherPlace {
  const first = zip.hud_areas[0];
  return {
    zip: zip.zip,
    county: countyLabel,
    fmr: zip.fmr,
    area_fmr: zip.area_fmr,
    areaName: first ? areaShortName(first.name) : null,
    zori_latest: zip.zori_latest,
    income_limits: zip.income_limits,
  };
}

export interface BasisFit {
  basis: 'small_area' | 'area';
  fmr: number;
  payment_standard: number;
  /** The most gross rent (rent plus utilities) the household can lease at move-in. */
  max_gross_rent: number;
  /** That minus the utility allowance: the most rent to the owner. */
  max_rent_to_owner: number;
  /** The market rent index compared with the most rent to the owner; null without a market rent. */
  market_rent_within_reach: boolean | null;
  sentence: string;
}

export interface VoucherFit {
  zip: string;
  household_size: number;
  annual_income: number;
  bedrooms: number;
  /** True when the bedrooms were not given and follow the household size. */
  bedrooms_assumed: boolean;
  payment_standard_pct: number;
  utility_allowance: number;
  /** The limits that apply to this household; null where HUD's file has none for the county. */
  income_limits: (LimitsForSize & Pick<IncomeLimits, 'fiscal_year' | 'effective_date' | 'hud_area_code' | 'hud_area_name'>) | null;
  /** Null where there are no limits to judge by. */
  eligible: boolean | null;
  tier: Tier | null;
  market_rent: { month: string; rent: number } | null;
  small_area: BasisFit | null;
  area: BasisFit | null;
  /** The answer in plain words, in the order a person reads it: eligibility, each basis, what the housing authority decides. */
  sentences: string[];
}

/** A question that cannot be answered as asked: the sentence says what to change. */
export class VoucherQuestionError extends Error {}

/** Two persons a bedroom (studio never assumed), as most housing authorities' subsidy standards start. */
const defaultBedrooms = (householdSize: number) => Math.min(BEDROOMS.length - 1, Math.max(1, Math.ceil(householdSize / 2)));

const persons = (n: number) => `${n} person${n === 1 ? '' : 's'}`;
const bedroomWords = (br: number) => (br === 0 ? 'a studio' : `${br} bedroom${br === 1 ? '' : 's'}`);

/** The question checked and filled in with its defaults; a value out of range is a VoucherQuestionError naming it. */
function checkedQuestion(q: VoucherQuestion): Required<VoucherQuestion> & { bedroomsAssumed: boolean } {
  const whole = (value: number, name: string, min: number, max: number) => {
    if (!Number.isInteger(value) || value < min || value > max) throw new VoucherQuestionError(`${name} must be a whole number from ${min} to ${max}, not ${String(value)}.`);
    return value;
  };
  const within = (value: number, name: string, min: number, max: number) => {
    if (!Number.isFinite(value)) throw new VoucherQuestionError(`${name} must be a number, in digits.`);
    if (value < min || value > max) throw new VoucherQuestionError(`${name} must be from ${min} to ${max}, not ${String(value)}.`);
    return value;
  };
  const householdSize = whole(q.householdSize, 'The household size', 1, MAX_HOUSEHOLD_SIZE);
  const annualIncome = within(q.annualIncome, 'The yearly income', 0, MAX_ANNUAL_INCOME);
  const bedrooms = q.bedrooms === undefined ? defaultBedrooms(householdSize) : whole(q.bedrooms, 'Bedrooms', 0, BEDROOMS.length - 1);
  const paymentStandardPct = within(q.paymentStandardPct ?? PAYMENT_STANDARD_PCT.default, 'The payment standard percentage', PAYMENT_STANDARD_PCT.min, PAYMENT_STANDARD_PCT.max);
  if (Math.abs(paymentStandardPct * 10 - Math.round(paymentStandardPct * 10)) > 1e-9) throw new VoucherQuestionError(`The payment standard percentage takes one decimal at most, not ${paymentStandardPct}.`);
  const utilityAllowance = within(q.utilityAllowance ?? 0, 'The utility allowance', 0, MAX_UTILITY_ALLOWANCE);
  return { householdSize, annualIncome, bedrooms, paymentStandardPct, utilityAllowance, bedroomsAssumed: q.bedrooms === undefined };
}

function eligibilitySentence(place: VoucherPlace, size: number, income: number, limits: LimitsForSize | null, tier: Tier | null): string {
  const who = `A household of ${persons(size)} with ${money(income)} a year`;
  if (!limits || !place.income_limits || tier === null) {
    return `HUD's income-limit file has no limits for ${place.county}, so this site cannot say whether ${who.charAt(0).toLowerCase()}${who.slice(1)} is eligible: ask the housing authority.`;
  }
  const year = `FY${place.income_limits.fiscal_year}`;
  if (tier === 'extremely_low') {
    return `${who} is eligible for a Housing Choice Voucher here, in the extremely low income tier that most new vouchers go to: its income is at or below the ${year} extremely low limit of ${money(limits.extremely_low)}.`;
  }
  if (tier === 'very_low') {
    const eli =
      limits.extremely_low === null
        ? ` HUD publishes no extremely low limit above 8 persons: the housing authority sets it.`
        : ` It is above the extremely low limit (${money(limits.extremely_low)}), the tier most new vouchers go to.`;
    return `${who} is eligible for a Housing Choice Voucher here: its income is at or below the ${year} very low income limit of ${money(limits.very_low)}.${eli}`;
  }
  const other = tier === 'low' ? ` It is within the low income limit (${money(limits.low)}) that other housing programs use.` : ` It is also above the low income limit (${money(limits.low)}) that other housing programs use.`;
  return `${who} is not eligible for a Housing Choice Voucher here: its income is above the ${year} very low income limit of ${money(limits.very_low)}.${other}`;
}

function basisFit(basis: BasisFit['basis'], fmr: number | null, q: ReturnType<typeof checkedQuestion>, market: VoucherPlace['zori_latest'], name: string): BasisFit | null {
  if (fmr === null) return null;
  const standard = paymentStandard(fmr, q.paymentStandardPct);
  const tenth = tenthOfMonthlyIncome(q.annualIncome);
  const maxGross = standard + tenth;
  const maxToOwner = maxGross - q.utilityAllowance;
  const within = market ? market.rent <= maxToOwner : null;
  const pct = `${q.paymentStandardPct}% of the ${q.bedrooms === 0 ? 'studio' : `${q.bedrooms}-bedroom`} FMR of ${money(fmr)}`;
  const market_ = market
    ? within
      ? ` The market rent index here (${money(market.rent)}) is within reach.`
      : ` The market rent index here (${money(market.rent)}) is out of reach by ${money(market.rent - maxToOwner)}.`
    : ' There is no market rent index here to compare it with.';
  const owner = q.utilityAllowance > 0 ? `, ${money(maxToOwner)} to the owner after the ${money(q.utilityAllowance)} utility allowance` : '';
  const sentence =
    `On the ${name}, the payment standard is ${money(standard)} (${pct}); at move-in the household can lease a gross rent of at most ${money(maxGross)} ` +
    `(${money(standard)} + ${money(tenth)}, a tenth of its monthly income)${owner}.${market_}`;
  return { basis, fmr, payment_standard: standard, max_gross_rent: maxGross, max_rent_to_owner: maxToOwner, market_rent_within_reach: within, sentence };
}

/** The whole answer for one ZIP code. */
export function voucherFit(place: VoucherPlace, question: VoucherQuestion): VoucherFit {
  const q = checkedQuestion(question);
  const il = place.income_limits;
  const limits = il ? limitsForSize(il, q.householdSize) : null;
  const tier = limits ? tierOf(q.annualIncome, limits) : null;
  const br = BEDROOMS[q.bedrooms] ?? 'br2';
  const smallArea = basisFit('small_area', place.fmr[br], q, place.zori_latest, 'Small Area FMR');
  const area = basisFit('area', place.area_fmr?.[br] ?? null, q, place.zori_latest, place.areaName ? `area FMR (${place.areaName})` : 'area FMR');
  const rooms = q.bedroomsAssumed ? `${bedroomWords(q.bedrooms)} (two persons a bedroom; the housing authority's subsidy standard decides)` : bedroomWords(q.bedrooms);
  const missing = (what: string) => `There is no ${bedroomWords(q.bedrooms)} ${what} for ${place.zip}.`;
  const utility = q.utilityAllowance > 0 ? `the ${money(q.utilityAllowance)} utility allowance given` : 'the utility allowance (none was given, so $0 is used)';
  return {
    zip: place.zip,
    household_size: q.householdSize,
    annual_income: q.annualIncome,
    bedrooms: q.bedrooms,
    bedrooms_assumed: q.bedroomsAssumed,
    payment_standard_pct: q.paymentStandardPct,
    utility_allowance: q.utilityAllowance,
    income_limits: il && limits ? { fiscal_year: il.fiscal_year, effective_date: il.effective_date, hud_area_code: il.hud_area_code, hud_area_name: il.hud_area_name, ...limits } : null,
    eligible: tier === null ? null : tier === 'extremely_low' || tier === 'very_low',
    tier,
    market_rent: place.zori_latest,
    small_area: smallArea,
    area,
    sentences: [
      eligibilitySentence(place, q.householdSize, q.annualIncome, limits, tier),
      `For ${rooms}:`,
      smallArea?.sentence ?? missing('Small Area FMR'),
      area?.sentence ?? missing('area FMR'),
      `The housing authority computes the adjusted income (deductions make it lower than gross income, and the most rent lower with it) and ${utility}; ` +
        'the 40% rule applies when the gross rent is above the payment standard.',
    ],
  };
}

/** The rule in one sentence, for pages without the form. */
export const FORTY_PERCENT_RULE =
  'A household is eligible for a Housing Choice Voucher when its income is at or below the very low limit for its size; ' +
  'at move-in it can lease a unit whose gross rent is at most the payment standard plus a tenth of its monthly adjusted income (the 40% rule).';
