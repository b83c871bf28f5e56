// Zillow series to the published monthly rents, latest month and voucher spread.
import { SourceError } from '../errors.ts';
import type { ZoriSeries } from '../sources/zillow-zori.ts';
import { percentOf, roundHalfUp } from './round.ts';

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
      const same = earlier.points.length === s.points.length && earlier.points.every((p, i) => p.month === s.points[i]?.month && p.rent === s.points[i]?.rent);
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
    monthly: series.points.map((p) => ({ month: p.month, rent: roundHalfUp(p.rent, 2) })),
    latest: { month: last.month, rent: roundHalfUp(last.rent) },
  };
}

export interface Spread {
  spread: number | null;
  spread_pct: number | null;
  voucher_competitive: boolean | null;
}

/** Market rent against the 2-bedroom FMR. All three null when either side is missing. */
export function voucherSpread(fmr2: number | null, marketRent: number | null): Spread {
  if (fmr2 === null || marketRent === null) return { spread: null, spread_pct: null, voucher_competitive: null };
  const spread = marketRent - fmr2;
  return { spread, spread_pct: percentOf(spread, fmr2), voucher_competitive: fmr2 >= marketRent };
}
