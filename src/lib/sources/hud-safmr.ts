// HUD Small Area Fair Market Rents: one file per fiscal year, as HUD's workbook or a tidy CSV.
import { BEDROOMS } from '../contract/bedrooms.ts';
import type { BedroomRents } from '../contract/schemas.ts';
import { SourceError } from '../errors.ts';
import { NO_DATE_LIMITS, RENT_BOUNDS, type DateLimits } from './plausible.ts';
import { readDelimited, readWorkbook, type WorkbookSheets } from './readers.ts';
import { findColumn, headerIs, RowReader, zipGate, zipsOutside, type Table } from './table.ts';

export interface SafmrRow {
  zip: string;
  fiscalYear: number;
  rents: BedroomRents;
  /** HUD FMR area the row belongs to; a ZIP split between areas has one row per area. */
  areaName: string;
  file: string;
  row: number;
}

// HUD's headers drift: `ZIP\r\nCode` (FY2024), `ZIP Code`, plain `zip_code` in tidy copies.
const isZipHeader = headerIs('zip code', 'zip', 'zip_code', 'zipcode');
const isAreaNameHeader = (h: string) =>
  h === 'hud_area_name' || h === 'metro_area' || (h.startsWith('hud ') && h.endsWith('area name'));
// `SAFMR 2BR` is the rent; `SAFMR 2BR - 90% Payment Standard` and friends are derived bands we skip.
const bedroomHeader = (digit: number) => headerIs(`safmr ${digit}br`, `safmr_${digit}br`, `safmr ${digit} br`);

/** The fiscal year a HUD file name states: `fy2024_safmrs_revised.xlsx` → 2024. */
export function fiscalYearFromFileName(file: string): number | undefined {
  const match = /fy[_ -]?(\d{4})/i.exec(file.split('/').pop() ?? file);
  return match ? Number(match[1]) : undefined;
}

function readRows(table: Table, keepZip: (zip: string) => boolean, fixedYear: number | undefined, limits: DateLimits): SafmrRow[] {
  const zipCol = findColumn(table, 'ZIP Code', isZipHeader);
  const areaCol = findColumn(table, 'HUD area name', isAreaNameHeader);
  const yearCol = fixedYear === undefined ? findColumn(table, 'fiscal_year', headerIs('fiscal_year', 'fiscal year')) : undefined;
  const rentCols = BEDROOMS.map((br, digit) => findColumn(table, `SAFMR ${digit}BR (${br})`, bedroomHeader(digit)));
  // Typed explicitly so that `reader.fail(...)`, which never returns, narrows like a throw.
  const reader: RowReader = new RowReader(table);
  const rows: SafmrRow[] = [];
  for (let i = 0; i < table.rows.length; i++) {
    reader.at(i);
    // HUD stores the ZIP as a number, so 01001 arrives as 1001.
    const zip = reader.code(zipCol, 5, 'ZIP');
    if (!keepZip(zip)) continue;
    let fiscalYear = fixedYear;
    if (yearCol !== undefined) {
      const year = reader.number(yearCol, 'fiscal year');
      if (year === null || !Number.isInteger(year) || year < 1990 || year > 2100) reader.fail(yearCol, `fiscal year ${JSON.stringify(reader.text(yearCol))} is not a year`);
      if (year > limits.latestFiscalYear) reader.fail(yearCol, `fiscal year ${year} is after FY${limits.latestFiscalYear}, the newest HUD can have published by the build date`);
      fiscalYear = year;
    }
    const rents = {} as BedroomRents;
    BEDROOMS.forEach((br, digit) => {
      rents[br] = reader.wholeDollars(rentCols[digit] as number, `SAFMR ${digit}BR`, RENT_BOUNDS.fmr);
    });
    rows.push({
      zip,
      fiscalYear: fiscalYear as number,
      rents,
      // The parquet-derived names kept HUD's line breaks in some copies; one space is the name.
      areaName: reader.text(areaCol).replace(/\s+/g, ' '),
      file: table.file,
      row: reader.row,
    });
  }
  return rows;
}

/** HUD's own SAFMR workbook. The fiscal year is not in the sheet, only in the file name. */
export async function parseSafmrWorkbook(bytes: Buffer, file: string, keepZip: (zip: string) => boolean, limits: DateLimits = NO_DATE_LIMITS, sheetsOf?: WorkbookSheets): Promise<SafmrRow[]> {
  const fiscalYear = checkedFiscalYear(file, limits);
  const table = await readWorkbook(bytes, file, (header) => header.some(isZipHeader) && header.some(bedroomHeader(2)), zipGate(isZipHeader, keepZip), sheetsOf);
  return readRows(table, keepZip, fiscalYear, limits);
}

/** The fiscal year of a workbook, from its name (the sheet does not say), no later than the limits allow. */
export function checkedFiscalYear(file: string, limits: DateLimits): number {
  const fiscalYear = fiscalYearFromFileName(file);
  if (fiscalYear === undefined) throw new SourceError({ file }, 'cannot tell the fiscal year: the file name should contain fyYYYY, as HUD names it');
  if (fiscalYear > limits.latestFiscalYear) throw new SourceError({ file }, `fiscal year ${fiscalYear} is after FY${limits.latestFiscalYear}, the newest HUD can have published by the build date`);
  return fiscalYear;
}

/** The tidy CSV: `zip_code,fiscal_year,safmr_0br..safmr_4br,hud_area_name`, one or more years. */
export function parseSafmrCsv(text: string, file: string, keepZip: (zip: string) => boolean, limits: DateLimits = NO_DATE_LIMITS): SafmrRow[] {
  return readRows(readDelimited(text, file, { leaveOut: zipsOutside(isZipHeader, keepZip) }), keepZip, undefined, limits);
}
