// County medians over ZIP rows.
import { median } from 'd3-array';
import type { IndexZip } from '../contract.ts';
import { roundHalfUp } from './round.ts';

export interface Medians {
  fmr2: number | null;
  market_rent: number | null;
  fmr2_yoy_pct: number | null;
}

/** d3's median takes the mean of the middle two for an even count; rents to dollars, percents to 1 decimal. */
function roundedMedian(values: (number | null)[], digits: number): number | null {
  const m = median(values.filter((v): v is number => v !== null));
  return m === undefined ? null : roundHalfUp(m, digits);
}

export function countyMedians(rows: readonly IndexZip[]): Medians {
  return {
    fmr2: roundedMedian(rows.map((r) => r.fmr.br2), 0),
    market_rent: roundedMedian(rows.map((r) => r.zori_latest?.rent ?? null), 0),
    fmr2_yoy_pct: roundedMedian(rows.map((r) => r.fmr2_yoy_pct), 1),
  };
}

export function medianSpreadPct(values: number[]): number | null {
  return roundedMedian(values, 1);
}
