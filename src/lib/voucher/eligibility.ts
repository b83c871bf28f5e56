// Who is eligible (24 CFR 982.201, 5.603): HUD's limits for a household's size, by HUD's rule above
// 8 persons with the poverty guideline for the extremely low one, and the tier an income falls in.
import { HOUSEHOLD_SIZES } from '../contract/household.ts';
import { type GuidelineRow, povertyGuideline } from './tables.ts';

/** The largest household HUD publishes limits for; above it the very low and low limits follow HUD's rule. */
export const LARGEST_PUBLISHED = HOUSEHOLD_SIZES.length;

export type Tier = 'extremely_low' | 'very_low' | 'low' | 'above_low';

export type BySize = Record<'1' | '2' | '3' | '4' | '5' | '6' | '7' | '8', number>;

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
export function extremelyLowAboveEight(fourPersonLimit: number, veryLow: number, guideline: GuidelineRow, householdSize: number): number {
  return Math.min(veryLow, Math.max(limitAboveEight(fourPersonLimit, householdSize), povertyGuideline(guideline, householdSize)));
}

/**
 * The limits of a household size: published for 1 to 8 persons, HUD's rule above; the extremely low
 * limit above 8 with the poverty guideline HUD used for the limits' year (null without one).
 */
export function limitsForSize(limits: Pick<PlaceIncomeLimits, 'extremely_low' | 'very_low' | 'low'>, householdSize: number, guideline: GuidelineRow | null = null): LimitsForSize {
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
