// Rounding (CONTRACT-NOTES: half away from zero) and percents, on values made in code.
import { describe, expect, it } from 'vitest';
import { percentOf, roundHalfAway } from '../../src/lib/derive/round.ts';

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

  it('gives percents to one decimal, null without a positive base', () => {
    expect(percentOf(60, 1470)).toBe(4.1);
    expect(percentOf(244, 1530)).toBe(15.9);
    expect(percentOf(1, 8)).toBe(12.5);
    expect(percentOf(null, 1)).toBeNull();
    expect(percentOf(5, 0)).toBeNull();
  });
});
