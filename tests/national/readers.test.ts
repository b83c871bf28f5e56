// The readers' gates on the real national files of the snapshot (the rules themselves, on files made
// in the tests, are tests/sources/readers.test.ts's): every state's rows but Minnesota's dropped as
// they are read, with the same rows, row numbers and errors as reading every row and dropping after.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readDelimited, readWorkbook } from '../../src/lib/sources/readers.ts';
import { codeFromText, headerIs, zipGate, zipsOutside } from '../../src/lib/sources/table.ts';
import { MINNESOTA, zipInState } from '../../src/lib/states.ts';
import { source } from '../helpers/paths.ts';

const inMinnesota = zipInState(MINNESOTA);
const isZip = headerIs('zip_code');

describe('every row of the national SAFMR files', () => {
  const years = [2021, 2022, 2023, 2025, 2026];
  it.each(years)('FY%i: the rows kept are exactly the Minnesota rows of a full read, with the same row numbers', (year) => {
    const file = source(`hud_safmr/safmr_fy${year}_national_from_worthwise_parquet.csv`);
    const text = readFileSync(file, 'utf8');
    const full = readDelimited(text, file);
    const filtered = readDelimited(text, file, { leaveOut: zipsOutside(isZip, inMinnesota) });
    const wanted = full.rows.flatMap((row, i) => (inMinnesota(codeFromText(String(row[0]), 5) ?? '') ? [{ row, at: full.rowNumbers[i] }] : []));
    expect(filtered.rows).toEqual(wanted.map((w) => w.row));
    expect(filtered.rowNumbers).toEqual(wanted.map((w) => w.at));
    expect(filtered.rows.length + filtered.rowsLeftOut).toBe(full.rows.length);
    expect(full.rowsLeftOut).toBe(0);
  });

  it('FY2026 keeps the 1,408 Minnesota rows of 51,895 (Python\'s csv module counts the same)', () => {
    const file = source('hud_safmr/safmr_fy2026_national_from_worthwise_parquet.csv');
    const filtered = readDelimited(readFileSync(file, 'utf8'), file, { leaveOut: zipsOutside(isZip, inMinnesota) });
    expect(filtered.rows).toHaveLength(1408);
    expect(filtered.rows.length + filtered.rowsLeftOut).toBe(51_895);
  });
});

describe('readWorkbook leaving out other states\' rows in the national workbooks', () => {
  const WORKBOOKS = [
    // Minnesota's rows counted in the sheet XML with Python's zipfile and a regular expression
    // (column A's value, through the shared strings for the crosswalk, from 55000 to 56799).
    { path: 'hud_safmr/fy2024_safmrs_revised.xlsx', isZipHeader: (h: string) => h === 'zip code', wants: (h: string[]) => h.includes('zip code'), minnesota: 504 },
    { path: 'hud_usps_crosswalk/ZIP_COUNTY_122025.xlsx', isZipHeader: headerIs('zip'), wants: (h: string[]) => h.includes('zip') && h.includes('county'), minnesota: 1471 },
  ];

  it.each(WORKBOOKS)('$path: the rows kept are every row whose ZIP is in Minnesota or is malformed, at their own row numbers', async ({ path, isZipHeader, wants, minnesota }) => {
    const bytes = readFileSync(source(path));
    const all = await readWorkbook(bytes, path, wants);
    const gated = await readWorkbook(bytes, path, wants, zipGate(isZipHeader, inMinnesota));
    const zipColumn = all.header.findIndex((h) => isZipHeader(h.replace(/\s+/g, ' ').toLowerCase()));
    const kept = all.rows.flatMap((row, i) => {
      const cell = row[zipColumn];
      const zip = codeFromText(typeof cell === 'number' ? String(cell) : String(cell ?? ''), 5);
      return zip === undefined || inMinnesota(zip) ? [{ row, number: all.rowNumbers[i] }] : [];
    });
    expect(gated.header).toEqual(all.header);
    expect(gated.rows).toEqual(kept.map((k) => k.row));
    expect(gated.rowNumbers).toEqual(kept.map((k) => k.number));
    expect(gated.rowsLeftOut).toBe(all.rows.length - kept.length);
    expect(kept.length).toBe(minnesota);
  });

  it('the Minnesota rows of the FY2024 SAFMR workbook, counted with unzip -p and grep', async () => {
    const path = 'hud_safmr/fy2024_safmrs_revised.xlsx';
    const table = await readWorkbook(readFileSync(source(path)), path, (h) => h.includes('zip code'), zipGate((h) => h === 'zip code', inMinnesota));
    // <c r="A15008" s="7"><v>55104</v></c>: Saint Paul, row 15008 of the sheet.
    const at = table.rowNumbers.indexOf(15008);
    expect(table.rows[at]?.slice(0, 4)).toEqual([55104, 'METRO33460M33460', 'Minneapolis-St. Paul-Bloomington, MN-WI HUD Metro\r\nFMR Area', 1060]);
    expect(table.rows.length + table.rowsLeftOut).toBe(27446);
  });
});
