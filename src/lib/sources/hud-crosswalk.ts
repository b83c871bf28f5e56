// HUD-USPS ZIP-county crosswalk: one row per (ZIP, county) pair with address-share ratios.
import { parseJsonSource, SourceError } from '../errors.ts';
import { readWorkbook, type WorkbookSheets } from './readers.ts';
import { cellText, findColumn, headerIs, RowReader, zipGate } from './table.ts';

export interface CrosswalkRow {
  zip: string;
  county: string;
  /** USPS preferred city, upper case as USPS writes it. */
  city: string;
  resRatio: number;
  totRatio: number;
  file: string;
  row: number;
}

export interface Crosswalk {
  /** `2024-Q3` from HUD's file name `ZIP_COUNTY_092024.xlsx`. */
  quarter: string | null;
  rows: CrosswalkRow[];
}

/** An address-share ratio: a number from 0 to 1 (an empty cell is 0). */
function ratio(reader: RowReader, column: number, what: string): number {
  const value = reader.number(column, what) ?? 0;
  if (value < 0 || value > 1.000001) reader.fail(column, `${what} ${value} is not between 0 and 1`);
  return value;
}

export function crosswalkQuarterFromFileName(file: string): string | null {
  const match = /(\d{2})(\d{4})\.[a-z]+$/i.exec(file);
  if (!match) return null;
  const month = Number(match[1]);
  return month >= 1 && month <= 12 ? `${match[2]}-Q${Math.ceil(month / 3)}` : null;
}

export async function parseCrosswalkWorkbook(bytes: Buffer, file: string, keepZip: (zip: string) => boolean, sheetsOf?: WorkbookSheets): Promise<Crosswalk> {
  // The API and later workbooks write the same headers in lower case; normalizing covers both.
  const table = await readWorkbook(bytes, file, (header) => header.includes('zip') && header.includes('county'), zipGate(headerIs('zip'), keepZip), sheetsOf);
  const zipCol = findColumn(table, 'ZIP', headerIs('zip'));
  const countyCol = findColumn(table, 'COUNTY', headerIs('county', 'geoid'));
  const cityCol = findColumn(table, 'USPS_ZIP_PREF_CITY', headerIs('usps_zip_pref_city', 'city'));
  const resCol = findColumn(table, 'RES_RATIO', headerIs('res_ratio'));
  const totCol = findColumn(table, 'TOT_RATIO', headerIs('tot_ratio'));
  const reader = new RowReader(table);
  const rows: CrosswalkRow[] = [];
  for (let i = 0; i < table.rows.length; i++) {
    reader.at(i);
    const zip = reader.code(zipCol, 5, 'ZIP');
    if (!keepZip(zip)) continue;
    rows.push({
      zip,
      county: reader.code(countyCol, 5, 'county FIPS'),
      city: reader.text(cityCol),
      resRatio: ratio(reader, resCol, 'RES_RATIO'),
      totRatio: ratio(reader, totCol, 'TOT_RATIO'),
      file: table.file,
      row: reader.row,
    });
  }
  if (rows.length === 0) throw new SourceError({ file: table.file }, 'no rows for the state\'s ZIP codes');
  return { quarter: crosswalkQuarterFromFileName(file), rows };
}

interface ApiResult {
  zip?: unknown;
  geoid?: unknown;
  city?: unknown;
  res_ratio?: unknown;
  tot_ratio?: unknown;
}

/**
 * The HUD USER API's answer (`/hudapi/public/usps?type=2`): `{ data: { year, quarter, results: [...] } }`,
 * one result per (ZIP, county) with `zip`, `geoid`, `city`, `res_ratio`, `tot_ratio`.
 */
export function parseCrosswalkApiJson(text: string, file: string, keepZip: (zip: string) => boolean): Crosswalk {
  const body = parseJsonSource(text, file, "; HUD's API answers a missing or expired token with an HTML page");
  const data = (body as { data?: { year?: unknown; quarter?: unknown; results?: unknown } }).data;
  if (!data || !Array.isArray(data.results)) throw new SourceError({ file }, 'expected HUD\'s API form { data: { results: [...] } }');
  const results = data.results as ApiResult[];
  const table = {
    file,
    header: ['zip', 'geoid', 'city', 'res_ratio', 'tot_ratio'],
    rows: results.map((r) => [r.zip, r.geoid, r.city, r.res_ratio, r.tot_ratio].map((v) => (v === undefined || v === null ? null : typeof v === 'number' ? v : cellText(v)))),
    // Results are numbered from 1, as a reader counting the array would.
    rowNumbers: results.map((_, i) => i + 1),
    headerRow: 1,
    rowsLeftOut: 0,
    columnLabel: (index: number) => ['zip', 'geoid', 'city', 'res_ratio', 'tot_ratio'][index] ?? `#${index}`,
  };
  const reader = new RowReader(table);
  const rows: CrosswalkRow[] = [];
  for (let i = 0; i < table.rows.length; i++) {
    reader.at(i);
    const zip = reader.code(0, 5, 'zip');
    if (!keepZip(zip)) continue;
    rows.push({ zip, county: reader.code(1, 5, 'county geoid'), city: reader.text(2), resRatio: ratio(reader, 3, 'res_ratio'), totRatio: ratio(reader, 4, 'tot_ratio'), file, row: reader.row });
  }
  if (rows.length === 0) throw new SourceError({ file }, 'no rows for the state\'s ZIP codes');
  const year = Number(data.year);
  const quarter = Number(data.quarter);
  return { quarter: Number.isInteger(year) && quarter >= 1 && quarter <= 4 ? `${year}-Q${quarter}` : null, rows };
}
