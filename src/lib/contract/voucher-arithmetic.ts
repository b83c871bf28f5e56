// HUD's arithmetic for a Housing Choice Voucher, step by step (CONTRACT-NOTES, "The housing
// authority's arithmetic" and, over it, "The rules a housing authority applies today"): the rule
// set in force, adjusted income with the expense deductions in HUD's order, total tenant payment,
// the family's payment standard, the housing assistance payment and who receives it, the 40% test,
// and the housing wage. Numbers only, no words (voucher-fit.ts writes them), and no imports: the
// ZIP page's form, the agent server and the typed client all run these same functions.
//
// Money is counted in whole cents, so every comparison and rounding is exact: 30% of a monthly
// income is `cents / 4000` dollars, and 0.3 × 39,000 / 12 in floating point is not 975.

/** The two sets of deduction rules a housing authority may apply to vouchers today. */
export const RULE_SETS = ['before_hotma', 'hotma'] as const;
export type RuleSet = (typeof RULE_SETS)[number];

/** The amounts of 24 CFR 5.611 under one rule set, with where they come from. */
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

/** The deductions before HOTMA: $480, $400 and 3%, as a housing authority that has not applied HOTMA's deductions still computes. */
export const BEFORE_HOTMA: DeductionAmounts = {
  year: null,
  from: '1900-01-01',
  dependent: 480,
  elderly_or_disabled_family: 400,
  medical_threshold_pct: 3,
  source: '24 CFR 5.611(a) before HOTMA',
};

/**
 * HOTMA's amounts, each calendar year's, oldest first. Next year's row goes at the end when HUD
 * publishes it (in the autumn before; CONTRIBUTING, "Next year's deductions"). HOTMA's final rule
 * (88 FR 9600, 14 February 2023) put them in 24 CFR 5.611 from 1 January 2024 and indexes both
 * deductions to inflation, rounded down to a multiple of $25 (5.611(b)).
 */
export const HOTMA_AMOUNTS: readonly DeductionAmounts[] = [
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

/** From `from` on, voucher programs compute with `rules`, because of `source`. */
export interface RulesInForce {
  from: string;
  rules: RuleSet;
  source: string;
}

/**
 * Which rule set voucher programs apply, by date; the newest row on or before a date names the
 * default. HOTMA's deductions are in 24 CFR 5.611 since 2024, but HUD enforces them for vouchers
 * only from a compliance date tied to its systems, not yet published: Notice PIH 2024-38 required
 * from 1 July 2025 only HOTMA's income exclusions and definitions. When HUD publishes the date, one
 * row goes at the end (CONTRIBUTING, "HUD's compliance date for HOTMA's deductions"):
 * `{ from: 'YYYY-MM-DD', rules: 'hotma', source: 'Notice PIH 20xx-xx' }`.
 */
export const VOUCHER_RULES_IN_FORCE: readonly RulesInForce[] = [
  {
    from: '1900-01-01',
    rules: 'before_hotma',
    source: "Notice PIH 2024-38: HUD enforces HOTMA's deductions for vouchers only from a later compliance date",
  },
];

/** The rule set voucher programs apply on a date (`YYYY-MM-DD`), by the newest row on or before it. */
export function rulesInForceOn(date: string, table: readonly RulesInForce[] = VOUCHER_RULES_IN_FORCE): RulesInForce {
  let found: RulesInForce | undefined;
  for (const row of table) if (row.from <= date) found = row;
  if (!found) throw new Error(`no rule set in force on ${date}`);
  return found;
}

/**
 * The amounts of a rule set on a date (`YYYY-MM-DD`): before HOTMA, its one row; HOTMA, the newest
 * year that starts on or before it (its first year's for an earlier date, when no year had begun).
 */
export function deductionAmountsOn(date: string, rules: RuleSet, table: readonly DeductionAmounts[] = HOTMA_AMOUNTS): DeductionAmounts {
  if (rules === 'before_hotma') return BEFORE_HOTMA;
  const first = table[0];
  if (!first) throw new Error('no HOTMA amounts');
  let found = first;
  for (const row of table) if (row.from <= date) found = row;
  return found;
}

/** Dollars to whole cents; the callers have checked the value has two decimals at most. */
export const cents = (dollars: number): number => Math.round(dollars * 100);
/** Whole cents back to dollars (two decimals at most). */
export const dollarsOf = (whole: number): number => whole / 100;

/** Income left out of annual income (24 CFR 5.609(b)), whole cents a year. */
export interface Exclusions {
  /** 5.609(b)(3): the earned income of members under 18, all of it. */
  earnings_of_minors: number;
  /** 5.609(b)(14): each dependent full-time student's earned income above the dependent deduction. */
  student_earnings: number;
  total: number;
}

/**
 * The income HUD excludes (24 CFR 5.609(b), in force for vouchers since 1 July 2025 by Notice PIH
 * 2024-38), whole cents a year: minors' earnings whole, and of each dependent full-time student's
 * earnings the part above the rule set's dependent deduction ($480 before HOTMA).
 */
export function excludedIncome(earningsOfMinors: number, studentEarnings: readonly number[], amounts: DeductionAmounts): Exclusions {
  const minors = cents(earningsOfMinors);
  const students = studentEarnings.reduce((sum, each) => sum + Math.max(0, cents(each) - cents(amounts.dependent)), 0);
  return { earnings_of_minors: minors, student_earnings: students, total: minors + students };
}

/** What the household told, dollars a year (24 CFR 5.609, 5.611, 5.603), under the names of the voucher_fit answer. */
export interface HouseholdIncome {
  annual_income: number;
  dependents: number;
  elderly_or_disabled: boolean;
  /** Care for children 12 and under that lets a member work: capped by the earned income. */
  child_care: number;
  /** Care that lets a member study or look for work: not capped by earnings (5.603). */
  child_care_for_study: number;
  /** Caps the child care for work and the disability assistance deduction. */
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
  /** Child care for work (capped) and for study, together. */
  child_care: number;
  disability_assistance: number;
  medical: number;
  /** The two above, together. */
  medical_and_disability: number;
  total: number;
}

/**
 * Adjusted income (24 CFR 5.611), in whole cents a year: annual income less each deduction, never
 * below 0. The expense deductions follow HUD's order (Form HUD-50058 instructions): the threshold
 * T comes off the disability assistance expenses first, and what is left is capped by the earnings
 * they make possible; the part of T they did not use comes off the medical expenses.
 */
export function adjustedIncome(household: HouseholdIncome, amounts: DeductionAmounts): { deductions: Deductions; adjusted: number; medicalThreshold: number } {
  const annual = cents(household.annual_income);
  const earned = cents(household.earned_income);
  const dependents = household.dependents * cents(amounts.dependent);
  const elderly = household.elderly_or_disabled ? cents(amounts.elderly_or_disabled_family) : 0;
  // 5.603: care that lets a member work counts up to what that work earns; care for study is not capped.
  const childCare = Math.min(cents(household.child_care), earned) + cents(household.child_care_for_study);
  // The threshold is rounded up to the cent.
  const threshold = Math.ceil((annual * amounts.medical_threshold_pct) / 100);
  const disabilityExpenses = cents(household.disability_assistance_expenses);
  const disability = Math.min(Math.max(0, disabilityExpenses - threshold), earned);
  const medical = household.elderly_or_disabled ? Math.max(0, cents(household.medical_expenses) - Math.max(0, threshold - disabilityExpenses)) : 0;
  const total = dependents + elderly + childCare + disability + medical;
  return {
    deductions: { dependents, elderly_or_disabled_family: elderly, child_care: childCare, disability_assistance: disability, medical, medical_and_disability: disability + medical, total },
    adjusted: Math.max(0, annual - total),
    medicalThreshold: threshold,
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
  /** The HAP before a mixed family's proration (5.520); the HAP itself for any other family. */
  hap_before_proration: number;
  /** The gross rent less that: the family share the 40% test reads. */
  family_share_before_proration: number;
  /** What the housing authority pays the owner: the HAP, at most the rent to the owner (24 CFR 982.514(b)). */
  hap_to_owner: number;
  /** The rest of the HAP, paid to the family (or the utility) when the HAP is more than the rent to the owner. */
  utility_reimbursement: number;
  /** What the family pays the owner: the rent to the owner less the HAP paid to the owner. */
  tenant_rent: number;
}

/**
 * 40% of a month's adjusted income, whole dollars rounded down: a 30th of the year's whole cents
 * (24 CFR 982.508). The one place the 40% is computed: the test, the most rent and the words read it.
 */
export const fortyPercentOfMonthlyAdjusted = (adjusted: number): number => Math.floor(adjusted / 3_000);

/** Who of a household may be assisted: a mixed family (5.520) has fewer eligible members than members. */
export interface EligibleMembers {
  eligible: number;
  members: number;
}

/** 24 CFR 5.520(c): a mixed family's HAP, the HAP × eligible members ÷ members, whole dollars half away from zero. */
export const proratedHap = (hap: number, { eligible, members }: EligibleMembers): number => Math.floor((2 * hap * eligible + members) / (2 * members));

/**
 * For one unit (24 CFR 982.505(c), 982.508, 982.514(b)): HAP is the lower of (PS − TTP) and (gross −
 * TTP), never below 0, prorated for a mixed family (5.520); the owner receives at most the rent, and
 * the rest goes to the family as a utility reimbursement. The 40% test is on the figures before
 * proration (what the answer says of a mixed family).
 */
export function unitPayment(rentToOwner: number, utilityAllowance: number, standard: number, ttp: number, adjusted: number, members?: EligibleMembers): UnitPayment {
  const gross = rentToOwner + utilityAllowance;
  const full = Math.max(0, Math.min(standard - ttp, gross - ttp));
  const hap = members === undefined || members.eligible === members.members ? full : proratedHap(full, members);
  const share = gross - hap;
  const toOwner = Math.min(hap, rentToOwner);
  return {
    gross_rent: gross,
    housing_assistance_payment: hap,
    family_share: share,
    passes_40_percent: gross <= standard || gross - full <= fortyPercentOfMonthlyAdjusted(adjusted),
    hap_before_proration: full,
    family_share_before_proration: gross - full,
    hap_to_owner: toOwner,
    utility_reimbursement: hap - toOwner,
    tenant_rent: rentToOwner - toOwner,
  };
}

/** The voucher pays nothing on any unit when the TTP reaches the family's payment standard. */
export const voucherPaysNothing = (standard: number, ttp: number): boolean => ttp >= standard;

/**
 * The most gross rent at move-in: the most whose family share is within 40% of monthly adjusted
 * income, or the payment standard itself (where the test does not apply), whichever is more:
 * max(PS, floor(40% of monthly adjusted income + max(0, PS − TTP))). With the TTP above the payment
 * standard the voucher pays nothing, and the family's share is the whole gross rent.
 */
export function maxGrossRentAtMoveIn(standard: number, ttp: number, adjusted: number): number {
  return Math.max(standard, fortyPercentOfMonthlyAdjusted(adjusted) + Math.max(0, standard - ttp));
}

/** The most bedrooms the answer takes for a voucher or a unit: HUD publishes FMRs up to four. */
export const MAX_BEDROOMS = 8;
export const LARGEST_PUBLISHED_BEDROOMS = 4;

/**
 * The FMR of a unit with more than four bedrooms (HUD's FMR notices): the 4-bedroom FMR plus 15% of
 * it for each bedroom above four, rounded half away from zero as HUD rounds that basis's published
 * FMRs (to $10 for Small Area FMRs, to the dollar for the area's).
 */
export function largerUnitFmr(fourBedroom: number, bedrooms: number, roundTo: 1 | 10): number {
  // Hundredths of a dollar: 2,000 × 115 = 230,000, $2,300.
  const hundredths = fourBedroom * (100 + 15 * (bedrooms - LARGEST_PUBLISHED_BEDROOMS));
  const step = roundTo * 100;
  return Math.floor((2 * hundredths + step) / (2 * step)) * roundTo;
}

/**
 * HHS's poverty guideline for the 48 contiguous states and DC, as HUD uses it for a fiscal year's
 * extremely low limits (24 CFR 5.603): a dated row each year, the newest at the end. HUD's published
 * 8-person limits where the guideline is higher are exactly it: FY2025 $54,150, FY2026 $55,720.
 */
export interface PovertyGuideline {
  /** The fiscal year of HUD's income limits computed with it. */
  fiscal_year: number;
  /** The guideline's own year. */
  year: number;
  first_person: number;
  each_more: number;
  source: string;
}

export const POVERTY_GUIDELINES: readonly PovertyGuideline[] = [
  { fiscal_year: 2025, year: 2025, first_person: 15_650, each_more: 5_500, source: "HHS's 2025 poverty guidelines, 48 contiguous states and DC" },
  { fiscal_year: 2026, year: 2026, first_person: 15_960, each_more: 5_680, source: "HHS's 2026 poverty guidelines, 48 contiguous states and DC" },
];

/** HHS publishes guidelines of their own for Alaska and Hawaii, which the table does not hold: their ZIP codes. */
const OWN_GUIDELINE_ZIPS = /^(99[5-9]|96[78])/;

/**
 * The guideline HUD used for a fiscal year's limits in a ZIP code; null for a year the table does not
 * have, and in Alaska and Hawaii.
 */
export function povertyGuidelineFor(fiscalYear: number, zip: string, table: readonly PovertyGuideline[] = POVERTY_GUIDELINES): PovertyGuideline | null {
  if (OWN_GUIDELINE_ZIPS.test(zip)) return null;
  return table.find((row) => row.fiscal_year === fiscalYear) ?? null;
}

/** The guideline for a household size, dollars a year. */
export const povertyGuideline = (row: PovertyGuideline, householdSize: number): number => row.first_person + row.each_more * (householdSize - 1);

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
