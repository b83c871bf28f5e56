// How amounts are written in one locale, and area names shortened: words.ts makes a language's
// formats here, with its own word for a missing value. Intl does the grouping and the currency sign
// where the locale puts them; a negative amount takes the typographic minus (`−$392`, not `-$392`).
import { roundHalfAway } from './round.ts';

/** The typographic minus. */
export const MINUS = '\u2212';

export interface NumberFormats {
  /** Whole dollars: `$1,850`, `−$392`; cents are rounded half away from zero. */
  readonly money: (v: number | null | undefined) => string;
  /** Dollars and cents, for an hourly wage: `$49.23`. */
  readonly moneyWithCents: (v: number | null | undefined) => string;
  /** A difference in dollars with its sign: `+$141`, `−$710`, `$0`. */
  readonly signedMoney: (v: number | null | undefined) => string;
  /** A whole number grouped by thousands, without its sign: `1,850`. */
  readonly grouped: (whole: number) => string;
  /** A percent with one decimal, no sign of its own (for "8.3% above"): `8.3%`. */
  readonly percent: (v: number | null | undefined) => string;
  /** A percent with one decimal and its sign: `+2.0%`, `−27.7%`, `0.0%`. */
  readonly signedPercent: (v: number | null | undefined) => string;
}

const minus = (text: string) => text.replace(/-/g, MINUS);

/** The formats of `locale`, each made once (a Texas build writes some 100,000 amounts); `missing` stands for a value the data does not have. */
export function numberFormats(locale: string, missing: string): NumberFormats {
  const currency = { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' } as const;
  const dollars = new Intl.NumberFormat(locale, { ...currency, maximumFractionDigits: 0, minimumFractionDigits: 0 });
  const signedDollars = new Intl.NumberFormat(locale, { ...currency, maximumFractionDigits: 0, minimumFractionDigits: 0, signDisplay: 'exceptZero' });
  const cents = new Intl.NumberFormat(locale, { ...currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const pct = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const signedPct = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  const absent = (v: number | null | undefined): v is null | undefined => v === null || v === undefined;
  return {
    money: (v) => (absent(v) ? missing : minus(dollars.format(roundHalfAway(v)))),
    moneyWithCents: (v) => (absent(v) ? missing : minus(cents.format(v))),
    signedMoney: (v) => (absent(v) ? missing : minus(signedDollars.format(roundHalfAway(v)))),
    grouped: (n) => whole.format(Math.abs(n)),
    // The percent style multiplies by 100; the data's percents are already rounded to one decimal.
    percent: (v) => (absent(v) ? missing : minus(pct.format(v / 100))),
    signedPercent: (v) => (absent(v) ? missing : minus(signedPct.format(v / 100))),
  };
}

/** "Minneapolis-St. Paul-Bloomington, MN-WI HUD Metro FMR Area" → "Minneapolis-St. Paul-Bloomington, MN-WI". */
export function areaShortName(name: string): string {
  return name.replace(/\s+(HUD Metro FMR Area|MSA|HUD Nonmetro FMR Area)$/i, '');
}

/**
 * A published phone number as a `tel:` URI (RFC 3966), for a link a phone dials:
 * `(218) 741-2610 x209` → `tel:+1-218-741-2610;ext=209`.
 */
export function telUri(phone: string): string {
  const match = /^\((\d{3})\) (\d{3})-(\d{4})(?: x(\d+))?$/.exec(phone);
  if (!match) throw new Error(`${phone} is not a phone number as the records write it`);
  return `tel:+1-${match[1]}-${match[2]}-${match[3]}${match[4] ? `;ext=${match[4]}` : ''}`;
}

/** A phone number as a link's text: the spaces and hyphens non-breaking, so a number never wraps across two lines. */
export const phoneLinkText = (phone: string): string => phone.replace(/ /g, '\u00a0').replace(/-/g, '\u2011');
