// Zillow Observed Rent Index, county level, monthly: one row per county, one column per month. Zillow
// updates it long after its ZIP file stopped reaching us, so it is the newer market rent where a
// ZIP's own series is old. The county is StateCodeFIPS + MunicipalCodeFIPS, as HUD and the Census code it.
import { NO_DATE_LIMITS, RENT_BOUNDS, type DateLimits } from './plausible.ts';
import { readDelimited } from './readers.ts';
import { codeFromText, columnIndex, findColumn, headerIs, RowReader } from './table.ts';
import type { StateScope } from '../states.ts';
import { monthColumns, type ZoriPoint } from './zillow-zori.ts';

export interface CountyZoriSeries {
  /** Five-digit state and county FIPS code. */
  fips: string;
  /** As Zillow writes it ("Hennepin County"): for messages only, the FIPS code is the key. */
  name: string;
  points: ZoriPoint[];
  file: string;
  row: number;
  /** The column that gave the county code, for an error about it. */
  column: string;
}

export interface CountyZoriFile {
  series: CountyZoriSeries[];
  /** Every month column of the file, oldest first. */
  months: string[];
  /** County rows of other states: none for this state is then a gap in Zillow's coverage, not a broken file. */
  rowsElsewhere: number;
}

const isStateFips = headerIs('statecodefips');
const isCountyFips = headerIs('municipalcodefips');
const isRegionType = headerIs('regiontype');

export function parseCountyZoriCsv(text: string, file: string, state: Pick<StateScope, 'fips'>, limits: DateLimits = NO_DATE_LIMITS): CountyZoriFile {
  const table = readDelimited(text, file, {
    // Other states' counties are counted as they pass, not kept; a malformed state code is kept, to be reported below.
    leaveOut: (header) => {
      const column = columnIndex(header, isStateFips);
      if (column < 0) return undefined;
      return (row) => {
        const code = codeFromText((row[column] ?? '').trim(), 2);
        return code !== undefined && code !== state.fips;
      };
    },
  });
  const stateCol = findColumn(table, 'StateCodeFIPS', isStateFips);
  const countyCol = findColumn(table, 'MunicipalCodeFIPS', isCountyFips);
  const nameCol = findColumn(table, 'RegionName', headerIs('regionname'));
  const typeCol = findColumn(table, 'RegionType', isRegionType, true);
  const monthCols = monthColumns(table, limits);
  const reader = new RowReader(table);
  const series: CountyZoriSeries[] = [];
  for (let i = 0; i < table.rows.length; i++) {
    reader.at(i);
    if (typeCol !== undefined && reader.text(typeCol).toLowerCase() !== 'county') continue;
    reader.code(stateCol, 2, 'StateCodeFIPS');
    const fips = state.fips + reader.code(countyCol, 3, 'MunicipalCodeFIPS');
    const points: ZoriPoint[] = [];
    for (const { index, month } of monthCols) {
      const rent = reader.amount(index, `rent for ${month}`, RENT_BOUNDS.marketRent);
      if (rent !== null) points.push({ month, rent });
    }
    series.push({ fips, name: reader.text(nameCol), points, file: table.file, row: reader.row, column: table.columnLabel(countyCol) });
  }
  return { series, months: monthCols.map((c) => c.month), rowsElsewhere: table.rowsLeftOut };
}
