// Money in whole cents, so every comparison and rounding is exact: 30% of a monthly income is
// `cents / 4000` dollars, and 0.3 × 39,000 / 12 in floating point is not 975. The yearly amounts the
// arithmetic works in are `Cents`; dollars stay plain numbers, and a function that takes cents
// refuses dollars at compile time (the sum of two Cents is a number until `asCents` says otherwise).

declare const centsBrand: unique symbol;

/** Whole cents. */
export type Cents = number & { readonly [centsBrand]: true };

/** Dollars to whole cents; the callers have checked the value has two decimals at most. */
export const cents = (dollars: number): Cents => Math.round(dollars * 100) as Cents;

/** A sum or difference of whole cents, as cents. */
export const asCents = (whole: number): Cents => whole as Cents;

/** Whole cents back to dollars (two decimals at most). */
export const dollarsOf = (whole: Cents): number => whole / 100;
