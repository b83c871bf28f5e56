// How figures are written for people (src/lib/contract/present.ts): the thousands grouping is checked against
// Intl.NumberFormat's en-US output, which it replaces for speed, on every kind of whole number.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grouped, money, signedMoney } from '../src/lib/contract/present.ts';

const EN_US = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

describe('whole dollars', () => {
  it('groups as Intl.NumberFormat en-US does, for any safe integer', () => {
    for (const n of [0, 7, 99, 100, 999, 1000, 1850, 12345, 999999, 1000000, 1234567890, Number.MAX_SAFE_INTEGER]) expect(grouped(n)).toBe(EN_US.format(n));
    fc.assert(fc.property(fc.maxSafeInteger(), (n) => grouped(n) === EN_US.format(Math.abs(n))), { numRuns: 20_000 });
  });

  it('writes money with a typographic minus, rounding cents half away from zero', () => {
    expect(money(1850)).toBe('$1,850');
    expect(money(-392)).toBe('\u2212$392');
    expect(money(1773.5)).toBe('$1,774');
    expect(money(-2.5)).toBe('\u2212$3');
    expect(money(-0.4)).toBe('$0');
    expect(money(-0)).toBe('$0');
    expect(money(null)).toBe('n/a');
    expect(signedMoney(141)).toBe('+$141');
    expect(signedMoney(-1710.25)).toBe('\u2212$1,710');
  });

  it('keeps Intl for what is not a safe integer', () => {
    expect(grouped(1e21)).toBe(EN_US.format(1e21));
    expect(grouped(Number.POSITIVE_INFINITY)).toBe('∞');
  });
});
