// County medians over ZIP rows.
import { median } from 'd3-array';
import { BEDROOMS } from '../contract/bedrooms.ts';
import type { BedroomRents, CountyMedians, HousingWage, IndexZip } from '../contract/schemas.ts';
import { housingWage } from '../contract/housing-wage.ts';
import { roundHalfAway } from '../contract/round.ts';


/**
 * d3's median takes the mean of the middle two for an even count. The values are scaled to
 * integers first (tenths for percents), so that mean is exact: (-1.8 + 7.5) / 2 in floating point
 * is 2.8499…, which would round the wrong way.
 */
function roundedMedian(values: (number | null)[], digits: number): number | null {
  const scale = 10 ** digits;
  const m = median(values.filter((v): v is number => v !== null).map((v) => roundHalfAway(v * scale)));
  return m === undefined ? null : roundHalfAway(m) / scale;
}

export function countyMedians(rows: readonly IndexZip[]): CountyMedians {
  return {
    fmr2: roundedMedian(rows.map((r) => r.fmr.br2), 0),
    market_rent: roundedMedian(rows.map((r) => r.zori_latest?.rent ?? null), 0),
    fmr2_yoy_pct: roundedMedian(rows.map((r) => r.fmr2_yoy_pct), 1),
    area_fmr2: roundedMedian(rows.map((r) => r.area_fmr?.br2 ?? null), 0),
  };
}

export function medianSpreadPct(values: number[]): number | null {
  return roundedMedian(values, 1);
}

/** The housing wage of each unit size: null where the FMR is missing. */
export function housingWageByBedroom(rents: BedroomRents): HousingWage['small_area'] {
  return Object.fromEntries(BEDROOMS.map((br) => [br, rents[br] === null ? null : housingWage(rents[br])])) as HousingWage['small_area'];
}

/** A ZIP code's housing wage on both bases. */
export function zipHousingWage(fmr: BedroomRents, areaFmr: BedroomRents | null): HousingWage {
  return { small_area: housingWageByBedroom(fmr), area: areaFmr ? housingWageByBedroom(areaFmr) : null };
}

/** A county's: of the median FMR of its ZIP rows per unit size (medians.fmr2 for 2 bedrooms), on both bases. */
export function countyHousingWage(rows: readonly IndexZip[]): HousingWage {
  const medianRents = (pick: (row: IndexZip) => BedroomRents | null): BedroomRents =>
    Object.fromEntries(BEDROOMS.map((br) => [br, roundedMedian(rows.map((r) => pick(r)?.[br] ?? null), 0)])) as BedroomRents;
  const area = medianRents((r) => r.area_fmr);
  return { small_area: housingWageByBedroom(medianRents((r) => r.fmr)), area: BEDROOMS.every((br) => area[br] === null) ? null : housingWageByBedroom(area) };
}
