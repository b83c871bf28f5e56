// readDelimited's `leaveOut` and readWorkbook's gate: a national file read for one state drops the
// other states' rows as it reads them. Dropping must change nothing but memory: the same rows, the same row numbers, the same
// errors as reading every row and skipping afterwards.
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseSafmrCsv } from '../../src/lib/sources/hud-safmr.ts';
import { readDelimited, readWorkbook } from '../../src/lib/sources/readers.ts';
import { codeFromText, headerIs, zipGate, zipsOutside } from '../../src/lib/sources/table.ts';
import { parseZoriCsv } from '../../src/lib/sources/zillow-zori.ts';
import { MINNESOTA, zipInState } from '../../src/lib/states.ts';

const inMinnesota = zipInState(MINNESOTA);
const isZip = headerIs('zip_code');
const MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
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

// readWorkbook's gate drops the rows of other states; reading every row and dropping afterwards
// must give the same rows and numbers.
describe('readWorkbook leaving out other states\' rows', () => {
  const sheet = (rows: string) =>
    zipSync({
      'xl/workbook.xml': strToU8(`<workbook ${MAIN}><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`),
      'xl/_rels/workbook.xml.rels': strToU8(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`),
      'xl/worksheets/sheet1.xml': strToU8(`<worksheet ${MAIN}><sheetData>${rows}</sheetData></worksheet>`),
    });
  const cells = (r: number, zip: string, rent: string) => `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>${zip}</t></is></c><c r="B${r}"><v>${rent}</v></c></row>`;
  const HEADER_ROW = '<row r="2"><c r="A2" t="inlineStr"><is><t>ZIP</t></is></c><c r="B2" t="inlineStr"><is><t>rent</t></is></c></row>';
  const gate = zipGate(headerIs('zip'), inMinnesota);
  const wants = (h: string[]) => h.includes('zip');

  it('drops the rows of other states, and numbers the kept rows as the sheet does', async () => {
    const bytes = sheet(`${HEADER_ROW}${cells(3, '76437', '7')}${cells(5, '55104', '1060')}${cells(6, '7305', '2')}`);
    const table = await readWorkbook(Buffer.from(bytes), 'w.xlsx', wants, gate);
    // Row 4 is empty and kept, as a sheet read whole keeps it.
    expect(table.rows).toEqual([[null, null], ['55104', 1060]]);
    expect(table.rowNumbers).toEqual([4, 5]);
    expect(table.rowsLeftOut).toBe(2);
  });

  it('keeps a malformed ZIP for its parser to report, and a sheet with only other states\' rows is no error', async () => {
    const bytes = sheet(`${HEADER_ROW}${cells(3, '76437', '1')}${cells(4, '7643X', '2')}`);
    const table = await readWorkbook(Buffer.from(bytes), 'w.xlsx', wants, gate);
    expect(table.rows).toEqual([['7643X', 2]]);
    expect(table.rowNumbers).toEqual([4]);
    const elsewhere = await readWorkbook(Buffer.from(sheet(`${HEADER_ROW}${cells(3, '76437', '1')}`)), 'w.xlsx', wants, gate);
    expect([elsewhere.rows, elsewhere.rowsLeftOut]).toEqual([[], 1]);
    await expect(readWorkbook(Buffer.from(sheet(HEADER_ROW)), 'w.xlsx', wants, gate)).rejects.toThrow('w.xlsx [Data], row 3: sheet has a header but no data rows');
  });

  it('refuses a sheet whose header names a column twice, naming both cells', async () => {
    const twice = sheet(`<row r="1"><c r="A1" t="inlineStr"><is><t>ZIP</t></is></c><c r="B1" t="inlineStr"><is><t>rent</t></is></c><c r="C1" t="inlineStr"><is><t>Rent</t></is></c></row>${cells(2, '55104', '1')}`);
    await expect(readWorkbook(Buffer.from(twice), 'w.xlsx', wants)).rejects.toThrow('w.xlsx [Data], row 1, column C (rent): the header names column "Rent" twice (also B (rent))');
  });

  it('leaves nothing out without the ZIP column, or on a sheet the reader does not want', async () => {
    const noZip = sheet(`<row r="1"><c r="A1" t="inlineStr"><is><t>zcta</t></is></c></row>${cells(2, '76437', '1')}`);
    expect((await readWorkbook(Buffer.from(noZip), 'w.xlsx', () => true, gate)).rows).toHaveLength(1);
    await expect(readWorkbook(Buffer.from(noZip), 'w.xlsx', wants, gate)).rejects.toThrow('w.xlsx: no sheet has the expected columns (sheets: Data)');
  });
});
