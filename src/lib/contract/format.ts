// How amounts and area names are written, apart from present.ts and its schemas: the voucher answer
// (in the browser and in the typed client) needs these alone.
import { roundHalfAway } from './round.ts';

/** A value the data does not have. */
export const MISSING = 'n/a';
/** The typographic minus: `−$392`, not `$-392`. */
export const MINUS = '\u2212';

// Whole dollars grouped by thousands as en-US writes them (`1,850`): one formatter, made once, for
// every amount of every page (a Texas build writes some 100,000).
const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const CENTS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const grouped = (whole: number): string => WHOLE_DOLLARS.format(Math.abs(whole));

/** Whole dollars: `$1,850`, `−$392`; cents are rounded half away from zero. */
export function money(v: number | null | undefined): string {
  if (v === null || v === undefined) return MISSING;
  const whole = roundHalfAway(v);
  return `${whole < 0 ? MINUS : ''}$${grouped(whole)}`;
}

/** Dollars and cents, for an hourly wage: `$49.23`. */
export function moneyWithCents(v: number | null | undefined): string {
  if (v === null || v === undefined) return MISSING;
  return `${v < 0 ? MINUS : ''}$${CENTS.format(Math.abs(v))}`;
}

/** "Minneapolis-St. Paul-Bloomington, MN-WI HUD Metro FMR Area" → "Minneapolis-St. Paul-Bloomington, MN-WI". */
export function areaShortName(name: string): string {
  return name.replace(/\s+(HUD Metro FMR Area|MSA|HUD Nonmetro FMR Area)$/i, '');
}
