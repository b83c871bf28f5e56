// Zillow series to the published monthly rents, latest month and voucher spread.
import { SourceError } from '../errors.ts';
import type { ZipRecord } from '../contract/schemas.ts';
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

/** Monthly rents to 2 decimals; the latest month's rent to whole dollars, from the unrounded value. */
export function publishZori(series: ZoriSeries | undefined): PublishedZori {
  if (!series || series.points.length === 0) return { monthly: [], latest: null };
  const last = series.points.at(-1) as { month: string; rent: number };
  return {
    monthly: series.points.map((p) => ({ month: p.month, rent: roundHalfAway(p.rent, 2) })),
    latest: { month: last.month, rent: roundHalfAway(last.rent) },
  };
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
