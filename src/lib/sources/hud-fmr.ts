// HUD county-level Fair Market Rents: the state's county list and which HUD areas are metropolitan.
import { readWorkbook } from './readers.ts';
import { findColumn, headerIs, RowReader } from './table.ts';
import { compareCodePoints } from '../order.ts';

export interface FmrCounty {
  /** Five-digit state + county FIPS. */
  fips: string;
  /** As HUD spells it, without the word "County": "St. Louis", "Lac qui Parle". */
  name: string;
}

export interface FmrAreas {
  counties: FmrCounty[];
  /** HUD FMR area name → true when HUD flags the area as metropolitan. */
  metroByAreaName: Map<string, boolean>;
}

export async function parseFmrWorkbook(bytes: Buffer, file: string, state: { code: string; fips: string }): Promise<FmrAreas> {
  const table = await readWorkbook(bytes, file, (header) => header.includes('fips') || header.includes('fips2010'));
  const stateCol = findColumn(table, 'stusps', headerIs('stusps', 'state_alpha'));
  // FY25 stores fips as the number 100199999, FY26 as the text "0100199999": both are 10 digits.
  const fipsCol = findColumn(table, 'fips', headerIs('fips', 'fips2010'));
  const nameCol = findColumn(table, 'countyname', headerIs('countyname', 'cntyname', 'county_name'));
  const metroCol = findColumn(table, 'metro', headerIs('metro', 'metro_code'));
  const areaCol = findColumn(table, 'hud_area_name', headerIs('hud_area_name', 'areaname'));
  const reader = new RowReader(table);
  const counties = new Map<string, FmrCounty>();
  const metroByAreaName = new Map<string, boolean>();
  for (let i = 0; i < table.rows.length; i++) {
    reader.at(i);
    const areaName = reader.text(areaCol).replace(/\s+/g, ' ');
    const metro = reader.number(metroCol, 'metro flag');
    if (areaName) metroByAreaName.set(areaName, metro === 1);
    if (reader.text(stateCol).toUpperCase() !== state.code) continue;
    const fips = reader.code(fipsCol, 10, 'FIPS').slice(0, 5);
    if (!fips.startsWith(state.fips)) reader.fail(fipsCol, `FIPS ${fips} is not in state ${state.fips}`);
    // New England rows are towns; elsewhere one row per county. Either way the county is the 5-digit code.
    if (counties.has(fips)) continue;
    const name = reader.text(nameCol).replace(/\s+County$/i, '').trim();
    if (!name) reader.fail(nameCol, 'county name is empty');
    counties.set(fips, { fips, name });
  }
  return { counties: [...counties.values()].sort((a, b) => compareCodePoints(a.fips, b.fips)), metroByAreaName };
}
