/**
 * The one rounding rule of the service: half up, on the number's shortest decimal form.
 * Going through the decimal text (`1166.225e2`) keeps 1166.225 from rounding down
 * because its binary double sits a hair below the half.
 */
export function roundHalfUp(value: number, digits = 0): number {
  const shifted = Math.round(Number(`${value}e${digits}`));
  const rounded = Number(`${shifted}e-${digits}`);
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** 100 × part / whole, to one decimal; null when either side is missing or the base is not positive. */
export function percentOf(part: number | null, whole: number | null): number | null {
  if (part === null || whole === null || whole <= 0) return null;
  return roundHalfUp((100 * part) / whole, 1);
}
