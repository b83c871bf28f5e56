// HUD's arithmetic for a Housing Choice Voucher, step by step (CONTRACT-NOTES, "The housing
// authority's arithmetic"): adjusted income, total tenant payment, the family's payment standard,
// the housing assistance payment and the 40% test, and the housing wage. Numbers only, no words
// (voucher-fit.ts writes them), and no imports: the ZIP page's form, the agent server and the typed
// client all run these same functions.
//
// Money is counted in whole cents, so every comparison and rounding is exact: 30% of a monthly
// income is `cents / 4000` dollars, and 0.3 × 39,000 / 12 in floating point is not 975.

/** The amounts of 24 CFR 5.611 for one calendar year, with where they come from. */
export interface DeductionAmounts {
  /** The calendar year the amounts apply to; null for the rule before HOTMA. */
  year: number | null;
  /** The first day they apply (a build on or after it uses them, until the next row's). */
  from: string;
  /** Per dependent, dollars a year. */
  dependent: number;
  /** Once per elderly or disabled family, dollars a year. */
  elderly_or_disabled_family: number;
  /** Medical and disability assistance expenses count above this percent of annual income. */
  medical_threshold_pct: number;
  source: string;
}

/**
 * Each year's amounts, oldest first. Next year's row goes at the end when HUD publishes it (in the
 * autumn before; CONTRIBUTING, "Next year's deductions"). HOTMA's final rule (88 FR 9600, 14 February
 * 2023) took effect on 1 January 2024 and indexes both deductions to inflation, rounded down to a
 * multiple of $25 (24 CFR 5.611(b)); HUD gave housing authorities until 1 January 2025 to apply it
 * (Notice PIH 2023-27), so one that has not yet applied it still uses the row before HOTMA.
 */
export const DEDUCTION_AMOUNTS: readonly DeductionAmounts[] = [
  {
    year: null,
    from: '1900-01-01',
    dependent: 480,
    elderly_or_disabled_family: 400,
    medical_threshold_pct: 3,
    source: '24 CFR 5.611(a) before HOTMA',
  },
  {
    year: 2024,
    from: '2024-01-01',
    dependent: 480,
    elderly_or_disabled_family: 525,
    medical_threshold_pct: 10,
    source: "24 CFR 5.611(a) as amended by HOTMA's final rule, 88 FR 9600 (14 February 2023)",
  },
  {
    year: 2025,
    from: '2025-01-01',
    dependent: 480,
    elderly_or_disabled_family: 525,
    medical_threshold_pct: 10,
    source: "HUD's HOTMA inflationary adjustments for calendar year 2025 (24 CFR 5.611(b))",
  },
  {
    year: 2026,
    from: '2026-01-01',
    dependent: 500,
    elderly_or_disabled_family: 550,
    medical_threshold_pct: 10,
    source: "HUD's HOTMA inflationary adjustments for calendar year 2026 (24 CFR 5.611(b))",
  },
];

/** The amounts in effect on a date (`YYYY-MM-DD`): the newest row that starts on or before it. */
export function deductionAmountsOn(date: string, table: readonly DeductionAmounts[] = DEDUCTION_AMOUNTS): DeductionAmounts {
  let found: DeductionAmounts | undefined;
  for (const row of table) if (row.from <= date) found = row;
  if (!found) throw new Error(`no deduction amounts in effect on ${date}`);
  return found;
}

/** Dollars to whole cents; the callers have checked the value has two decimals at most. */
export const cents = (dollars: number): number => Math.round(dollars * 100);
/** Whole cents back to dollars (two decimals at most). */
export const dollarsOf = (whole: number): number => whole / 100;

/** What the household told, dollars a year (24 CFR 5.609, 5.611), under the names of the voucher_fit answer. */
export interface HouseholdIncome {
  annual_income: number;
  dependents: number;
  elderly_or_disabled: boolean;
  child_care: number;
  /** Caps the child-care deduction and the disability assistance expenses. */
  earned_income: number;
  /** Elderly or disabled families only. */
  medical_expenses: number;
  /** Attendant care and auxiliary apparatus that let a member work. */
  disability_assistance_expenses: number;
}

/** Each deduction, whole cents a year. */
export interface Deductions {
  dependents: number;
  elderly_or_disabled_family: number;
  child_care: number;
  medical_and_disability: number;
  total: number;
}

/** Adjusted income (24 CFR 5.611), in whole cents a year: annual income less each deduction, never below 0. */
export function adjustedIncome(household: HouseholdIncome, amounts: DeductionAmounts): { deductions: Deductions; adjusted: number; medicalThreshold: number } {
  const annual = cents(household.annual_income);
  const earned = cents(household.earned_income);
  const dependents = household.dependents * cents(amounts.dependent);
  const elderly = household.elderly_or_disabled ? cents(amounts.elderly_or_disabled_family) : 0;
  // 5.611(a)(4): child care that lets a member work counts up to what that work earns.
  const childCare = Math.min(cents(household.child_care), earned);
  // 5.611(a)(3)(i): the two kinds of expense together count above the threshold; disability
  // assistance only up to the earnings it makes possible. The threshold is rounded up to the cent.
  const medicalThreshold = Math.ceil((annual * amounts.medical_threshold_pct) / 100);
  const expenses = (household.elderly_or_disabled ? cents(household.medical_expenses) : 0) + Math.min(cents(household.disability_assistance_expenses), earned);
  const medical = Math.max(0, expenses - medicalThreshold);
  const total = dependents + elderly + childCare + medical;
  return {
    deductions: { dependents, elderly_or_disabled_family: elderly, child_care: childCare, medical_and_disability: medical, total },
    adjusted: Math.max(0, annual - total),
    medicalThreshold,
  };
}

export type TenantPaymentRule = 'adjusted_income_30_percent' | 'annual_income_10_percent' | 'minimum_rent';

/** A non-negative whole-cent amount divided by a whole number, to whole dollars, half away from zero. */
const roundedDollars = (wholeCents: number, divisor: number): number => Math.floor((wholeCents + divisor * 50) / (divisor * 100));

/**
 * Total tenant payment (24 CFR 5.628), whole dollars a month: the greatest of 30% of monthly
 * adjusted income, 10% of monthly annual income and the minimum rent. A tie names the first of
 * those. Welfare rent (as-paid programs only) is not one of the candidates.
 */
export function totalTenantPayment(annualIncome: number, adjusted: number, minimumRent: number): { amount: number; rule: TenantPaymentRule; candidates: Record<TenantPaymentRule, number> } {
  const candidates: Record<TenantPaymentRule, number> = {
    // 30% a year over 12 months: a 40th of the yearly amount.
    adjusted_income_30_percent: roundedDollars(adjusted, 40),
    annual_income_10_percent: roundedDollars(annualIncome, 120),
    minimum_rent: minimumRent,
  };
  let rule: TenantPaymentRule = 'adjusted_income_30_percent';
  for (const candidate of ['annual_income_10_percent', 'minimum_rent'] as const) if (candidates[candidate] > candidates[rule]) rule = candidate;
  return { amount: candidates[rule], rule, candidates };
}

/** The payment standard: the FMR times the housing authority's percentage, whole dollars, half away from zero. */
export function paymentStandard(fmr: number, percent: number): number {
  // Tenths of a percent keep the product whole: 1,709 × 100.0% = 1,709,000 / 1,000.
  const product = fmr * Math.round(percent * 10);
  return Math.floor((2 * product + 1_000) / 2_000);
}

/** Which unit size the family's payment standard and utility allowance follow (24 CFR 982.505(c)(2), 982.517(d)). */
export const smallerSize = (voucherBedrooms: number, unitBedrooms: number): number => Math.min(voucherBedrooms, unitBedrooms);

/** A unit's answer on one basis, whole dollars a month. */
export interface UnitPayment {
  gross_rent: number;
  housing_assistance_payment: number;
  family_share: number;
  /** At move-in a gross rent above the payment standard may cost the family at most 40% of its monthly adjusted income; true when it is not above. */
  passes_40_percent: boolean;
}

/** For one unit (24 CFR 982.505(c), 982.508): HAP is the lower of (PS − TTP) and (gross − TTP), never below 0. */
export function unitPayment(rentToOwner: number, utilityAllowance: number, standard: number, ttp: number, adjusted: number): UnitPayment {
  const gross = rentToOwner + utilityAllowance;
  const hap = Math.max(0, Math.min(standard - ttp, gross - ttp));
  const share = gross - hap;
  // 40% of a month's adjusted income is a 30th of the year's: share ≤ adjusted / 30, in cents.
  return { gross_rent: gross, housing_assistance_payment: hap, family_share: share, passes_40_percent: gross <= standard || share * 3_000 <= adjusted };
}

/** The most gross rent at move-in: the payment standard + (40% of monthly adjusted income − TTP) when positive, rounded down. */
export function maxGrossRentAtMoveIn(standard: number, ttp: number, adjusted: number): number {
  return standard + Math.max(0, Math.floor((adjusted - ttp * 3_000) / 3_000));
}

/** Without a voucher: 30% of the monthly annual income, whole dollars rounded down. */
export const rentAt30Percent = (annualIncome: number): number => Math.floor(annualIncome / 4_000);

/** Full-time hours a year in NLIHC's "Out of Reach": 40 hours × 52 weeks. */
export const FULL_TIME_HOURS = 2_080;

/**
 * The housing wage: the hourly wage at which the FMR is 30% of a full-time income, FMR × 12 ÷ 0.30
 * ÷ 2,080 = FMR ÷ 52, in dollars and cents, half away from zero.
 */
export function housingWage(fmr: number): number {
  // FMR ÷ 52 dollars is FMR × 25 ÷ 13 cents.
  return Math.floor((50 * fmr + 13) / 26) / 100;
}

/** The yearly income at which the FMR is 30% of it: FMR × 40. */
export const incomeNeeded = (fmr: number): number => fmr * 40;
