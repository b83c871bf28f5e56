// The housing wage (NLIHC's "Out of Reach"): the hourly wage at which a rent is 30% of a full-time
// income. Not a voucher rule; the pages and the medians show it beside the FMR.

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
