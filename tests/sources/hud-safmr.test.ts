import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fiscalYearFromFileName, parseSafmrCsv, parseSafmrWorkbook, type SafmrRow } from '../../src/lib/sources/hud-safmr.ts';
import { MINNESOTA, zipInState } from '../../src/lib/states.ts';
import { source } from '../helpers/paths.ts';
import { workbook } from '../helpers/xlsx.ts';

const inMinnesota = zipInState(MINNESOTA);
const rowsFor = (rows: SafmrRow[], zip: string) => rows.filter((r) => r.zip === zip);

const FY2024 = source('hud_safmr/fy2024_safmrs_revised.xlsx');
const fy2024Rows = await parseSafmrWorkbook(readFileSync(FY2024), FY2024, inMinnesota);

describe('HUD SAFMR workbook (FY2024, HUD\'s own file)', () => {
  const file = FY2024;
  const rows = fy2024Rows;

  it('reads the Minnesota rows of the metro-only FY2024 file, ZIPs restored from numbers', () => {
    expect(new Set(rows.map((r) => r.zip)).size).toBe(471);
    expect(rows.every((r) => r.fiscalYear === 2024 && /^5[56]\d{3}$/.test(r.zip))).toBe(true);
  });

  it('takes the rents, not the payment-standard bands, under the "SAFMR\\r\\n2BR" headers', () => {
    // Sheet row 15008: 55104, Minneapolis-St. Paul-Bloomington, 1060 / 1200 / 1470 / 1980 / 2250.
    expect(rowsFor(rows, '55104')).toEqual([
      {
        zip: '55104',
        fiscalYear: 2024,
        rents: { br0: 1060, br1: 1200, br2: 1470, br3: 1980, br4: 2250 },
        areaName: 'Minneapolis-St. Paul-Bloomington, MN-WI HUD Metro FMR Area',
        file: `${file} [SAFMRs]`,
        row: 15008,
      },
    ]);
  });

  it('keeps one row per HUD area for a split ZIP (55602: Duluth and Lake County, rows 7595 and 7662)', () => {
    const brimson = rowsFor(rows, '55602');
    expect(brimson.map((r) => [r.row, r.areaName, r.rents.br2])).toEqual([
      [7595, 'Duluth, MN-WI HUD Metro FMR Area', 1200],
      [7662, 'Lake County, MN HUD Metro FMR Area', 1200],
    ]);
  });
});

describe('HUD SAFMR tidy CSV', () => {
  const file = source('hud_safmr/safmr_fy2026_national_from_worthwise_parquet.csv');
  const rows = parseSafmrCsv(readFileSync(file, 'utf8'), file, inMinnesota);

  it('reads 1,408 Minnesota rows for 911 ZIPs', () => {
    expect(rows).toHaveLength(1408);
    expect(new Set(rows.map((r) => r.zip)).size).toBe(911);
  });

  it('reads the FY2026 values of 55104 and of non-metro 56763 (Roseau County)', () => {
    expect(rowsFor(rows, '55104').map((r) => r.rents)).toEqual([{ br0: 1110, br1: 1260, br2: 1530, br3: 2020, br4: 2270 }]);
    expect(rowsFor(rows, '56763').map((r) => [r.fiscalYear, r.areaName, r.rents.br2])).toEqual([[2026, 'Roseau County, MN', 970]]);
  });

  it('names file, row and column for a non-numeric or negative rent', () => {
    const csv = 'zip_code,fiscal_year,safmr_0br,safmr_1br,safmr_2br,safmr_3br,safmr_4br,hud_area_name\n55104,2026,1100,1200,abc,1400,1500,X\n';
    expect(() => parseSafmrCsv(csv, 'f.csv', inMinnesota)).toThrow('f.csv, row 2, column safmr_2br: SAFMR 2BR "abc" is not a number');
    expect(() => parseSafmrCsv(csv.replace('abc', '-5'), 'f.csv', inMinnesota)).toThrow('f.csv, row 2, column safmr_2br: SAFMR 2BR -5 is negative');
  });

  it('names the missing column and what the header has instead', () => {
    const csv = 'zip_code,fiscal_year,safmr_0br,safmr_1br,safmr_2bed,safmr_3br,safmr_4br,hud_area_name\n55104,2026,1100,1200,1300,1400,1500,X\n';
    expect(() => parseSafmrCsv(csv, 'f.csv', inMinnesota)).toThrow(/f\.csv, row 1: missing column SAFMR 2BR \(br2\); the header has .*"safmr_2bed"/);
  });
});

describe('HUD SAFMR workbook, FY2025+ layout (made in code from HUD\'s documented headers)', () => {
  it('reads "ZIP Code" text ZIPs, "HUD Fair Market Rent Area Name", and skips the 90%/110% columns', async () => {
    const bytes = await workbook({
      sheet: 'SAFMRs',
      rows: [
        ['ZIP\nCode', 'HUD Area Code', 'HUD Fair Market Rent Area Name', 'SAFMR\n0BR', 'SAFMR\n0BR -\n90%\nPayment\nStandard', 'SAFMR\n0BR -\n110%\nPayment\nStandard',
          'SAFMR\n1BR', 'SAFMR\n1BR -\n90%\nPayment\nStandard', 'SAFMR\n1BR -\n110%\nPayment\nStandard', 'SAFMR\n2BR', 'SAFMR\n2BR -\n90%\nPayment\nStandard', 'SAFMR\n2BR -\n110%\nPayment\nStandard',
          'SAFMR\n3BR', 'SAFMR\n3BR -\n90%\nPayment\nStandard', 'SAFMR\n3BR -\n110%\nPayment\nStandard', 'SAFMR\n4BR', 'SAFMR\n4BR -\n90%\nPayment\nStandard', 'SAFMR\n4BR -\n110%\nPayment\nStandard'],
        ['01001', 'METRO44140M44140', 'Springfield, MA HUD Metro FMR Area', 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        ['56763', 'NCNTY27135N27135', 'Roseau County, MN', 670, 603, 737, 870, 783, 957, 970, 873, 1067, 1260, 1134, 1386, 1450, 1305, 1595],
        ['56721', 'METRO24220M24220', 'Grand Forks, ND-MN MSA', 780, 702, 858, 790, 711, 869, 990, null, null, 1380, 1, 1, null, 1, 1],
      ],
    });
    const rows = await parseSafmrWorkbook(bytes, 'fy2026_safmrs.xlsx', inMinnesota);
    expect(rows.map((r) => [r.zip, r.fiscalYear, r.areaName, r.rents])).toEqual([
      ['56763', 2026, 'Roseau County, MN', { br0: 670, br1: 870, br2: 970, br3: 1260, br4: 1450 }],
      ['56721', 2026, 'Grand Forks, ND-MN MSA', { br0: 780, br1: 790, br2: 990, br3: 1380, br4: null }],
    ]);
  });

  it('needs the fiscal year in the file name, as HUD writes it', async () => {
    expect(fiscalYearFromFileName('fy2024_safmrs_revised.xlsx')).toBe(2024);
    const bytes = await workbook({ sheet: 'S', rows: [['ZIP Code', 'HUD Area Name', 'SAFMR 0BR', 'SAFMR 1BR', 'SAFMR 2BR', 'SAFMR 3BR', 'SAFMR 4BR'], ['55104', 'A', 1, 2, 3, 4, 5]] });
    await expect(parseSafmrWorkbook(bytes, 'safmrs.xlsx', inMinnesota)).rejects.toThrow('safmrs.xlsx: cannot tell the fiscal year');
  });

  it('calls a file that is not a workbook unreadable', async () => {
    await expect(parseSafmrWorkbook(Buffer.from('<html>Service unavailable</html>'), 'fy2026_safmrs.xlsx', inMinnesota)).rejects.toThrow(
      /^fy2026_safmrs\.xlsx: not a readable \.xlsx workbook/,
    );
  });
});
