// The income HUD counts and what the household pays (24 CFR 5.609, 5.611, 5.603, 5.628): the
// exclusions, the deductions in HUD's order, adjusted income and the total tenant payment. Numbers
// only, in whole cents a year and whole dollars a month.
import { asCents, cents, type Cents } from './money.ts';
import type { DeductionAmounts } from './tables.ts';

/** Income left out of annual income (24 CFR 5.609(b)), whole cents a year. */
export interface Exclusions {
  /** 5.609(b)(3): the earned income of members under 18, all of it. */
  earnings_of_minors: Cents;
  /** 5.609(b)(14): each dependent full-time student's earned income above the dependent deduction. */
  student_earnings: Cents;
  total: Cents;
}

/**
 * The income HUD excludes (24 CFR 5.609(b), in force for vouchers since 1 July 2025 by Notice PIH
 * 2024-38), whole cents a year: minors' earnings whole, and of each dependent full-time student's
 * earnings the part above the rule set's dependent deduction ($480 before HOTMA).
 */
export function excludedIncome(earningsOfMinors: number, studentEarnings: readonly number[], amounts: DeductionAmounts): Exclusions {
  const minors = cents(earningsOfMinors);
  const students = asCents(studentEarnings.reduce((sum, each) => sum + Math.max(0, cents(each) - cents(amounts.dependent)), 0));
  return { earnings_of_minors: minors, student_earnings: students, total: asCents(minors + students) };
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
  dependents: Cents;
  elderly_or_disabled_family: Cents;
  /** Child care for work (capped) and for study, together. */
  child_care: Cents;
  disability_assistance: Cents;
  medical: Cents;
  /** The two above, together. */
  medical_and_disability: Cents;
  total: Cents;
}

/** What the words of the deductions step say beside the amounts: which caps applied, and the care for work alone. */
export interface DeductionCaps {
  /** The care that lets a member work, after the cap by the earned income. */
  child_care_for_work: Cents;
  child_care_capped: boolean;
  /** The disability assistance deduction was capped by the earned income. */
  disability_capped: boolean;
  /** What the disability assistance expenses left of the threshold, for the medical expenses. */
  threshold_left: Cents;
  /** The earned income the caps read. */
  earned: Cents;
}

/**
 * Adjusted income (24 CFR 5.611), in whole cents a year: annual income less each deduction, never
 * below 0. The expense deductions follow HUD's order (Form HUD-50058 instructions): the threshold
 * T comes off the disability assistance expenses first, and what is left is capped by the earnings
 * they make possible; the part of T they did not use comes off the medical expenses.
 */
export function adjustedIncome(household: HouseholdIncome, amounts: DeductionAmounts): { deductions: Deductions; caps: DeductionCaps; adjusted: Cents; medicalThreshold: Cents } {
  const annual = cents(household.annual_income);
  const earned = cents(household.earned_income);
  const dependents = asCents(household.dependents * cents(amounts.dependent));
  const elderly = household.elderly_or_disabled ? cents(amounts.elderly_or_disabled_family) : asCents(0);
  // 5.603: care that lets a member work counts up to what that work earns; care for study is not capped.
  const forWork = asCents(Math.min(cents(household.child_care), earned));
  const childCare = asCents(forWork + cents(household.child_care_for_study));
  // The threshold is rounded up to the cent.
  const threshold = asCents(Math.ceil((annual * amounts.medical_threshold_pct) / 100));
  const disabilityExpenses = cents(household.disability_assistance_expenses);
  const disability = asCents(Math.min(Math.max(0, disabilityExpenses - threshold), earned));
  const left = asCents(Math.max(0, threshold - disabilityExpenses));
  const medical = asCents(household.elderly_or_disabled ? Math.max(0, cents(household.medical_expenses) - left) : 0);
  const total = asCents(dependents + elderly + childCare + disability + medical);
  return {
    deductions: { dependents, elderly_or_disabled_family: elderly, child_care: childCare, disability_assistance: disability, medical, medical_and_disability: asCents(disability + medical), total },
    caps: { child_care_for_work: forWork, child_care_capped: forWork < cents(household.child_care), disability_capped: disabilityExpenses - threshold > earned, threshold_left: left, earned },
    adjusted: asCents(Math.max(0, annual - total)),
    medicalThreshold: threshold,
  };
}

export type TenantPaymentRule = 'adjusted_income_30_percent' | 'annual_income_10_percent' | 'minimum_rent';

/** A non-negative whole-cent amount divided by a whole number, to whole dollars, half away from zero. */
const roundedDollars = (wholeCents: Cents, divisor: number): number => Math.floor((wholeCents + divisor * 50) / (divisor * 100));

/**
 * Total tenant payment (24 CFR 5.628), whole dollars a month: the greatest of 30% of monthly
 * adjusted income, 10% of monthly annual income and the minimum rent. A tie names the first of
 * those. Welfare rent (as-paid programs only) is not one of the candidates.
 */
export function totalTenantPayment(annualIncome: Cents, adjusted: Cents, minimumRent: number): { amount: number; rule: TenantPaymentRule; candidates: Record<TenantPaymentRule, number> } {
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

/** Without a voucher: 30% of the monthly annual income, whole dollars rounded down. */
export const rentAt30Percent = (annualIncome: Cents): number => Math.floor(annualIncome / 4_000);
