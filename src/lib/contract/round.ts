/**
 * The one rounding rule of the service: half away from zero (as spreadsheet ROUND and decimal
 * ROUND_HALF_UP do), so a value and its negation round to the same magnitude: −6.25 → −6.3.
 * Going through the decimal text (`1166.225e2`) keeps 1166.225 from rounding down because its
 * binary double sits a hair below the half.
 */
export function roundHalfAway(value: number, digits = 0): number {
  // A whole number is its own rounding (most rents are whole dollars): no trip through text.
  if (Number.isSafeInteger(value)) return value === 0 ? 0 : value;
  // To whole units the decimal text is the double itself (`${x}e0` parses back to x): no trip
  // through it, which also keeps a value whose text has an exponent (1e21) from becoming NaN.
  const rounded = digits === 0 ? Math.round(Math.abs(value)) : Number(`${Math.round(Number(`${Math.abs(value)}e${digits}`))}e-${digits}`);
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** 100 × part / whole, to one decimal; null when either side is missing or the base is not positive. */
export function percentOf(part: number | null, whole: number | null): number | null {
  if (part === null || whole === null || whole <= 0) return null;
  return roundHalfAway((100 * part) / whole, 1);
}
