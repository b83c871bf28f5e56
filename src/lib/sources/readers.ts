import Papa from 'papaparse';
import readExcelFile from 'read-excel-file/node';
import { SourceError } from '../errors.ts';
import { normalizeHeader, sheetColumnLetter, type Cell, type Table } from './table.ts';

export interface DelimitedOptions {
  delimiter?: string;
  /** GeoNames has no header row: columns are then named by their 1-based position. */
  hasHeader?: boolean;
  /** GeoNames place names may hold a bare `"`; its dump is not quoted at all. */
  quoted?: boolean;
}

/**
 * Delimited text to a Table. Rows are numbered as a spreadsheet shows them (the header is row 1).
 * Ragged or truncated rows, unclosed quotes and empty files are errors.
 */
export function readDelimited(text: string, file: string, options: DelimitedOptions = {}): Table {
  const { delimiter = ',', hasHeader = true, quoted = true } = options;
  const result = Papa.parse<string[]>(text.startsWith('\uFEFF') ? text.slice(1) : text, {
    delimiter,
    skipEmptyLines: true,
    // NUL never occurs in these files, so it switches quoting off for the unquoted GeoNames dump.
    quoteChar: quoted ? '"' : '\u0000',
  });
  const records = result.data;
  if (records.length === 0) throw new SourceError({ file }, 'file is empty');
  const header = hasHeader ? (records.shift() ?? []) : Array.from({ length: records[0]?.length ?? 0 }, (_, i) => String(i + 1));
  if (records.length === 0) throw new SourceError({ file, row: 2 }, 'file has a header but no data rows');
  const firstRow = hasHeader ? 2 : 1;
  const quoteError = result.errors.find((e) => e.type === 'Quotes');
  if (quoteError) throw new SourceError({ file, row: (quoteError.row ?? 0) + 1 }, `${quoteError.message} (truncated or malformed file)`);
  // Papaparse reports ragged rows only against a header it keeps itself; check every row here.
  const ragged = records.findIndex((r) => r.length !== header.length);
  if (ragged >= 0) {
    const got = records[ragged]?.length ?? 0;
    throw new SourceError({ file, row: ragged + firstRow }, `row has ${got} columns, the header has ${header.length} (truncated or malformed file)`);
  }
  return {
    file,
    header,
    rows: records,
    rowNumbers: records.map((_, i) => i + firstRow),
    columnLabel: (index) => (hasHeader ? (header[index] ?? `#${index + 1}`) : `${index + 1}`),
  };
}

/** One sheet of an .xlsx workbook, chosen by a predicate over its header row. */
export async function readWorkbook(
  bytes: Buffer,
  file: string,
  wantsSheet: (header: string[]) => boolean,
): Promise<Table> {
  let sheets: { sheet: string; data: Cell[][] }[];
  try {
    sheets = (await readExcelFile(bytes)) as { sheet: string; data: Cell[][] }[];
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SourceError({ file }, `not a readable .xlsx workbook (${reason})`);
  }
  for (const { sheet, data } of sheets) {
    const headerIndex = data.findIndex((row) => row.some((cell) => cell !== null && cell !== undefined && cell !== ''));
    if (headerIndex < 0) continue;
    const header = (data[headerIndex] ?? []).map((cell) => (cell === null || cell === undefined ? '' : String(cell)));
    if (!wantsSheet(header.map(normalizeHeader))) continue;
    const rows = data.slice(headerIndex + 1);
    if (rows.length === 0) throw new SourceError({ file: `${file} [${sheet}]`, row: headerIndex + 2 }, 'sheet has a header but no data rows');
    return {
      file: `${file} [${sheet}]`,
      header,
      rows,
      rowNumbers: rows.map((_, i) => headerIndex + 2 + i),
      columnLabel: (index) => `${sheetColumnLetter(index)} (${normalizeHeader(header[index])})`,
    };
  }
  const names = sheets.map((s) => s.sheet).join(', ');
  throw new SourceError({ file }, `no sheet has the expected columns (sheets: ${names || 'none'})`);
}
