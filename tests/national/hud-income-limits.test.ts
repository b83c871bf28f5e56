import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isSourceError } from '../../src/lib/errors.ts';
import { chooseIncomeLimitsFile, parseIncomeLimitsCsv, parseIncomeLimitsWorkbook } from '../../src/lib/sources/hud-income-limits.ts';
import { NO_DATE_LIMITS } from '../../src/lib/sources/plausible.ts';
import { MINNESOTA, stateByCode, type StateScope } from '../../src/lib/states.ts';
import { source } from '../helpers/paths.ts';
import Papa from 'papaparse';
import readExcelFile from 'read-excel-file/node';

/** The first sheet's rows, as read-excel-file gives them. */
const readSheet = async (path: string) => {
  const sheets = (await readExcelFile(path)) as unknown as { data: (string | number | boolean | null)[][] }[];
  return sheets[0]?.data ?? [];
};

const FY25 = 'hud_il/Section8-FY25.xlsx';
const FY26 = 'hud_il/Section8-FY26.xlsx';
/** HUD's FY2026 workbook as a CSV of the same rows (the reader takes either), for the faults a CSV can carry. */
const FY26_CSV = 'hud_il/Section8-FY26.csv';
const fy26Text = `${Papa.unparse((await readSheet(source(FY26))).map((row) => row.map((cell) => (cell === null ? '' : String(cell)))), { newline: '\n' })}\n`;
const VERMONT = stateByCode('VT') as StateScope;

const messageOf = (parse: () => unknown) => {
  try {
    parse();
  } catch (error) {
    if (isSourceError(error)) return error.message;
    throw error;
  }
  return 'accepted';
};

const fy25 = await parseIncomeLimitsWorkbook(readFileSync(source(FY25)), FY25, MINNESOTA, NO_DATE_LIMITS);

const fy26 = await parseIncomeLimitsWorkbook(readFileSync(source(FY26)), FY26, MINNESOTA, NO_DATE_LIMITS);

describe('HUD income limits, read from the real files', () => {

  it('has all 87 Minnesota counties in each year, and the fiscal year from the median column', () => {
    expect(fy25.fiscalYear).toBe(2025);
    expect(fy26.fiscalYear).toBe(2026);
    for (const { counties } of [fy25, fy26]) {
      expect(counties).toHaveLength(87);
      expect(counties[0]?.fips).toBe('27001');
      expect(counties.at(-1)?.fips).toBe('27173');
    }
  });

  it("gives Hennepin County HUD's values (the sheet rows 2705399999 of both years), from the workbook and from the same rows as CSV", () => {
    const hennepin25 = fy25.counties.find((c) => c.fips === '27053');
    expect(hennepin25).toMatchObject({ hudAreaCode: 'METRO33460M33460', medianFamilyIncome: 132_400 });
    expect(hennepin25?.veryLow[3]).toBe(66_200);
    expect(fy26.counties.find((c) => c.fips === '27053')).toEqual({
      fips: '27053',
      hudAreaCode: 'METRO33460M33460',
      hudAreaName: 'Minneapolis-St. Paul-Bloomington, MN-WI HUD Metro FMR Area',
      medianFamilyIncome: 131_500,
      veryLow: [46_050, 52_600, 59_200, 65_750, 71_050, 76_300, 81_550, 86_800],
      extremelyLow: [27_650, 31_600, 35_550, 39_450, 42_650, 45_800, 50_040, 55_720],
      low: [73_650, 84_200, 94_700, 105_200, 113_650, 122_050, 130_450, 138_900],
    });
    expect(parseIncomeLimitsCsv(fy26Text, FY26_CSV, MINNESOTA, NO_DATE_LIMITS).counties).toEqual(fy26.counties);
  });

  it('keeps every tier in order and never falling with household size, in every county', () => {
    for (const county of [...fy25.counties, ...fy26.counties]) {
      for (let s = 0; s < 8; s++) {
        expect(county.extremelyLow[s]).toBeLessThanOrEqual(county.veryLow[s] as number);
        expect(county.veryLow[s]).toBeLessThanOrEqual(county.low[s] as number);
        if (s > 0) expect(county.veryLow[s]).toBeGreaterThanOrEqual(county.veryLow[s - 1] as number);
      }
    }
  });

  it("reads Vermont by town in both years: a county is kept only where its towns agree", async () => {
    for (const file of [FY25, FY26]) {
      const vt = await parseIncomeLimitsWorkbook(readFileSync(source(file)), file, VERMONT, NO_DATE_LIMITS);
      expect(vt.counties.length + vt.countiesVaryingByTown.length, file).toBe(14);
    }
    const vt25 = await parseIncomeLimitsWorkbook(readFileSync(source(FY25)), FY25, VERMONT, NO_DATE_LIMITS);
    expect(vt25.counties.find((c) => c.fips === '50001')?.medianFamilyIncome).toBe(116_100);
  });
});

describe('which year is read', () => {
  const names = ['Section8-FY25.xlsx', 'Section8-FY26.xlsx'];
  it('reads the newest year in effect on the build date', () => {
    expect(chooseIncomeLimitsFile(names, 'hud_il', '2026-01-01')).toEqual({
      read: ['Section8-FY25.xlsx'],
      leftOut: [{ name: 'Section8-FY26.xlsx', why: 'FY2026 takes effect on 2026-05-01, after 2026-01-01' }],
    });
    expect(chooseIncomeLimitsFile(names, 'hud_il', '2026-05-01').read).toEqual(['Section8-FY26.xlsx']);
    expect(chooseIncomeLimitsFile([...names, 'Section8-FY27.xlsx'], 'hud_il', '2026-11-22').leftOut[1]?.why).toMatch(/date FY2027 takes effect is not known/);
  });

  it('refuses a folder with nothing in effect, or two files of one year', () => {
    expect(() => chooseIncomeLimitsFile(names, 'hud_il', '2025-03-31')).toThrow(/no file of income limits in effect on 2025-03-31/);
    expect(() => chooseIncomeLimitsFile(['Section8-FY26.xlsx', 'Section8-FY26.csv'], 'hud_il', '2026-11-22')).toThrow(/several files for FY2026/);
  });
});

describe('a broken file stops the read with one line naming the row and column', () => {
  const lines = fy26Text.split('\n');
  const header = (lines[0] as string).split(',');
  const hennepinLine = lines.findIndex((l) => l.startsWith('2705399999,'));
  /** The CSV with one cell of Hennepin's row replaced. */
  const withCell = (column: string, value: string) => {
    const copy = [...lines];
    const cells = (copy[hennepinLine] as string).split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    cells[header.indexOf(column)] = value;
    copy[hennepinLine] = cells.join(',');
    return copy.join('\n');
  };
  const parse = (text: string) => () => parseIncomeLimitsCsv(text, FY26_CSV, MINNESOTA, NO_DATE_LIMITS);

  it('a limit of 0', () => {
    expect(messageOf(parse(withCell('l50_2', '0')))).toBe(`${FY26_CSV}, row ${hennepinLine + 1}, column l50_2: very low limit for 2 persons 0 is outside the plausible range $2000-$500000`);
  });

  it('a very low limit above the low limit', () => {
    expect(messageOf(parse(withCell('l50_8', '139000')))).toBe(`${FY26_CSV}, row ${hennepinLine + 1}, column l50_8: very low limit for 8 persons ($139000) is above the low limit ($138900)`);
  });

  it('a limit that falls with household size', () => {
    expect(messageOf(parse(withCell('l80_5', '100000')))).toMatch(/column l80_5: low limit for 5 persons \(\$100000\) is below the limit for 4 \(\$105200\)$/);
  });

  it('a missing household column', () => {
    const text = fy26Text.replace(',ELI_6,', ',ELI_six,');
    expect(messageOf(parse(text))).toMatch(/missing column ELI_6/);
  });

  it('a truncated workbook', async () => {
    const bytes = readFileSync(source(FY25));
    await expect(parseIncomeLimitsWorkbook(bytes.subarray(0, bytes.length >> 1), FY25, MINNESOTA, NO_DATE_LIMITS)).rejects.toThrow(/not a readable \.xlsx workbook/);
  });

  it('a file from after the build date', () => {
    expect(messageOf(() => parseIncomeLimitsCsv(fy26Text, FY26_CSV, MINNESOTA, { date: '2025-06-30', latestFiscalYear: 2025, latestMonth: '2025-06' }))).toMatch(/fiscal year 2026 is after FY2025/);
  });
});
