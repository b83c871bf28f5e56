// SAFMR rows to each ZIP's bedroom rents by fiscal year.
import { SourceError } from '../errors.ts';
import { BEDROOMS, type BedroomRents } from '../contract/schemas.ts';
import type { SafmrRow } from '../sources/hud-safmr.ts';
import { percentOf } from '../contract/round.ts';

export interface ZipFmrHistory {
  byYear: Map<number, BedroomRents>;
  /** HUD areas of the ZIP's rows in each year (a ZIP split between areas has several). */
  areasByYear: Map<number, string[]>;
}

const sameRents = (a: BedroomRents, b: BedroomRents) => BEDROOMS.every((br) => a[br] === b[br]);

/**
 * Groups rows by ZIP and year. A ZIP listed once per HUD area must carry the same rents on each
 * row; if it ever does not, which value to publish is unknowable, so the build stops.
 */
export function fmrHistories(rows: readonly SafmrRow[]): Map<string, ZipFmrHistory> {
  const histories = new Map<string, ZipFmrHistory>();
  const firstRow = new Map<string, SafmrRow>();
  for (const row of rows) {
    let history = histories.get(row.zip);
    if (!history) {
      history = { byYear: new Map(), areasByYear: new Map() };
      histories.set(row.zip, history);
    }
    const key = `${row.zip}/${row.fiscalYear}`;
    const earlier = firstRow.get(key);
    if (earlier && !sameRents(earlier.rents, row.rents)) {
      const show = (r: SafmrRow) => BEDROOMS.map((br) => r.rents[br] ?? '-').join('/');
      throw new SourceError(
        { file: row.file, row: row.row },
        `ZIP ${row.zip} has conflicting FY${row.fiscalYear} rents: ${show(row)} here, ${show(earlier)} at ${earlier.file} row ${earlier.row}`,
      );
    }
    if (!earlier) {
      firstRow.set(key, row);
      history.byYear.set(row.fiscalYear, row.rents);
    }
    history.areasByYear.set(row.fiscalYear, [...(history.areasByYear.get(row.fiscalYear) ?? []), row.areaName]);
  }
  return histories;
}

/** `{"2024": {...}, "2025": {...}}`, years ascending. */
export function fmrByFiscalYear(history: ZipFmrHistory): Record<string, BedroomRents> {
  const years = [...history.byYear.keys()].sort((a, b) => a - b);
  return Object.fromEntries(years.map((year) => [String(year), { ...(history.byYear.get(year) as BedroomRents) }]));
}

/** Percent change of the 2-bedroom FMR from the prior fiscal year to `year`, one decimal, or null. */
export function fmr2YearOverYear(history: ZipFmrHistory, year: number): number | null {
  const latest = history.byYear.get(year)?.br2 ?? null;
  const prior = history.byYear.get(year - 1)?.br2 ?? null;
  if (latest === null || prior === null) return null;
  return percentOf(latest - prior, prior);
}
