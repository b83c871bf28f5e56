// The household's figures under one rule set, before any words: the income counted, the deductions,
// the total tenant payment and, on each FMR basis, the payment standard, the most gross rent and a
// unit's payment; and the other rule set's where a figure differs.
import { BEDROOMS } from '../contract/bedrooms.ts';
import { adjustedIncome, type DeductionCaps, type Deductions, excludedIncome, type Exclusions, totalTenantPayment } from './income.ts';
import { asCents, cents, type Cents, dollarsOf } from './money.ts';
import type { Rents, VoucherPlace } from './place.ts';
import type { AnsweredQuestion } from './question.ts';
import type { TenantPaymentRule } from './income.ts';
import type { DeductionAmounts, RuleSet } from './tables.ts';
import { type EligibleMembers, fortyPercentOfMonthlyAdjusted, LARGEST_PUBLISHED_BEDROOMS, largerUnitFmr, maxGrossRentAtMoveIn, paymentStandard, smallerSize, type UnitPayment, unitPayment, voucherPaysNothing } from './unit.ts';

/** The two FMRs a housing authority's payment standards may follow. */
export type Basis = 'small_area' | 'area';

/** One basis's figures under one rule set, before any words. */
export interface BasisNumbers {
  fmr: number;
  /** The published 4-bedroom FMR the FMR was computed from, for a size above four; null otherwise. */
  fourBedroom: number | null;
  standard: number;
  maxGross: number;
  /** The most gross rent less the utility allowance: the most rent to the owner. */
  maxToOwner: number;
  /** How far the most gross rent is above the payment standard (0 when it is the standard). */
  aboveStandard: number;
  paysNothing: boolean;
  /** The market rent against the most rent to the owner, and by how much it is above it; null without a market rent. */
  marketWithinReach: boolean | null;
  marketGap: number | null;
  unit: UnitPayment | null;
}

/** The household's arithmetic under one rule set, in whole cents where yearly and whole dollars where monthly. */
export interface Worked {
  rules: RuleSet;
  amounts: DeductionAmounts;
  /** The income excluded, and the income counted: the annual income less it. */
  exclusions: Exclusions;
  counted: Cents;
  deductions: Deductions;
  caps: DeductionCaps;
  adjusted: Cents;
  /** 40% of the monthly adjusted income, whole dollars: what the family share is tested against at move-in. */
  fortyPercent: number;
  threshold: Cents;
  ttp: ReturnType<typeof totalTenantPayment>;
  bases: Record<Basis, BasisNumbers | null>;
}

/** HUD rounds the Small Area FMRs it publishes to $10, the area's to the dollar. */
export const FMR_ROUNDING: Record<Basis, 1 | 10> = { small_area: 10, area: 1 };

/** The FMR of a size on a basis: published up to 4 bedrooms, by HUD's rule above (largerUnitFmr); null when it is missing. */
export function fmrOfSize(rents: Rents | null, bedrooms: number, basis: Basis): number | null {
  if (bedrooms <= LARGEST_PUBLISHED_BEDROOMS) return rents?.[BEDROOMS[bedrooms] ?? 'br2'] ?? null;
  const four = rents?.br4 ?? null;
  return four === null ? null : largerUnitFmr(four, bedrooms, FMR_ROUNDING[basis]);
}

/** The FMR and the family's payment standard of a basis; null when the FMR of either size is missing. */
export function standardOn(q: AnsweredQuestion, rents: Rents | null, basis: Basis): { fmr: number; standard: number } | null {
  const fmrs = [q.voucher_bedrooms, q.bedrooms].map((br) => fmrOfSize(rents, br, basis));
  const fmr = fmrOfSize(rents, smallerSize(q.voucher_bedrooms, q.bedrooms), basis);
  if (fmr === null || fmrs.includes(null)) return null;
  // 982.505(c)(2): the lower of the standards for the voucher's size and the unit's.
  return { fmr, standard: q.payment_standard ?? Math.min(...fmrs.map((f) => paymentStandard(f ?? 0, q.payment_standard_pct ?? 100))) };
}

export function worked(q: AnsweredQuestion, place: VoucherPlace, rules: RuleSet): Worked {
  const amounts = place.deductionAmounts[rules];
  // The exclusions are earned income: they come off the annual and the earned income alike.
  const exclusions = excludedIncome(q.earnings_of_minors, q.student_earnings, amounts);
  const counted = asCents(cents(q.annual_income) - exclusions.total);
  const countedEarned = asCents(cents(q.earned_income) - exclusions.total);
  const { deductions, caps, adjusted, medicalThreshold } = adjustedIncome({ ...q, annual_income: dollarsOf(counted), earned_income: dollarsOf(countedEarned) }, amounts);
  const ttp = totalTenantPayment(counted, adjusted, q.minimum_rent);
  const members: EligibleMembers = { eligible: q.eligible_members, members: q.household_size };
  const basis = (rents: Rents | null, name: Basis): BasisNumbers | null => {
    const found = standardOn(q, rents, name);
    if (!found) return null;
    const { fmr, standard } = found;
    const maxGross = maxGrossRentAtMoveIn(standard, ttp.amount, adjusted);
    const maxToOwner = maxGross - q.utility_allowance;
    const market = place.zori_latest;
    return {
      fmr,
      fourBedroom: smallerSize(q.voucher_bedrooms, q.bedrooms) > LARGEST_PUBLISHED_BEDROOMS ? (rents?.br4 ?? null) : null,
      standard,
      maxGross,
      maxToOwner,
      aboveStandard: maxGross - standard,
      paysNothing: voucherPaysNothing(standard, ttp.amount),
      marketWithinReach: market === null ? null : market.rent <= maxToOwner,
      marketGap: market === null ? null : market.rent - maxToOwner,
      unit: q.rent_to_owner === null ? null : unitPayment(q.rent_to_owner, q.utility_allowance, standard, ttp.amount, adjusted, members),
    };
  };
  return { rules, amounts, exclusions, counted, deductions, caps, adjusted, fortyPercent: fortyPercentOfMonthlyAdjusted(adjusted), threshold: medicalThreshold, ttp, bases: { small_area: basis(place.fmr, 'small_area'), area: basis(place.area_fmr, 'area') } };
}

/** One basis under the other rule set: the figures that may change with the deductions. */
export interface OtherBasis {
  max_gross_rent: number;
  max_rent_to_owner: number;
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

export const otherBasis = (n: BasisNumbers | null): OtherBasis | null =>
  n && {
    max_gross_rent: n.maxGross,
    max_rent_to_owner: n.maxToOwner,
    voucher_pays_nothing: n.paysNothing,
    housing_assistance_payment: n.unit?.housing_assistance_payment ?? null,
    family_share: n.unit?.family_share ?? null,
    passes_40_percent: n.unit?.passes_40_percent ?? null,
  };

/** The other rule set's answer when any figure a family acts on differs; null when they are all the same. */
export function otherRulesOf(used: Worked, other: Worked): OtherRules | null {
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

export type DeductionDollars = Record<keyof Deductions, number>;

/** Each amount of whole cents in dollars, under the same names. */
export const dollarsOfEach = <T extends Deductions | Exclusions>(d: T): Record<keyof T, number> =>
  Object.fromEntries((Object.entries(d) as [string, Cents][]).map(([k, v]) => [k, dollarsOf(v)])) as Record<keyof T, number>;
