// HUD-USPS ZIP-county crosswalk: one row per (ZIP, county) pair with address-share ratios.
import { SourceError } from '../errors.ts';
import { readWorkbook } from './readers.ts';
import { findColumn, headerIs, RowReader } from './table.ts';

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

export function crosswalkQuarterFromFileName(file: string): string | null {
  const match = /(\d{2})(\d{4})\.[a-z]+$/i.exec(file);
  if (!match) return null;
  const month = Number(match[1]);
  return month >= 1 && month <= 12 ? `${match[2]}-Q${Math.ceil(month / 3)}` : null;
}

export async function parseCrosswalkWorkbook(bytes: Buffer, file: string, keepZip: (zip: string) => boolean): Promise<Crosswalk> {
  // The API and later workbooks write the same headers in lower case; normalizing covers both.
  const table = await readWorkbook(bytes, file, (header) => header.includes('zip') && header.includes('county'));
  const zipCol = findColumn(table, 'ZIP', headerIs('zip'));
  const countyCol = findColumn(table, 'COUNTY', headerIs('county', 'geoid'));
  const cityCol = findColumn(table, 'USPS_ZIP_PREF_CITY', headerIs('usps_zip_pref_city', 'city'));
  const resCol = findColumn(table, 'RES_RATIO', headerIs('res_ratio'));
  const totCol = findColumn(table, 'TOT_RATIO', headerIs('tot_ratio'));
  const reader = new RowReader(table);
  const rows: CrosswalkRow[] = [];
  const ratio = (column: number, what: string) => {
    const value = reader.number(column, what) ?? 0;
    if (value < 0 || value > 1.000001) reader.fail(column, `${what} ${value} is not between 0 and 1`);
    return value;
  };
  for (let i = 0; i < table.rows.length; i++) {
    reader.at(i);
    const zip = reader.code(zipCol, 5, 'ZIP');
    if (!keepZip(zip)) continue;
    rows.push({
      zip,
      county: reader.code(countyCol, 5, 'county FIPS'),
      city: reader.text(cityCol),
      resRatio: ratio(resCol, 'RES_RATIO'),
      totRatio: ratio(totCol, 'TOT_RATIO'),
      file: table.file,
      row: reader.row,
    });
  }
  if (rows.length === 0) throw new SourceError({ file: table.file }, 'no rows for the state\'s ZIP codes');
  return { quarter: crosswalkQuarterFromFileName(file), rows };
}
