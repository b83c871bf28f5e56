import { SourceError } from '../errors.ts';
import type { Bounds } from './plausible.ts';

const PLAIN_DECIMAL = /^-?(?:\d+|\d{1,3}(?:,\d{3})+)(?:\.\d+)?$/;

/** A cell as the readers hand it over: CSV gives strings, workbooks give numbers, strings, booleans or dates. */
export type Cell = string | number | boolean | Date | null | undefined;

/** A column (from 0) and whether a row holding `cell` there is left out: how a national file is read for one state. */
export interface RowGate {
  column: number;
  leaves: (cell: Cell) => boolean;
}

/** A header row plus data rows, with enough bookkeeping to point at any cell in an error. */
export interface Table {
  file: string;
  header: string[];
  rows: Cell[][];
  /** The row number (line, or sheet row) a person sees for each data row. */
  rowNumbers: number[];
  /** The row number of the header: what an error about a column names (rows left out may follow it). */
  headerRow: number;
  /** Rows read and left out on the way (`DelimitedOptions.leaveOut`): other states' rows of a national file. */
  rowsLeftOut: number;
  /** How a column is named in messages: `safmr_2br`, or `C (ZIP Code)` for a sheet. */
  columnLabel: (index: number) => string;
}

/** A parsed JSON value as cell text: an object or array keeps its JSON, so an error can show it. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' || value instanceof Date) return String(value);
  return JSON.stringify(value);
}

/** Header text compared loosely: HUD writes `ZIP\r\nCode` one year and `ZIP Code` the next. */
export function normalizeHeader(header: unknown): string {
  return cellText(header)
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

export function sheetColumnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/**
 * The index of the first column whose normalized header passes `matches`.
 * A missing column is an error naming what was looked for and what the file has.
 */
export function findColumn(table: Table, wanted: string, matches: (header: string) => boolean): number;
export function findColumn(
  table: Table,
  wanted: string,
  matches: (header: string) => boolean,
  optional: true,
): number | undefined;
export function findColumn(
  table: Table,
  wanted: string,
  matches: (header: string) => boolean,
  optional = false,
): number | undefined {
  const index = columnIndex(table.header, matches);
  if (index >= 0) return index;
  if (optional) return undefined;
  const found = table.header.map((h) => JSON.stringify(normalizeHeader(h))).join(', ');
  throw new SourceError({ file: table.file, row: table.headerRow }, `missing column ${wanted}; the header has ${found || 'nothing'}`);
}

/** The first column whose normalized header `matches`, or -1: how every reader finds a column by name. */
export function columnIndex(header: readonly string[], matches: (header: string) => boolean): number {
  return header.findIndex((h) => matches(normalizeHeader(h)));
}

/** A cell's text as `RowReader.text` reads it: trimmed, a date in ISO form, an empty cell ''. */
function trimmedText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString();
  return String(cell).trim();
}

/**
 * The text of a cell holding a code: a spreadsheet may store one as a number (leading zeros lost),
 * which gives its digits, or undefined when it is not a whole number from 0; any other cell its
 * trimmed text. `RowReader.code` and `zipGate` read codes this way.
 */
export function codeCellText(cell: Cell): string | undefined {
  if (typeof cell === 'number') return Number.isInteger(cell) && cell >= 0 ? String(cell) : undefined;
  return trimmedText(cell);
}

/** A code written as digits, padded back to its width (`1001` → `01001`); undefined for anything else. */
export function codeFromText(text: string, digits: number): string | undefined {
  return /^\d+$/.test(text) && text.length <= digits ? text.padStart(digits, '0') : undefined;
}

/**
 * A row gate for a national file read for one state: the ZIP column (the first whose header passes
 * `isZipHeader`) and a test that refuses a row holding a well-formed ZIP that `keepZip` refuses. A
 * row with a malformed ZIP is kept, so its parser reports it just as if every row had been kept;
 * without the column there is no gate, and `findColumn` names what is missing. `zipOf` reads the
 * cell's text as `codeCellText` gives it.
 */
export function zipGate(
  isZipHeader: (header: string) => boolean,
  keepZip: (zip: string) => boolean,
  zipOf: (text: string) => string | undefined = (text) => codeFromText(text, 5),
): (header: string[]) => RowGate | undefined {
  return (header) => {
    const column = columnIndex(header, isZipHeader);
    if (column < 0) return undefined;
    return {
      column,
      leaves: (cell) => {
        const text = codeCellText(cell);
        const zip = text === undefined ? undefined : zipOf(text);
        return zip !== undefined && !keepZip(zip);
      },
    };
  };
}

/** `zipGate` as `readDelimited`'s `leaveOut`: rows whose ZIP the gate refuses. */
export function zipsOutside(
  isZipHeader: (header: string) => boolean,
  keepZip: (zip: string) => boolean,
  zipOf?: (text: string) => string | undefined,
): (header: string[]) => ((row: string[]) => boolean) | undefined {
  const gateFor = zipGate(isZipHeader, keepZip, zipOf);
  return (header) => {
    const gate = gateFor(header);
    return gate && ((row) => gate.leaves(row[gate.column] ?? null));
  };
}

/**
 * A header that names the same column twice is an error naming it: which of the two a parser reads
 * would be a guess (`columnLabel` names a column as the messages do). Empty header cells are not names.
 */
export function checkHeaderNamesOnce(header: readonly string[], file: string, row: number, columnLabel: (index: number) => string): void {
  const seen = new Map<string, number>();
  header.forEach((name, index) => {
    const key = normalizeHeader(name);
    if (key === '') return;
    const first = seen.get(key);
    if (first !== undefined) throw new SourceError({ file, row, column: columnLabel(index) }, `the header names column "${name.trim()}" twice (also ${columnLabel(first)}): which to read is not ours to guess`);
    seen.set(key, index);
  });
}

export function headerIs(...names: string[]): (header: string) => boolean {
  const set = new Set(names);
  return (header) => set.has(header);
}

/** Typed access to one data row; every failure names the file, row and column. */
export class RowReader {
  private readonly table: Table;
  private cells: Cell[] = [];
  row = 0;

  constructor(table: Table) {
    this.table = table;
  }

  at(index: number): this {
    this.cells = this.table.rows[index] ?? [];
    this.row = this.table.rowNumbers[index] ?? index + 2;
    return this;
  }

  fail(column: number | undefined, detail: string): never {
    throw new SourceError(
      {
        file: this.table.file,
        row: this.row,
        ...(column === undefined ? {} : { column: this.table.columnLabel(column) }),
      },
      detail,
    );
  }

  raw(column: number): Cell {
    return this.cells[column];
  }

  isEmpty(column: number): boolean {
    const cell = this.cells[column];
    return cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');
  }

  text(column: number): string {
    return trimmedText(this.cells[column]);
  }

  /** A five-digit code that a spreadsheet may have stored as a number (leading zeros lost). */
  code(column: number, digits: number, what: string): string {
    const cell = this.cells[column];
    const text = codeCellText(cell);
    if (text === undefined) this.fail(column, `${what} ${String(cell)} is not a ${digits}-digit code`);
    const code = codeFromText(text, digits);
    if (code === undefined) this.fail(column, `${what} ${JSON.stringify(text)} is not a ${digits}-digit code`);
    return code;
  }

  /**
   * A finite number, or null for an empty cell. Text must be plain decimal: digits, an optional
   * `.` fraction, an optional leading minus, and US thousands commas only in their right places
   * (`1,500`). Everything else (`0x5DC`, `1e3`, `1.500,25`, `$1500`) is an error, never a guess.
   */
  number(column: number, what: string): number | null {
    const cell = this.cells[column];
    if (this.isEmpty(column)) return null;
    if (typeof cell === 'number') {
      if (!Number.isFinite(cell)) this.fail(column, `${what} ${String(cell)} is not a number`);
      return cell;
    }
    const text = this.text(column);
    if (typeof cell === 'boolean' || cell instanceof Date || !PLAIN_DECIMAL.test(text)) {
      this.fail(column, `${what} ${JSON.stringify(text)} is not a number`);
    }
    return Number(text.replaceAll(',', ''));
  }

  private within(column: number, what: string, value: number, bounds: Bounds | undefined): number {
    if (value < 0) this.fail(column, `${what} ${value} is negative`);
    if (bounds && (value < bounds.min || value > bounds.max)) {
      this.fail(column, `${what} ${value} is outside the plausible range $${bounds.min}-$${bounds.max}`);
    }
    return value;
  }

  /** A rent in whole dollars, or null for an empty cell; negative, fractional or implausible rents are errors. */
  wholeDollars(column: number, what: string, bounds?: Bounds): number | null {
    const value = this.number(column, what);
    if (value === null) return null;
    if (!Number.isInteger(value)) this.fail(column, `${what} ${value} is not in whole dollars`);
    return this.within(column, what, value, bounds);
  }

  /** A non-negative amount that may carry cents (market rents), or null for an empty cell. */
  amount(column: number, what: string, bounds?: Bounds): number | null {
    const value = this.number(column, what);
    return value === null ? null : this.within(column, what, value, bounds);
  }
}
