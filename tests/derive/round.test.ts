// Rounding (CONTRACT-NOTES: half away from zero) and percents, on values made in code.
import { describe, expect, it } from 'vitest';
import { percentOf, roundHalfAway } from '../../src/lib/contract/round.ts';

describe('rounding: half away from zero, on the decimal form (CONTRACT-NOTES)', () => {
  it('rounds halves up, including ones a binary double stores a hair low', () => {
    expect(roundHalfAway(1166.225, 2)).toBe(1166.23);
    expect(roundHalfAway(1.005, 2)).toBe(1.01);
    expect(roundHalfAway(2.5)).toBe(3);
    expect(roundHalfAway(-6.55, 1)).toBe(-6.6);
    expect(roundHalfAway(-6.25, 1)).toBe(-6.3);
    expect(roundHalfAway(6.25, 1)).toBe(6.3);
    expect(roundHalfAway(-2.5)).toBe(-3);
    expect(roundHalfAway(-0.04, 1)).toBe(0);
    expect(roundHalfAway(1773.711566)).toBe(1774);
  });

  it('rounds to whole units as the decimal text does, for every kind of double', () => {
    const throughText = (value: number) => {
      const magnitude = Math.round(Number(`${Math.abs(value)}e0`));
      return value < 0 && magnitude !== 0 ? -magnitude : magnitude;
    };
    // Rents times the payment band's 0.9 and 1.1, halves, and values a hair either side of a half.
    const values = [1110.6000000000001, 1234 * 0.9, 1234 * 1.1, 0.5, -0.5, 1.5, 2.4999999999999996, 2.5000000000000004, -1773.5, 0.0001, -0.49999999999999994, 2 ** 53 + 2];
    for (let rent = 300; rent <= 6000; rent += 1) values.push(rent * 0.9, rent * 1.1, rent / 12, -rent / 8);
    for (const value of values) expect(Object.is(roundHalfAway(value), throughText(value)), String(value)).toBe(true);
    // Where the text is in exponent form the trip through it gave NaN; to whole units there is no trip.
    expect([roundHalfAway(1e-7), roundHalfAway(-1e-7), roundHalfAway(1e21), roundHalfAway(Infinity), roundHalfAway(-Infinity)]).toEqual([0, 0, 1e21, Infinity, -Infinity]);
    expect(roundHalfAway(Number.NaN)).toBeNaN();
  });

  it('gives percents to one decimal, null without a positive base', () => {
    expect(percentOf(60, 1470)).toBe(4.1);
    expect(percentOf(244, 1530)).toBe(15.9);
    expect(percentOf(1, 8)).toBe(12.5);
    expect(percentOf(null, 1)).toBeNull();
    expect(percentOf(5, 0)).toBeNull();
  });
});
