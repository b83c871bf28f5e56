// HUD Section 8 income limits: one national file per fiscal year (HUD's `Section8-FYnn.xlsx`, or a
// CSV in the same columns), one row per county, or per town in the six New England states. Each row
// holds the area median family income and, for households of 1 to 8 persons, the extremely low
// (`ELI_n`), very low (`l50_n`) and low (`l80_n`) limits in whole dollars.
import { HOUSEHOLD_SIZES } from '../contract/household.ts';
import { SourceError } from '../errors.ts';
import { compareCodePoints } from '../order.ts';
import type { StateScope } from '../states.ts';
import type { Bounds, DateLimits } from './plausible.ts';
import { readDelimited, readWorkbook, type WorkbookSheets } from './readers.ts';
import { codeCellText, columnIndex, findColumn, headerIs, RowReader, type RowGate, type Table } from './table.ts';

/**
 * The date each fiscal year's limits take effect: HUD sets it each year, in its notice. A year not
 * listed here is never taken (its date is not known yet): add it when HUD announces it.
 */
export const INCOME_LIMITS_EFFECTIVE: Readonly<Record<number, string>> = {
  2023: '2023-05-15',
  2024: '2024-04-01',
  2025: '2025-04-01',
  2026: '2026-05-01',
};

/** The newest fiscal year of limits in effect on a date (`YYYY-MM-DD`), by HUD's dates. */
export function incomeLimitsYearInEffect(date: string): number {
  const years = Object.entries(INCOME_LIMITS_EFFECTIVE)
    .filter(([, effective]) => effective <= date)
    .map(([year]) => Number(year));
  if (years.length === 0) throw new Error(`no income limits known to be in effect on ${date}`);
  return Math.max(...years);
}

/**
 * No county anywhere has a limit under $2,000 (the lowest, Puerto Rico's one-person extremely low
 * limit, is near $10,000) or over $500,000 (the highest low-income limit is near $230,000); no area
 * median family income is under $10,000 or over $1,000,000 (the range is $24,100 to $205,500).
 */
export const INCOME_BOUNDS = {
  limit: { min: 2_000, max: 500_000 },
  median: { min: 10_000, max: 1_000_000 },
} as const satisfies Record<string, Bounds>;

/** One limit per household size, 1 to 8 persons (index 0 is one person). */
export type LimitsBySize = readonly number[];

export interface CountyIncomeLimits {
  /** Five-digit state + county FIPS. */
  fips: string;
  hudAreaCode: string;
  hudAreaName: string;
  medianFamilyIncome: number;
  extremelyLow: LimitsBySize;
  veryLow: LimitsBySize;
  low: LimitsBySize;
}

export interface IncomeLimitsFile {
  fiscalYear: number;
  /** The state's counties, by FIPS. */
  counties: CountyIncomeLimits[];
  /** New England counties whose towns have different limits (a county has no one answer), by FIPS. */
  countiesVaryingByTown: string[];
  /** Rows of other states: a file with none for this state is then a gap in coverage, not a broken file. */
  rowsElsewhere: number;
}

const TIERS = [
  { column: 'ELI', label: 'extremely low' },
  { column: 'l50', label: 'very low' },
  { column: 'l80', label: 'low' },
] as const;

/** The fiscal year a file name states: `Section8-FY26.xlsx` → 2026, `Section8-FY2026.csv` → 2026. */
export function incomeLimitsYearOfName(name: string): number | undefined {
  const match = /^section8-fy(\d{2}|\d{4})(?!\d)/i.exec(name.split('/').pop() ?? name);
  if (!match?.[1]) return undefined;
  return match[1].length === 2 ? 2000 + Number(match[1]) : Number(match[1]);
}

/**
 * The files to read on a date (`YYYY-MM-DD`): the newest fiscal year in effect. Newer years are left
 * out (not in effect yet, or with no known date), and so are older ones.
 */
export function chooseIncomeLimitsFile(names: readonly string[], folder: string, asOf: string): { read: string[]; leftOut: { name: string; why: string }[] } {
  const years = names.map((name) => {
    const year = incomeLimitsYearOfName(name);
    if (year === undefined) throw new SourceError({ file: `${folder}/${name}` }, 'cannot tell the fiscal year: the name should start Section8-FYnn, as HUD names it');
    return { name, year, effective: INCOME_LIMITS_EFFECTIVE[year] };
  });
  const inEffect = years.filter(({ effective }) => effective !== undefined && effective <= asOf);
  if (inEffect.length === 0) {
    throw new SourceError({ file: folder }, `no file of income limits in effect on ${asOf} (${names.join(', ') || 'none'}; npm run data:fetch downloads the one in effect)`);
  }
  const newest = Math.max(...inEffect.map((y) => y.year));
  const chosen = inEffect.filter((y) => y.year === newest);
  if (chosen.length > 1) throw new SourceError({ file: folder }, `several files for FY${newest} (${chosen.map((c) => c.name).join(', ')}); keep one`);
  const read = chosen.map((c) => c.name);
  const leftOut = years
    .filter(({ name }) => !read.includes(name))
    .map(({ name, year, effective }) => {
      const why =
        effective === undefined
          ? `the date FY${year} takes effect is not known (add it to INCOME_LIMITS_EFFECTIVE when HUD announces it)`
          : effective > asOf
            ? `FY${year} takes effect on ${effective}, after ${asOf}`
            : `FY${newest} is newer and in effect`;
      return { name, why };
    });
  return { read, leftOut };
}

/** Leaves out, as they are read, the rows of other states (by the `stusps` column). */
function otherStates(state: StateScope): (header: string[]) => RowGate | undefined {
  return (header) => {
    const column = columnIndex(header, headerIs('stusps'));
    return column < 0 ? undefined : { column, leaves: (cell) => codeCellText(cell)?.toUpperCase() !== state.code };
  };
}

/** HUD's workbook. */
export async function parseIncomeLimitsWorkbook(bytes: Buffer, file: string, state: StateScope, limits: DateLimits, sheetsOf?: WorkbookSheets): Promise<IncomeLimitsFile> {
  const table = await readWorkbook(bytes, file, (header) => header.includes('fips') && header.includes('l50_1'), otherStates(state), sheetsOf);
  return readLimits(table, file, state, limits);
}

/** The same columns as CSV text. */
export function parseIncomeLimitsCsv(text: string, file: string, state: StateScope, limits: DateLimits): IncomeLimitsFile {
  const gate = otherStates(state);
  const table = readDelimited(text, file, {
    leaveOut: (header) => {
      const rows = gate(header);
      return rows && ((row) => rows.leaves(row[rows.column] ?? null));
    },
  });
  return readLimits(table, file, state, limits);
}

function readLimits(table: Table, file: string, state: StateScope, limits: DateLimits): IncomeLimitsFile {
  const medianCol = findColumn(table, 'median{YYYY}', (h) => /^median\d{4}$/.test(h));
  const medianHeader = table.header[medianCol]?.trim() ?? '';
  const fiscalYear = Number(medianHeader.slice(-4));
  const named = incomeLimitsYearOfName(file);
  if (named !== undefined && named !== fiscalYear) {
    throw new SourceError({ file: table.file, row: table.headerRow, column: table.columnLabel(medianCol) }, `the column says FY${fiscalYear}, the file name FY${named}`);
  }
  if (fiscalYear > limits.latestFiscalYear) {
    throw new SourceError({ file }, `fiscal year ${fiscalYear} is after FY${limits.latestFiscalYear}, the newest HUD can have published by the build date`);
  }
  const stateCol = findColumn(table, 'stusps', headerIs('stusps'));
  const fipsCol = findColumn(table, 'fips', headerIs('fips'));
  const codeCol = findColumn(table, 'hud_area_code', headerIs('hud_area_code'));
  const nameCol = findColumn(table, 'hud_area_name', headerIs('hud_area_name'));
  const tierCols = TIERS.map(({ column }) => HOUSEHOLD_SIZES.map((n) => findColumn(table, `${column}_${n}`, headerIs(`${column.toLowerCase()}_${n}`))));
  // Typed explicitly so that `reader.fail(...)`, which never returns, narrows like a throw.
  const reader: RowReader = new RowReader(table);
  const counties = new Map<string, CountyIncomeLimits & { row: number }>();
  const varying = new Set<string>();
  let rowsElsewhere = table.rowsLeftOut;
  for (let i = 0; i < table.rows.length; i++) {
    reader.at(i);
    if (reader.text(stateCol).toUpperCase() !== state.code) {
      rowsElsewhere++;
      continue;
    }
    const fips = reader.code(fipsCol, 10, 'FIPS').slice(0, 5);
    if (!fips.startsWith(state.fips)) reader.fail(fipsCol, `FIPS ${fips} is not in state ${state.fips}`);
    const hudAreaCode = reader.text(codeCol);
    if (!hudAreaCode) reader.fail(codeCol, 'HUD area code is empty');
    const hudAreaName = reader.text(nameCol).replace(/\s+/g, ' ');
    if (!hudAreaName) reader.fail(nameCol, 'HUD area name is empty');
    const required = (column: number, what: string, bounds: Bounds): number => {
      const value = reader.wholeDollars(column, what, bounds);
      if (value === null) reader.fail(column, `${what} is empty`);
      return value;
    };
    const medianFamilyIncome = required(medianCol, 'median family income', INCOME_BOUNDS.median);
    const [extremelyLow, veryLow, low] = TIERS.map(({ label }, t) => {
      const values = HOUSEHOLD_SIZES.map((n, s) => required(tierCols[t]?.[s] as number, `${label} limit for ${n} person${n > 1 ? 's' : ''}`, INCOME_BOUNDS.limit));
      // A limit for a larger household is never lower: a fall means columns out of place.
      values.forEach((value, s) => {
        const smaller = values[s - 1];
        if (smaller !== undefined && value < smaller) reader.fail(tierCols[t]?.[s], `${label} limit for ${s + 1} persons ($${value}) is below the limit for ${s} ($${smaller})`);
      });
      return values;
    }) as [number[], number[], number[]];
    // Extremely low ≤ very low ≤ low, for every size (HUD caps each tier at the next).
    HOUSEHOLD_SIZES.forEach((n, s) => {
      const [eli, l50, l80] = [extremelyLow[s] as number, veryLow[s] as number, low[s] as number];
      if (eli > l50) reader.fail(tierCols[0]?.[s], `extremely low limit for ${n} person${n > 1 ? 's' : ''} ($${eli}) is above the very low limit ($${l50})`);
      if (l50 > l80) reader.fail(tierCols[1]?.[s], `very low limit for ${n} person${n > 1 ? 's' : ''} ($${l50}) is above the low limit ($${l80})`);
    });
    const limitsOfRow = { fips, hudAreaCode, hudAreaName, medianFamilyIncome, extremelyLow, veryLow, low, row: reader.row };
    const earlier = counties.get(fips);
    if (!earlier) {
      counties.set(fips, limitsOfRow);
      continue;
    }
    // A county appears twice only where HUD lists towns (New England): one county, one answer, or none.
    if (!sameLimits(earlier, limitsOfRow)) varying.add(fips);
  }
  return {
    fiscalYear,
    counties: [...counties.values()]
      .filter((c) => !varying.has(c.fips))
      .map(({ row: _row, ...county }) => county)
      .sort((a, b) => compareCodePoints(a.fips, b.fips)),
    countiesVaryingByTown: [...varying].sort(compareCodePoints),
    rowsElsewhere,
  };
}

function sameLimits(a: CountyIncomeLimits, b: CountyIncomeLimits): boolean {
  const same = (x: LimitsBySize, y: LimitsBySize) => x.every((v, i) => v === y[i]);
  return a.hudAreaCode === b.hudAreaCode && a.medianFamilyIncome === b.medianFamilyIncome && same(a.extremelyLow, b.extremelyLow) && same(a.veryLow, b.veryLow) && same(a.low, b.low);
}
