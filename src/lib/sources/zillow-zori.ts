// Zillow Observed Rent Index, ZIP level, monthly: one row per ZIP, one column per month.
import { SourceError } from '../errors.ts';
import { NO_DATE_LIMITS, RENT_BOUNDS, type DateLimits } from './plausible.ts';
import { readDelimited } from './readers.ts';
import { columnIndex, findColumn, headerIs, RowReader, zipsOutside, type Table } from './table.ts';

export interface ZoriPoint {
  /** `YYYY-MM`. */
  month: string;
  /** Dollars as published (smoothed, with cents). */
  rent: number;
}

export interface ZoriSeries {
  zip: string;
  points: ZoriPoint[];
  file: string;
  row: number;
}

export interface ZoriFile {
  series: ZoriSeries[];
  /** Every month column of the file, oldest first, whether or not the state has values in it. */
  months: string[];
  /** ZIP rows of other states: none for this state is then a gap in Zillow's coverage (Puerto Rico), not a broken file. */
  rowsElsewhere: number;
}

/**
 * A month column header as `YYYY-MM`. Zillow publishes `2023-10-31`; a spreadsheet that re-saved
 * the file writes `10/31/2023`. Anything not shaped like a date is not a month column; a date-shaped
 * header with an impossible month or day (`2023-13-31`) is `invalid`.
 */
export function monthFromHeader(header: string): string | undefined {
  const text = header.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (!iso && !us) return undefined;
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : [us?.[3], us?.[1], us?.[2]];
  if (Number(month) < 1 || Number(month) > 12 || Number(day) < 1 || Number(day) > 31) return 'invalid';
  return `${year}-${String(month).padStart(2, '0')}`;
}

/**
 * The month columns of a Zillow table, oldest first. A header shaped like a date that is no date, a
 * month after the build's, a month out of order or no month at all is an error naming the column.
 */
export function monthColumns(table: Table, limits: DateLimits): { index: number; month: string }[] {
  const { file } = table;
  const monthCols: { index: number; month: string }[] = [];
  table.header.forEach((header, index) => {
    const month = monthFromHeader(header);
    if (month === 'invalid') throw new SourceError({ file, row: 1, column: header }, `month column ${JSON.stringify(header)} is not a valid date`);
    if (month && month > limits.latestMonth) throw new SourceError({ file, row: 1, column: header }, `month ${month} is after ${limits.latestMonth}, the month of the build`);
    if (month) monthCols.push({ index, month });
  });
  if (monthCols.length === 0) throw new SourceError({ file, row: 1 }, 'no month columns (expected headers like 2023-10-31 or 10/31/2023)');
  for (let i = 1; i < monthCols.length; i++) {
    const prev = monthCols[i - 1] as { index: number; month: string };
    const cur = monthCols[i] as { index: number; month: string };
    if (cur.month <= prev.month) {
      throw new SourceError({ file, row: 1, column: table.header[cur.index] }, `month ${cur.month} does not follow ${prev.month}`);
    }
  }
  return monthCols;
}

export function parseZoriCsv(text: string, file: string, keepZip: (zip: string) => boolean, limits: DateLimits = NO_DATE_LIMITS): ZoriFile {
  const isRegionName = headerIs('regionname');
  const isRegionType = headerIs('regiontype');
  const table = readDelimited(text, file, {
    leaveOut: (header) => {
      const outside = zipsOutside(isRegionName, keepZip)(header);
      const type = columnIndex(header, isRegionType);
      // Only a ZIP's row counts as a row elsewhere; a metro's or a city's is skipped below, uncounted.
      return outside && ((row) => (type < 0 || (row[type] ?? '').trim().toLowerCase() === 'zip') && outside(row));
    },
  });
  const zipCol = findColumn(table, 'RegionName', isRegionName);
  const typeCol = findColumn(table, 'RegionType', isRegionType, true);
  const monthCols = monthColumns(table, limits);
  const reader = new RowReader(table);
  const series: ZoriSeries[] = [];
  let rowsElsewhere = table.rowsLeftOut;
  for (let i = 0; i < table.rows.length; i++) {
    reader.at(i);
    if (typeCol !== undefined && reader.text(typeCol).toLowerCase() !== 'zip') continue;
    // Spreadsheets turn RegionName 01001 into the number 1001; the ZIP is the text padded back.
    const zip = reader.code(zipCol, 5, 'RegionName');
    if (!keepZip(zip)) {
      rowsElsewhere++;
      continue;
    }
    const points: ZoriPoint[] = [];
    for (const { index, month } of monthCols) {
      const rent = reader.amount(index, `rent for ${month}`, RENT_BOUNDS.marketRent);
      if (rent !== null) points.push({ month, rent });
    }
    series.push({ zip, points, file: table.file, row: reader.row });
  }
  return { series, months: monthCols.map((c) => c.month), rowsElsewhere };
}
