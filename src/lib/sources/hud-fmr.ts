// HUD county-level Fair Market Rents: the state's county list, and every HUD FMR area with its
// code, metro flag and area-wide FMR (the basis of a payment standard outside Small Area FMRs).
import { countyName, type StateScope } from '../states.ts';
import { BEDROOMS, type BedroomRents, type HudArea } from '../contract/schemas.ts';
import { RENT_BOUNDS } from './plausible.ts';
import { readWorkbook, type WorkbookSheets } from './readers.ts';
import { findColumn, headerIs, RowReader, type Table } from './table.ts';
import { compareCodePoints } from '../order.ts';

export interface FmrCounty {
  /** Five-digit state + county FIPS. */
  fips: string;
  /** As HUD spells it, without the state's usual word (states.ts, countyName): "St. Louis", "Acadia", "Fairfax city". */
  name: string;
}

export interface FmrAreas {
  counties: FmrCounty[];
  /** Every HUD FMR area of the file (all states: a metro area may cross state lines), by name. */
  areas: Map<string, HudArea>;
  /** County FIPS → the name of the HUD area that holds the county. */
  areaOfCounty: Map<string, string>;
}

export async function parseFmrWorkbook(bytes: Buffer, file: string, state: StateScope, sheetsOf?: WorkbookSheets): Promise<FmrAreas> {
  return fmrAreasOf(await readFmrWorkbook(bytes, file, sheetsOf), state);
}

/** The sheet of HUD's county FMR workbook, every state's rows. */
export const readFmrWorkbook = (bytes: Buffer, file: string, sheetsOf?: WorkbookSheets): Promise<Table> =>
  readWorkbook(bytes, file, (header) => header.includes('fips') || header.includes('fips2010'), undefined, sheetsOf);

/** The state's counties and every HUD area, from the county FMR sheet. */
export function fmrAreasOf(table: Table, state: StateScope): FmrAreas {
  const stateCol = findColumn(table, 'stusps', headerIs('stusps', 'state_alpha'));
  // FY25 stores fips as the number 100199999, FY26 as the text "0100199999": both are 10 digits.
  const fipsCol = findColumn(table, 'fips', headerIs('fips', 'fips2010'));
  const nameCol = findColumn(table, 'countyname', headerIs('countyname', 'cntyname', 'county_name'));
  const metroCol = findColumn(table, 'metro', headerIs('metro', 'metro_code'));
  const areaCol = findColumn(table, 'hud_area_name', headerIs('hud_area_name', 'areaname'));
  const codeCol = findColumn(table, 'hud_area_code', headerIs('hud_area_code'));
  const rentCols = BEDROOMS.map((br, digit) => findColumn(table, `fmr_${digit} (${br})`, headerIs(`fmr_${digit}`, `fmr${digit}`)));
  const reader = new RowReader(table);
  const counties = new Map<string, FmrCounty>();
  const areas = new Map<string, HudArea & { row: number }>();
  const areaOfCounty = new Map<string, string>();
  for (let i = 0; i < table.rows.length; i++) {
    reader.at(i);
    const areaName = reader.text(areaCol).replace(/\s+/g, ' ');
    if (areaName) {
      const fmr = Object.fromEntries(BEDROOMS.map((br, digit) => [br, reader.wholeDollars(rentCols[digit] as number, `fmr_${digit}`, RENT_BOUNDS.fmr)])) as BedroomRents;
      const area = { code: reader.text(codeCol), name: areaName, metro: reader.number(metroCol, 'metro flag') === 1, fmr, row: reader.row };
      const earlier = areas.get(areaName);
      // The FMR is area-wide: every county (or town) row of an area carries the same rents and code.
      if (earlier && (earlier.code !== area.code || BEDROOMS.some((br) => earlier.fmr[br] !== fmr[br]))) {
        reader.fail(undefined, `HUD area "${areaName}" has other rents or code here than at row ${earlier.row}`);
      }
      if (!earlier) areas.set(areaName, area);
    }
    if (reader.text(stateCol).toUpperCase() !== state.code) continue;
    const fips = reader.code(fipsCol, 10, 'FIPS').slice(0, 5);
    if (!fips.startsWith(state.fips)) reader.fail(fipsCol, `FIPS ${fips} is not in state ${state.fips}`);
    // New England rows are towns; elsewhere one row per county. Either way the county is the 5-digit code.
    if (counties.has(fips)) continue;
    const name = countyName(reader.text(nameCol), state);
    if (!name) reader.fail(nameCol, 'county name is empty');
    counties.set(fips, { fips, name });
    if (areaName) areaOfCounty.set(fips, areaName);
  }
  return {
    counties: [...counties.values()].sort((a, b) => compareCodePoints(a.fips, b.fips)),
    areas: new Map([...areas].map(([name, { row: _row, ...area }]) => [name, area])),
    areaOfCounty,
  };
}
