// What a value from a source may be before the build believes it. A rent outside these bounds, a
// fiscal year or month after the build date, or text that is not UTF-8 is a broken or wrong file,
// not data: the build stops naming the file, row and column.
import { SourceError } from '../errors.ts';

export interface Bounds {
  min: number;
  max: number;
}

/** Monthly rents in dollars. */
export const RENT_BOUNDS = {
  /** No HUD FMR area anywhere has a 0-4 bedroom FMR under $100 or over $20,000 (the highest SAFMRs are near $10,000). */
  fmr: { min: 100, max: 20_000 },
  /**
   * The market rent index of a ZIP: an average asking rent, never under $100. The highest is Water
   * Mill, NY (11976): $50,833 in October 2023; $100,000 leaves room above it and still stops rents
   * in cents.
   */
  marketRent: { min: 100, max: 100_000 },
  /** ACS B25064 is bottom-coded at $99 ("less than $100") and top-coded at $3,501 in the 5-year tables
   * through 2019-2023; $10,001 leaves room for a raised top code. */
  censusRent: { min: 99, max: 10_001 },
} as const satisfies Record<string, Bounds>;

export interface DateLimits {
  /** The build (or fetch) date, `YYYY-MM-DD`: the income limits read are those in effect on it. */
  date: string;
  /** The newest fiscal year a file may hold: HUD posts FY N in August of N-1, and FY N takes effect on 1 October of N-1. */
  latestFiscalYear: number;
  /** The newest month a monthly series may hold: the build's own month (`YYYY-MM`). */
  latestMonth: string;
}

/** The limits on a build date (`YYYY-MM-DD`, UTC). */
export function dateLimits(asOf: string): DateLimits {
  const match = /^(\d{4})-(\d{2})-\d{2}/.exec(asOf);
  if (!match) throw new Error(`not a date: ${asOf}`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  return { date: asOf.slice(0, 10), latestFiscalYear: month >= 8 ? year + 1 : year, latestMonth: `${match[1]}-${match[2]}` };
}

/** Limits that let every date through: for parsing a file on its own, outside a build or a fetch. */
export const NO_DATE_LIMITS: DateLimits = { date: '9999-12-31', latestFiscalYear: 9999, latestMonth: '9999-12' };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Text of a source file, which must be UTF-8 (a BOM is dropped). A byte that is not UTF-8 (a file
 * saved as Windows-1252, say) is an error naming its row and, for delimited text, its column.
 */
export function decodeUtf8(bytes: Uint8Array, file: string, layout: { delimiter?: string; hasHeader?: boolean } = {}): string {
  try {
    const text = utf8.decode(bytes);
    return text.startsWith('\uFEFF') ? text.slice(1) : text;
  } catch {
    const lossy = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
    const at = lossy.indexOf('\uFFFD');
    const lines = lossy.slice(0, at).split('\n');
    const row = lines.length;
    const before = lines.at(-1) ?? '';
    let column: string | undefined;
    if (layout.delimiter) {
      const index = before.split(layout.delimiter).length - 1;
      const header = layout.hasHeader === false ? undefined : lossy.slice(0, lossy.indexOf('\n')).replace(/\r$/, '').split(layout.delimiter)[index];
      column = header?.replace(/^"|"$/g, '') ?? String(index + 1);
    }
    const around = JSON.stringify(lossy.slice(Math.max(0, at - 12), at + 4));
    throw new SourceError({ file, row, ...(column === undefined ? {} : { column }) }, `not UTF-8 text: a byte that is not UTF-8 in ${around} (save the file as UTF-8)`);
  }
}
