import Papa from 'papaparse';
import { SourceError } from '../errors.ts';
import readXlsxFile from 'read-excel-file/node';
import { type Cell, cellText, checkHeaderNamesOnce, normalizeHeader, type RowGate, sheetColumnLetter, type Table } from './table.ts';

export interface DelimitedOptions {
  delimiter?: string;
  /** GeoNames has no header row: columns are then named by their 1-based position. */
  hasHeader?: boolean;
  /** GeoNames place names may hold a bare `"`; its dump is not quoted at all. */
  quoted?: boolean;
  /**
   * Rows to leave out as they are read, decided from the header (see `zipsOutside`): a national file
   * read for one state keeps that state's rows only, so the rest never pile up in memory. Every row is
   * still checked for its shape, and a row the predicate leaves out is only counted.
   */
  leaveOut?: (header: string[]) => ((row: string[]) => boolean) | undefined;
}

/**
 * Delimited text to a Table. Rows are numbered as a spreadsheet shows them (the header is row 1).
 * Ragged or truncated rows, unclosed quotes and empty files are errors.
 */
export function readDelimited(text: string, file: string, options: DelimitedOptions = {}): Table {
  const { delimiter = ',', hasHeader = true, quoted = true, leaveOut } = options;
  let header: string[] | undefined;
  let leftOut: ((row: string[]) => boolean) | undefined;
  const rows: string[][] = [];
  const rowNumbers: number[] = [];
  let records = 0;
  let rowsLeftOut = 0;
  let quoteErrorRow: number | undefined;
  let quoteErrorMessage = '';
  let raggedRow: { row: number; columns: number } | undefined;
  // One record at a time: a national file's other states are dropped as they pass, not held.
  Papa.parse<string[]>(text.startsWith('\uFEFF') ? text.slice(1) : text, {
    delimiter,
    skipEmptyLines: true,
    // NUL never occurs in these files, so it switches quoting off for the unquoted GeoNames dump.
    quoteChar: quoted ? '"' : '\u0000',
    step: ({ data: record, errors }) => {
      records += 1;
      // As a spreadsheet numbers it: the header, when there is one, is row 1.
      const row = records;
      const quoteError = errors.find((e) => e.type === 'Quotes');
      if (quoteError && quoteErrorRow === undefined) {
        quoteErrorRow = row;
        quoteErrorMessage = quoteError.message;
      }
      if (header === undefined) {
        header = hasHeader ? record : Array.from({ length: record.length }, (_, i) => String(i + 1));
        leftOut = leaveOut?.(header);
        if (hasHeader) return;
      }
      // Papaparse reports ragged rows only against a header it keeps itself; check every row here.
      if (record.length !== header.length) {
        raggedRow ??= { row, columns: record.length };
        return;
      }
      if (leftOut?.(record)) {
        rowsLeftOut += 1;
        return;
      }
      rows.push(record);
      rowNumbers.push(row);
    },
  });
  if (header === undefined) throw new SourceError({ file }, 'file is empty');
  if (hasHeader) checkHeaderNamesOnce(header, file, 1, (index) => header?.[index] ?? `#${index + 1}`);
  if (hasHeader && records === 1) throw new SourceError({ file, row: 2 }, 'file has a header but no data rows');
  if (quoteErrorRow !== undefined) throw new SourceError({ file, row: quoteErrorRow }, `${quoteErrorMessage} (truncated or malformed file)`);
  if (raggedRow) {
    throw new SourceError({ file, row: raggedRow.row }, `row has ${raggedRow.columns} columns, the header has ${header.length} (truncated or malformed file)`);
  }
  const columns = header;
  return {
    file,
    header: columns,
    rows,
    rowNumbers,
    // Without a header a column error names the first row.
    headerRow: 1,
    rowsLeftOut,
    columnLabel: (index) => (hasHeader ? (columns[index] ?? `#${index + 1}`) : `${index + 1}`),
  };
}

/** A sheet as read-excel-file reads it: every row, every state's. */
export interface Sheet {
  sheet: string;
  data: Cell[][];
}

/** Reads every sheet of a workbook's bytes: read-excel-file itself, or a cache in front of it (parse-cache.ts). */
export type WorkbookSheets = (bytes: Buffer) => Promise<Sheet[]>;

export const readSheets: WorkbookSheets = async (bytes) => (await readXlsxFile(bytes)) as Sheet[];

/**
 * One sheet of an .xlsx workbook, the first whose header row (its first row with a value) passes
 * `wantsSheet`, read with read-excel-file. `leaveOut` works as `DelimitedOptions.leaveOut` does, on
 * the chosen sheet's header: a national sheet read for one state keeps that state's rows only. A
 * workbook read-excel-file cannot read (a truncated download, an HTML page, malformed XML or a cell
 * its type cannot hold, anywhere in the workbook) is one error naming the file. `sheetsOf` reads the
 * sheets (read-excel-file, unless a cache is given).
 */
export async function readWorkbook(
  bytes: Buffer,
  file: string,
  wantsSheet: (header: string[]) => boolean,
  leaveOut?: (header: string[]) => RowGate | undefined,
  sheetsOf: WorkbookSheets = readSheets,
): Promise<Table> {
  let sheets: Sheet[];
  try {
    sheets = await sheetsOf(bytes);
  } catch (error) {
    throw new SourceError({ file }, `not a readable .xlsx workbook (${error instanceof Error ? error.message : String(error)})`);
  }
  for (const { sheet, data } of sheets) {
    // Text cells arrive trimmed, an empty one as null; rows are numbered from the sheet's row 1.
    const headerIndex = data.findIndex((row) => row.some((cell) => cell !== null));
    if (headerIndex < 0) continue;
    const header = (data[headerIndex] ?? []).map(cellText);
    const normalized = header.map(normalizeHeader);
    if (!wantsSheet(normalized)) continue;
    checkHeaderNamesOnce(header, `${file} [${sheet}]`, headerIndex + 1, (index) => `${sheetColumnLetter(index)} (${normalizeHeader(header[index])})`);
    const gate = leaveOut?.(normalized);
    const rows: Cell[][] = [];
    const rowNumbers: number[] = [];
    let rowsLeftOut = 0;
    for (let i = headerIndex + 1; i < data.length; i++) {
      const row = data[i] ?? [];
      if (gate?.leaves(row[gate.column] ?? null)) rowsLeftOut += 1;
      else {
        rows.push(row);
        rowNumbers.push(i + 1);
      }
    }
    if (rows.length === 0 && rowsLeftOut === 0) throw new SourceError({ file: `${file} [${sheet}]`, row: headerIndex + 2 }, 'sheet has a header but no data rows');
    return {
      file: `${file} [${sheet}]`,
      header,
      rows,
      rowNumbers,
      headerRow: headerIndex + 1,
      rowsLeftOut,
      columnLabel: (index) => `${sheetColumnLetter(index)} (${normalizeHeader(header[index])})`,
    };
  }
  const names = sheets.map((s) => s.sheet).join(', ');
  throw new SourceError({ file }, `no sheet has the expected columns (sheets: ${names || 'none'})`);
}
