// Census ACS 5-year table B25064 (median gross rent) by ZCTA, in any of its three published forms.
import { parseJsonSource, SourceError } from '../errors.ts';
import { RENT_BOUNDS, type Bounds } from './plausible.ts';
import { readDelimited } from './readers.ts';
import { cellText, findColumn, headerIs, RowReader, type Table } from './table.ts';

export interface AcsRent {
  zcta: string;
  medianGrossRent: number;
  marginOfError: number | null;
}

export interface AcsFile {
  /** The 5-year period, `2019-2023`. */
  vintage: string;
  table: 'B25064';
  rents: AcsRent[];
  /** Rows of ZCTAs outside the state: a file for other states only is a gap, not a broken file. */
  rowsElsewhere: number;
  /** The state's ZCTAs whose median the Census marks as not published (its annotation text or values). */
  annotated: number;
}

// The Census marks an estimate it does not publish with annotation text in its tables and files, or
// with one of its annotation values in the API ("Notes on ACS API variable types"): published here as
// null and counted. Any other negative value is an error, never a silent null.
const ANNOTATION_TEXT = new Set(['-', 'N', '(X)', '*', '**', '***', '*****', 'null']);
const ANNOTATION_VALUES = new Set([-999999999, -888888888, -666666666, -555555555, -333333333, -222222222]);

/** Rows of the state whose estimate carries an annotation: counted as they are read. */
interface Annotated {
  count: number;
}

function estimate(reader: RowReader, column: number, what: string, annotated: Annotated, bounds?: Bounds): number | null {
  const text = reader.text(column);
  if (text === '') return null;
  if (ANNOTATION_TEXT.has(text)) {
    annotated.count += 1;
    return null;
  }
  const value = reader.number(column, what);
  if (value === null) return null;
  if (value < 0) {
    if (!ANNOTATION_VALUES.has(value)) reader.fail(column, `${what} ${value} is negative, and not one of the Census's annotation values (-666666666 and its family)`);
    annotated.count += 1;
    return null;
  }
  if (!Number.isInteger(value)) reader.fail(column, `${what} ${value} is not in whole dollars`);
  if (bounds && (value < bounds.min || value > bounds.max)) reader.fail(column, `${what} ${value} is outside the plausible range $${bounds.min}-$${bounds.max}`);
  return value;
}

/** `acsdt5y2023-b25064.dat`, `acs5_2023_b25064.json` → "2019-2023"; a file naming the period keeps it. */
export function acsVintageFromFileName(file: string): string | undefined {
  const name = file.split('/').pop() ?? file;
  const period = /(\d{4})[-_](\d{4})/.exec(name);
  if (period && Number(period[2]) - Number(period[1]) === 4) return `${period[1]}-${period[2]}`;
  const year = /(?:acsdt5y|acs5[_-]?)(\d{4})/i.exec(name);
  return year ? `${Number(year[1]) - 4}-${year[1]}` : undefined;
}

function readRents(
  table: Table,
  zctaOf: (reader: RowReader) => string | undefined,
  estimateCol: number,
  moeCol: number | undefined,
  keepZcta: (zcta: string) => boolean,
): { rents: AcsRent[]; rowsElsewhere: number; annotated: number } {
  const reader = new RowReader(table);
  const rents: AcsRent[] = [];
  const annotated: Annotated = { count: 0 };
  let rowsElsewhere = 0;
  for (let i = 0; i < table.rows.length; i++) {
    reader.at(i);
    const zcta = zctaOf(reader);
    if (zcta === undefined) continue;
    if (!keepZcta(zcta)) {
      rowsElsewhere++;
      continue;
    }
    const medianGrossRent = estimate(reader, estimateCol, 'median gross rent', annotated, RENT_BOUNDS.censusRent);
    if (medianGrossRent === null) continue;
    // A margin of error the Census does not publish leaves the estimate published: not counted.
    const marginOfError = moeCol === undefined ? null : estimate(reader, moeCol, 'margin of error', { count: 0 });
    rents.push({ zcta, medianGrossRent, marginOfError });
  }
  return { rents, rowsElsewhere, annotated: annotated.count };
}

function vintageOrFail(file: string, fromData?: string): string {
  const vintage = fromData ?? acsVintageFromFileName(file);
  if (!vintage || !/^\d{4}-\d{4}$/.test(vintage)) {
    throw new SourceError({ file }, 'cannot tell the ACS 5-year period: the file should have an acs5_period column or a name like acsdt5y2023-b25064.dat');
  }
  return vintage;
}

/** The tidy CSV: `zcta,median_gross_rent[,margin_of_error,...],acs5_period`. */
export function parseAcsCsv(text: string, file: string, keepZcta: (zcta: string) => boolean): AcsFile {
  const table = readDelimited(text, file);
  const zctaCol = findColumn(table, 'zcta', headerIs('zcta', 'zcta5', 'zip code tabulation area'));
  const rentCol = findColumn(table, 'median_gross_rent', headerIs('median_gross_rent', 'b25064_001e'));
  const moeCol = findColumn(table, 'margin_of_error', headerIs('margin_of_error', 'median_gross_rent_moe', 'b25064_001m'), true);
  const periodCol = findColumn(table, 'acs5_period', headerIs('acs5_period', 'vintage'), true);
  const periods = new Set<string>();
  const read = readRents(table, (reader) => {
    if (periodCol !== undefined) periods.add(reader.text(periodCol));
    return reader.code(zctaCol, 5, 'ZCTA');
  }, rentCol, moeCol, keepZcta);
  if (periods.size > 1) throw new SourceError({ file, column: 'acs5_period' }, `several periods in one file: ${[...periods].sort().join(', ')}`);
  return { vintage: vintageOrFail(file, [...periods][0]), table: 'B25064', ...read };
}

/** The Census Data API answer: a JSON array of arrays, the first one the header. */
export function parseAcsApiJson(text: string, file: string, keepZcta: (zcta: string) => boolean): AcsFile {
  const data = parseJsonSource(text, file, '; the Census API answers keyless requests with an HTML page');
  if (!Array.isArray(data) || data.length < 2 || !data.every((row) => Array.isArray(row))) {
    throw new SourceError({ file }, 'expected the Census API form: an array of arrays with a header row and data rows');
  }
  const [header, ...rows] = data as unknown[][];
  const table: Table = {
    file,
    header: (header ?? []).map(String),
    rows: rows.map((row) => row.map(cellText)),
    rowNumbers: rows.map((_, i) => i + 2),
    headerRow: 1,
    rowsLeftOut: 0,
    columnLabel: (index) => (header?.[index] === undefined ? `#${index + 1}` : cellText(header[index])),
  };
  const zctaCol = findColumn(table, 'zip code tabulation area', headerIs('zip code tabulation area'));
  const rentCol = findColumn(table, 'B25064_001E', headerIs('b25064_001e'));
  const moeCol = findColumn(table, 'B25064_001M', headerIs('b25064_001m'), true);
  const read = readRents(table, (reader) => reader.code(zctaCol, 5, 'ZCTA'), rentCol, moeCol, keepZcta);
  return { vintage: vintageOrFail(file), table: 'B25064', ...read };
}

/** The keyless table-based summary file: pipe-delimited, `GEO_ID|B25064_E001|B25064_M001`. */
export function parseAcsSummaryFile(text: string, file: string, keepZcta: (zcta: string) => boolean): AcsFile {
  const table = readDelimited(text, file, { delimiter: '|' });
  const geoCol = findColumn(table, 'GEO_ID', headerIs('geo_id'));
  const rentCol = findColumn(table, 'B25064_E001', headerIs('b25064_e001'));
  const moeCol = findColumn(table, 'B25064_M001', headerIs('b25064_m001'), true);
  // Summary level 860 is the ZCTA: `860Z200US55401`. Nation, state and other levels share the file.
  const zctaOf = (reader: RowReader) => /^860Z\d00US(\d{5})$/.exec(reader.text(geoCol))?.[1];
  const read = readRents(table, zctaOf, rentCol, moeCol, keepZcta);
  return { vintage: vintageOrFail(file), table: 'B25064', ...read };
}
