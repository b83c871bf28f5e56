// The dated tables of the voucher's rules: the deduction rule sets and their amounts (24 CFR 5.611),
// which set voucher programs apply by date, and HHS's poverty guidelines HUD uses for the extremely
// low limits above 8 persons (5.603). A new year is one row at the end (CONTRIBUTING.md).

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
export const OWN_GUIDELINE_ZIPS = /^(99[5-9]|96[78])/;

/**
 * The guideline HUD used for a fiscal year's limits in a ZIP code; null for a year the table does not
 * have, and in Alaska and Hawaii.
 */
export function povertyGuidelineFor(fiscalYear: number, zip: string, table: readonly PovertyGuideline[] = POVERTY_GUIDELINES): PovertyGuideline | null {
  if (OWN_GUIDELINE_ZIPS.test(zip)) return null;
  return table.find((row) => row.fiscal_year === fiscalYear) ?? null;
}

/** The guideline for a household size, dollars a year. */
/** What the answer needs of a guideline row (the place carries no more of it to the page). */
export type GuidelineRow = Pick<PovertyGuideline, 'year' | 'first_person' | 'each_more'>;

export const povertyGuideline = (row: GuidelineRow, householdSize: number): number => row.first_person + row.each_more * (householdSize - 1);
