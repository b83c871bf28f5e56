// County medians, on index rows made in code.
import { describe, expect, it } from 'vitest';
import { countyMedians, medianSpreadPct } from '../../src/lib/derive/medians.ts';
import type { IndexZip } from '../../src/lib/contract/schemas.ts';

describe('county medians', () => {
  const row = (br2: number | null, rent: number | null, yoy: number | null) => ({ fmr: { br2 }, zori_latest: rent === null ? null : { rent }, fmr2_yoy_pct: yoy }) as unknown as IndexZip;

  it('averages the middle two of an even count and rounds half away from zero (Lake of the Woods: 1065 and 2.9)', () => {
    const rows = [row(1000, null, -2.5), row(1010, null, -1.8), row(1120, null, 7.5), row(1190, null, 8.6)];
    expect(countyMedians(rows)).toEqual({ fmr2: 1065, market_rent: null, fmr2_yoy_pct: 2.9, area_fmr2: null });
  });

  it('takes market rent over the ZIPs that have one; null for a county with no ZIPs', () => {
    expect(countyMedians([row(900, 1000, 1), row(901, null, 2), row(950, 1001, 3)])).toEqual({ fmr2: 901, market_rent: 1001, fmr2_yoy_pct: 2, area_fmr2: null });
    expect(countyMedians([])).toEqual({ fmr2: null, market_rent: null, fmr2_yoy_pct: null, area_fmr2: null });
    // The area FMR's median over the rows that have one: 1123 and 1709 average to 1416.
    const withArea = (areaBr2: number | null) => ({ ...row(900, null, null), area_fmr: areaBr2 === null ? null : { br2: areaBr2 } }) as unknown as IndexZip;
    expect(countyMedians([withArea(1123), withArea(null), withArea(1709)]).area_fmr2).toBe(1416);
    expect(medianSpreadPct([-6.6, -6.5])).toBe(-6.6); // -6.55, half away from zero
  });
});
