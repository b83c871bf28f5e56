// Zillow series to the published monthly rents, latest month and voucher spread.
import { SourceError } from '../errors.ts';
import type { CountyZori, ZipRecord } from '../contract/schemas.ts';
import type { CountyZoriSeries } from '../sources/zillow-zori-county.ts';
import type { ZoriSeries } from '../sources/zillow-zori.ts';
import { percentOf, roundHalfAway } from '../contract/round.ts';

export interface PublishedZori {
  monthly: { month: string; rent: number }[];
  latest: { month: string; rent: number } | null;
}

/** One series per ZIP; a ZIP listed twice with different values stops the build. */
export function zoriByZip(series: readonly ZoriSeries[]): Map<string, ZoriSeries> {
  const byZip = new Map<string, ZoriSeries>();
  for (const s of series) {
    const earlier = byZip.get(s.zip);
    if (earlier) {
      const same = earlier.points.length === s.points.length && earlier.points.every((p, i) => {
        const q = s.points[i];
        return q !== undefined && p.month === q.month && p.rent === q.rent;
      });
      if (!same) {
        throw new SourceError({ file: s.file, row: s.row }, `ZIP ${s.zip} has a second, different market rent series (first at row ${earlier.row})`);
      }
      continue;
    }
    byZip.set(s.zip, s);
  }
  return byZip;
}

/** Monthly rents to 2 decimals; the latest month's rent to whole dollars, from the unrounded value. A ZIP's series or a county's. */
export function publishZori(series: Pick<ZoriSeries, 'points'> | undefined): PublishedZori {
  if (!series || series.points.length === 0) return { monthly: [], latest: null };
  const last = series.points.at(-1) as { month: string; rent: number };
  return {
    monthly: series.points.map((p) => ({ month: p.month, rent: roundHalfAway(p.rent, 2) })),
    latest: { month: last.month, rent: roundHalfAway(last.rent) },
  };
}

/**
 * Zillow's county series by FIPS code, published as the ZIP series are. A county code that is not
 * one of the state's counties (`countyNames`, from `countyFile`) or a county listed twice stops the
 * build with the row; a county whose row has no value in any month has no series. When no code of
 * the file is one of the state's, the file draws the state's counties another way (Connecticut's 8
 * counties, where HUD has had 9 planning regions since 2022): no county gets a series, and the
 * build says so in `warning`.
 */
export function countyZoriByFips(
  series: readonly CountyZoriSeries[],
  countyNames: ReadonlyMap<string, string>,
  countyFile: string,
  stateName: string,
): { byFips: Map<string, CountyZori>; warning: string | null } {
  const byFips = new Map<string, CountyZori>();
  if (series.length > 0 && series.every((s) => !countyNames.has(s.fips))) {
    const file = series[0]?.file ?? '';
    return { byFips, warning: `zillow_zori_county: none of the ${series.length} county codes of ${stateName} in ${file} is one of the counties of ${countyFile} (counties drawn another way): no county carries Zillow's series` };
  }
  const rowOf = new Map<string, number>();
  for (const s of series) {
    const at = { file: s.file, row: s.row, column: s.column };
    if (!countyNames.has(s.fips)) throw new SourceError(at, `county code ${s.fips} (${s.name}) is not one of ${stateName}'s counties in ${countyFile}`);
    const first = rowOf.get(s.fips);
    if (first !== undefined) throw new SourceError(at, `county ${s.fips} (${s.name}) has a second row (first at row ${first})`);
    rowOf.set(s.fips, s.row);
    const { monthly, latest } = publishZori(s);
    if (latest !== null) byFips.set(s.fips, { monthly, latest });
  }
  return { byFips, warning: null };
}

/** Market rent against a 2-bedroom FMR: the contract's spread fields. All three null when either side is missing. */
export function voucherSpread(fmr2: number | null, marketRent: number | null): Pick<ZipRecord, 'spread' | 'spread_pct' | 'voucher_competitive'> {
  if (fmr2 === null || marketRent === null) return { spread: null, spread_pct: null, voucher_competitive: null };
  const spread = marketRent - fmr2;
  return { spread, spread_pct: percentOf(spread, fmr2), voucher_competitive: fmr2 >= marketRent };
}

/** The same against the area-wide FMR, under the contract's `area_` names. */
export function areaVoucherSpread(areaFmr2: number | null, marketRent: number | null): Pick<ZipRecord, 'area_spread' | 'area_spread_pct' | 'area_voucher_competitive'> {
  const { spread, spread_pct, voucher_competitive } = voucherSpread(areaFmr2, marketRent);
  return { area_spread: spread, area_spread_pct: spread_pct, area_voucher_competitive: voucher_competitive };
}

/**
 * Whole months from the market rent month (`YYYY-MM`) to the first month of a fiscal year (FY N
 * begins in October of N-1): positive when the market rent is older. Null without a market rent.
 */
export function zoriLagMonths(month: string | undefined, fiscalYear: number): number | null {
  if (month === undefined) return null;
  const [year, m] = month.split('-').map(Number) as [number, number];
  return (fiscalYear - 1) * 12 + 10 - (year * 12 + m);
}
