// FMR history by ZIP and fiscal year, on SAFMR rows made in code.
import { describe, expect, it } from 'vitest';
import { fmr2YearOverYear, fmrHistories } from '../../src/lib/derive/fmr.ts';
import type { SafmrRow } from '../../src/lib/sources/hud-safmr.ts';

describe('FMR history', () => {
  const safmr = (zip: string, fiscalYear: number, br2: number, areaName = 'A', row = 2): SafmrRow => ({
    zip, fiscalYear, rents: { br0: 1, br1: 2, br2, br3: 4, br4: 5 }, areaName, file: `fy${fiscalYear}.csv`, row,
  });

  it('computes the year-over-year change of the 2-bedroom FMR against the prior year only', () => {
    const h = fmrHistories([safmr('55104', 2025, 1470), safmr('55104', 2026, 1530), safmr('55105', 2024, 1000), safmr('55105', 2026, 1100)]);
    expect(fmr2YearOverYear(h.get('55104') as never, 2026)).toBe(4.1);
    expect(fmr2YearOverYear(h.get('55105') as never, 2026)).toBeNull();
  });

  it('accepts a ZIP repeated per HUD area with the same rents, and stops when they differ', () => {
    const same = fmrHistories([safmr('55602', 2026, 1200, 'Duluth', 10), safmr('55602', 2026, 1200, 'Lake', 20)]);
    expect(same.get('55602')?.areasByYear.get(2026)).toEqual(['Duluth', 'Lake']);
    expect(() => fmrHistories([safmr('55602', 2026, 1200, 'Duluth', 10), safmr('55602', 2026, 1250, 'Lake', 20)])).toThrow(
      'fy2026.csv, row 20: ZIP 55602 has conflicting FY2026 rents: 1/2/1250/4/5 here, 1/2/1200/4/5 at fy2026.csv row 10',
    );
  });
});
