// readDelimited's `leaveOut`: a national file read for one state drops the other states' rows as it
// reads them. Dropping must change nothing but memory: the same rows, the same row numbers, the same
// errors as reading every row and skipping afterwards.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSafmrCsv } from '../../src/lib/sources/hud-safmr.ts';
import { readDelimited } from '../../src/lib/sources/readers.ts';
import { codeFromText, headerIs, zipsOutside } from '../../src/lib/sources/table.ts';
import { parseZoriCsv } from '../../src/lib/sources/zillow-zori.ts';
import { MINNESOTA, zipInState } from '../../src/lib/state.ts';
import { source } from '../helpers/paths.ts';

const inMinnesota = zipInState(MINNESOTA);
const isZip = headerIs('zip_code');
const HEADER = 'zip_code,fiscal_year,safmr_0br,safmr_1br,safmr_2br,safmr_3br,safmr_4br,hud_area_name';

describe('readDelimited leaving out other states\' rows', () => {
  it('keeps the kept rows\' own row numbers and counts the rest', () => {
    const csv = [HEADER, '76437,2026,1,2,3,4,5,A', '55104,2026,1,2,3,4,5,B', '', '7305,2026,1,2,3,4,5,C', '56763,2026,1,2,3,4,5,D'].join('\n');
    const table = readDelimited(csv, 'f.csv', { leaveOut: zipsOutside(isZip, inMinnesota) });
    expect(table.rows.map((r) => r[0])).toEqual(['55104', '56763']);
    // The blank line is skipped as before, so 56763 is the fifth record: row 5.
    expect(table.rowNumbers).toEqual([3, 5]);
    expect(table.rowsLeftOut).toBe(2);
  });

  it('still reports a malformed ZIP in another state\'s part of the file, at its row', () => {
    const csv = [HEADER, '76437,2026,1,2,3,4,5,A', '7643X,2026,1,2,3,4,5,A', '55104,2026,1,2,3,4,5,B'].join('\n');
    expect(() => parseSafmrCsv(csv, 'f.csv', inMinnesota)).toThrow('f.csv, row 3, column zip_code: ZIP "7643X" is not a 5-digit code');
  });

  it('still reports a ragged row, and a quote left open, however far from the state\'s rows', () => {
    const ragged = [HEADER, '76437,2026,1,2,3,4,A', '55104,2026,1,2,3,4,5,B'].join('\n');
    expect(() => parseSafmrCsv(ragged, 'f.csv', inMinnesota)).toThrow('f.csv, row 2: row has 7 columns, the header has 8 (truncated or malformed file)');
    const open = [HEADER, '55104,2026,1,2,3,4,5,B', '76437,2026,1,2,3,4,5,"Abilene'].join('\n');
    expect(() => parseSafmrCsv(open, 'f.csv', inMinnesota)).toThrow(/^f\.csv, row 3: Quoted field unterminated/);
  });

  it('leaves nothing out when the ZIP column is missing, so the parser names the column', () => {
    const csv = ['zip,fiscal_year', '76437,2026'].join('\n');
    expect(readDelimited(csv, 'f.csv', { leaveOut: zipsOutside(isZip, inMinnesota) }).rows).toHaveLength(1);
  });

  it('counts only ZIP rows of Zillow\'s file as rows elsewhere, not a metro\'s row', () => {
    const csv = [
      'RegionID,SizeRank,RegionName,RegionType,StateName,2023-10-31',
      '1,1,76437,zip,TX,900',
      '2,2,10001,msa,NY,1900',
      '3,3,55104,zip,MN,1200',
    ].join('\n');
    const zori = parseZoriCsv(csv, 'z.csv', inMinnesota);
    expect(zori.series.map((s) => [s.zip, s.row])).toEqual([['55104', 4]]);
    expect(zori.rowsElsewhere).toBe(1);
  });

  it('pads ZIPs as RowReader.code does', () => {
    expect(codeFromText('7305', 5)).toBe('07305');
    expect(codeFromText('55104', 5)).toBe('55104');
    expect(codeFromText('551040', 5)).toBeUndefined();
    expect(codeFromText('5510A', 5)).toBeUndefined();
    expect(codeFromText('', 5)).toBeUndefined();
  });
});

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
