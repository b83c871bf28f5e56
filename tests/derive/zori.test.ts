// The market rent series, the voucher spread and the age of the market rent, on values made in code.
import { describe, expect, it } from 'vitest';
import { publishZori, voucherSpread, zoriByZip, zoriLagMonths } from '../../src/lib/derive/zori.ts';

describe('market rent and spread', () => {
  const series = { zip: '55104', points: [{ month: '2023-09', rent: 1747.238968 }, { month: '2023-10', rent: 1773.711566 }], file: 'z.csv', row: 5 };

  it('publishes 2-decimal monthly rents and a whole-dollar latest month from the raw value', () => {
    expect(publishZori(series)).toEqual({
      monthly: [{ month: '2023-09', rent: 1747.24 }, { month: '2023-10', rent: 1773.71 }],
      latest: { month: '2023-10', rent: 1774 },
    });
    expect(publishZori(undefined)).toEqual({ monthly: [], latest: null });
  });

  it('spreads market rent over the 2-bedroom FMR; equal counts as competitive', () => {
    expect(voucherSpread(1530, 1774)).toEqual({ spread: 244, spread_pct: 15.9, voucher_competitive: false });
    expect(voucherSpread(1640, 1545)).toEqual({ spread: -95, spread_pct: -5.8, voucher_competitive: true });
    expect(voucherSpread(1500, 1500)).toEqual({ spread: 0, spread_pct: 0, voucher_competitive: true });
    expect(voucherSpread(null, 1500)).toEqual({ spread: null, spread_pct: null, voucher_competitive: null });
  });

  it('stops on one ZIP with two different series', () => {
    const other = { ...series, row: 9, points: [{ month: '2023-10', rent: 1 }] };
    expect(() => zoriByZip([series, other])).toThrow('z.csv, row 9: ZIP 55104 has a second, different market rent series (first at row 5)');
    expect(zoriByZip([series, { ...series, row: 9 }]).size).toBe(1);
  });
});

describe('the age of the market rent', () => {
  it('counts whole months to the October that opens the fiscal year', () => {
    expect(zoriLagMonths('2023-10', 2026)).toBe(24);
    expect(zoriLagMonths('2025-10', 2026)).toBe(0);
    expect(zoriLagMonths('2025-12', 2026)).toBe(-2);
    expect(zoriLagMonths('2025-03', 2026)).toBe(7);
    expect(zoriLagMonths(undefined, 2026)).toBeNull();
  });
});
