// A unit's figures (24 CFR 982.505, 982.508, 982.514, 5.520): the payment standard of the smaller
// size, the FMR of a size above four bedrooms, the HAP and who receives it, a mixed family's
// proration, and the 40% test, written once (fortyPercentOfMonthlyAdjusted). Numbers only.
import type { Cents } from './money.ts';

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
export const fortyPercentOfMonthlyAdjusted = (adjusted: Cents): number => Math.floor(adjusted / 3_000);

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
export function unitPayment(rentToOwner: number, utilityAllowance: number, standard: number, ttp: number, adjusted: Cents, members?: EligibleMembers): UnitPayment {
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
export function maxGrossRentAtMoveIn(standard: number, ttp: number, adjusted: Cents): number {
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
