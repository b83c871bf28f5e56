// The build's .xlsx reader (src/lib/sources/xlsx.ts) against read-excel-file, an independent reader
// the build used before: the same sheets, rows and values for every workbook in the shared sources,
// and the rules each value follows, shown on workbooks made in code.
import { readdirSync, readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import readExcelFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import writeExcelFile from 'write-excel-file/node';
import { isDateFormatCode, openWorkbook, type RowGate, type SheetCell, XlsxError } from '../../src/lib/sources/xlsx.ts';
import { codeCellText, headerIs, zipGate } from '../../src/lib/sources/table.ts';
import { stateByCode, type StateScope, zipInState } from '../../src/lib/state.ts';
import { source } from '../helpers/paths.ts';

const WORKBOOKS = ['hud_usps_crosswalk', 'hud_safmr', 'hud_fmr'].flatMap((dataset) =>
  readdirSync(source(dataset))
    .filter((name) => name.endsWith('.xlsx'))
    .map((name) => `${dataset}/${name}`),
);

const sheetsOf = (bytes: Uint8Array) => openWorkbook(bytes).map((sheet) => ({ sheet: sheet.name, data: sheet.rows() }));

describe("the gate's scan of a sheet's text", () => {
  // The gates the build puts on its workbooks: a ZIP column (the crosswalk's, the SAFMR's) kept for
  // one state; the county FMR workbooks have none. Read with the scan and with every row parsed.
  const gated = (bytes: Uint8Array, state: StateScope, scan: boolean) =>
    openWorkbook(bytes, { scan }).map((sheet) => sheet.rowsLeavingOut((header) => zipGate(headerIs('zip', 'zip_code', 'zip code'), zipInState(state))(header.map((h) => String(h ?? '').trim().toLowerCase()))));

  it.each(WORKBOOKS)('%s: the same rows, row numbers and rows left out as parsing every row, for six states', (path) => {
    const bytes = readFileSync(source(path));
    for (const code of ['TX', 'MN', 'VT', 'CT', 'PR', 'AK']) {
      const state = stateByCode(code) as StateScope;
      const scanned = gated(bytes, state, true);
      expect(scanned).toStrictEqual(gated(bytes, state, false));
      // The gate did work where a sheet has a ZIP column: most rows of a national sheet are left out.
      if (!path.startsWith('hud_fmr/')) expect(scanned[0]?.leftOut).toBeGreaterThan(scanned[0]?.rows.length ?? 0);
    }
  });

  /** A one-sheet workbook of `sheetData`'s rows, with one shared string `S`, and styles where style 1 shows a date. */
  const workbook = (sheetData: string) =>
    zipSync({
      'xl/workbook.xml': strToU8('<workbook xmlns:r="r"><sheets><sheet name="S" r:id="rId1"/></sheets></workbook>'),
      'xl/_rels/workbook.xml.rels': strToU8('<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml" Type="x/worksheet"/><Relationship Id="rId2" Target="sharedStrings.xml" Type="x/sharedStrings"/><Relationship Id="rId3" Target="styles.xml" Type="x/styles"/></Relationships>'),
      'xl/sharedStrings.xml': strToU8('<sst><si><t> 55401 </t></si><si><t>zip</t></si></sst>'),
      'xl/styles.xml': strToU8('<styleSheet><cellXfs><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs></styleSheet>'),
      'xl/worksheets/sheet1.xml': strToU8(`<worksheet><sheetData>${sheetData}</sheetData></worksheet>`),
    });
  const row = (n: number, zip: string, extra = '') => `<row r="${n}"><c r="A${n}"${zip}<c r="B${n}"><v>${n}</v></c>${extra}</row>`;
  // Rows 2 to 40: a ZIP kept or not, written every way a cell can hold it.
  const body = (cells: string[]) => ['<row r="1"><c r="A1" t="s"><v>1</v></c><c r="B1" t="str"><v>n</v></c></row>', ...Array.from({ length: 39 }, (_, i) => row(i + 2, cells[i % cells.length] as string))].join('');
  const gate: (header: SheetCell[]) => RowGate | undefined = (header) => (header[0] === 'zip' ? { column: 0, leaves: (cell) => codeCellText(cell) !== '55401' } : undefined);
  const both = (sheetData: string) => [true, false].map((scan) => openWorkbook(workbook(sheetData), { scan })[0]?.rowsLeavingOut(gate));

  it('decides from a number, a shared string, plain text, a formula\'s value and an empty cell as the parser does', () => {
    const [scanned, parsed] = both(body(['><v>55401</v></c>', '><v>60601</v></c>', ' t="s"><v>0</v></c>', ' t="str"><v>60601</v></c>', '><f>1+1</f><v>55401</v></c>', '/>', ' t="str"><v> 55401 </v></c>']));
    expect(scanned).toStrictEqual(parsed);
    expect(parsed?.leftOut).toBeGreaterThan(0);
    expect(parsed?.rows.slice(1).every((r) => codeCellText(r[0] ?? null) === '55401' || r[0] === null)).toBe(true);
  });

  it('reads a date style and _xHHHH_ as the parser does, and leaves to it an entity, an inline string, a bad value, a cell without its reference', () => {
    const [scanned, parsed] = both(body([' s="1"><v>55401</v></c>', ' t="str"><v>55&amp;401</v></c>', ' t="inlineStr"><is><t>60601</t></is></c>', ' t="str"><v>5540_x0031_</v></c>', '><v>60601</v></c>']));
    expect(scanned).toStrictEqual(parsed);
    for (const bad of ['><v>x</v></c>', ' t="s"><v>9</v></c>']) {
      const read = (scan: boolean) => () => openWorkbook(workbook(body([bad])), { scan })[0]?.rowsLeavingOut(gate);
      let parserSays = 'no error';
      try {
        read(false)();
      } catch (error) {
        parserSays = (error as Error).message;
      }
      expect(read(true)).toThrow(XlsxError);
      expect(read(true)).toThrow(parserSays);
    }
    // A gate cell placed by position (no reference) leaves its row to the parser; a comment in the
    // sheet data leaves it the whole sheet, and rows out of order are its error.
    for (const sheetData of [body(['><v>60601</v></c>']).replace('<c r="A30"', '<c'), `${body(['><v>60601</v></c>'])}<!-- x -->`]) {
      const [s, p] = both(sheetData);
      expect(s).toStrictEqual(p);
    }
    const outOfOrder = body(['><v>60601</v></c>']).replace('<row r="30">', '<row r="3">').replace(/r="([A-Z])30"/g, 'r="$13"');
    expect(() => both(outOfOrder)).toThrow(/comes after a cell it should precede/);
  });
});

describe('every shared workbook reads as read-excel-file reads it', () => {
  it('finds the four workbooks', () => {
    expect(WORKBOOKS).toEqual(['hud_usps_crosswalk/ZIP_COUNTY_092024.xlsx', 'hud_safmr/fy2024_safmrs_revised.xlsx', 'hud_fmr/FY25_FMRs_revised.xlsx', 'hud_fmr/FY26_FMRs.xlsx']);
  });

  it.each(WORKBOOKS)('%s: the same sheets, cell for cell', async (path) => {
    const bytes = readFileSync(source(path));
    const theirs = (await readExcelFile(bytes)) as { sheet: string; data: unknown[][] }[];
    const ours = sheetsOf(bytes);
    expect(ours.map((s) => [s.sheet, s.data.length])).toEqual(theirs.map((s) => [s.sheet, s.data.length]));
    ours.forEach((sheet, i) => expect(sheet.data).toStrictEqual(theirs[i]?.data));
  });

  it('reads the rows as the sheet XML holds them (checked by hand with unzip -p)', () => {
    const [crosswalk] = sheetsOf(readFileSync(source('hud_usps_crosswalk/ZIP_COUNTY_092024.xlsx')));
    // <row r="31028">: ZIP and county are text, kept with their leading digits; the ratios are numbers.
    expect(crosswalk?.data[31027]).toEqual(['55104', '27123', 'SAINT PAUL', 'MN', 1, 1, 1, 1]);
    const [safmr] = sheetsOf(readFileSync(source('hud_safmr/fy2024_safmrs_revised.xlsx')));
    // HUD's header cells hold line breaks; the ZIP is a number here (<c r="A15008" s="7"><v>55104</v>).
    expect(safmr?.data[0]?.[0]).toBe('ZIP\r\nCode');
    expect(safmr?.data[15007]?.slice(0, 4)).toEqual([55104, 'METRO33460M33460', 'Minneapolis-St. Paul-Bloomington, MN-WI HUD Metro\r\nFMR Area', 1060]);
    expect(safmr?.data[15007]?.[15]).toBe(2250);
  });
});

/** A workbook from parts written by hand, for what write-excel-file never writes. */
function handMade(sheetXml: string, { strings, styles }: { strings?: string; styles?: string } = {}): Uint8Array {
  const main = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return zipSync({
    'xl/workbook.xml': strToU8(`<workbook ${main}><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/sharedStrings" Target="/xl/sharedStrings.xml"/><Relationship Id="rId3" Type="${rel}/styles" Target="styles.xml"/></Relationships>`,
    ),
    'xl/worksheets/sheet1.xml': strToU8(`<worksheet ${main}><sheetData>${sheetXml}</sheetData></worksheet>`),
    ...(strings === undefined ? {} : { 'xl/sharedStrings.xml': strToU8(`<sst ${main}>${strings}</sst>`) }),
    ...(styles === undefined ? {} : { 'xl/styles.xml': strToU8(`<styleSheet ${main}>${styles}</styleSheet>`) }),
  });
}

const rowsOf = (bytes: Uint8Array) => openWorkbook(bytes)[0]?.rows();

describe('cell values', () => {
  it('numbers, trimmed text, booleans and dates, as written by write-excel-file', async () => {
    const bytes = await writeExcelFile([
      [{ value: 'ZIP' }, { value: 'rent' }, { value: 'ok' }, { value: 'as of' }],
      [{ value: '  55104 ' }, { value: 1470.5 }, { value: true }, { value: new Date(Date.UTC(2025, 9, 1)), format: 'yyyy-mm-dd' }],
    ]).toBuffer();
    expect(rowsOf(bytes)).toEqual([
      ['ZIP', 'rent', 'ok', 'as of'],
      ['55104', 1470.5, true, new Date(Date.UTC(2025, 9, 1))],
    ]);
  });

  it('gaps are null, rows start at row 1, and empty rows and columns at the end are dropped', () => {
    const xml = '<row r="2"><c r="B2"><v>1</v></c><c r="D2" t="inlineStr"><is><t> </t></is></c></row><row r="4"><c r="A4"><v>2</v></c></row><row r="5"><c r="A5" t="str"><v></v></c></row>';
    expect(rowsOf(handMade(xml))).toEqual([[null, null], [null, 1], [null, null], [2, null]]);
  });

  it('shared strings join their runs, leave out phonetic guides and unescape _xHHHH_', () => {
    const strings = '<si><t>Saint Paul</t></si><si><r><t>Minnea</t></r><r><t xml:space="preserve">polis &amp; </t></r><rPh><t>ミネ</t></rPh></si><si><t>line_x000D_break</t></si>';
    const xml = '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>';
    expect(rowsOf(handMade(xml, { strings }))).toEqual([['Saint Paul', 'Minneapolis &', 'line\rbreak']]);
  });

  it('a cell reference may be left out: the cell follows the one before it', () => {
    expect(rowsOf(handMade('<row r="1"><c><v>1</v></c><c><v>2</v></c></row><row r="3"><c><v>3</v></c></row>'))).toEqual([[1, 2], [null, null], [3, null]]);
  });

  it('a formula error holds no value; a formula result is the cached value', () => {
    expect(rowsOf(handMade('<row r="1"><c r="A1" t="e"><f>1/0</f><v>#DIV/0!</v></c><c r="B1"><f>1+1</f><v>2</v></c></row>'))).toEqual([[null, 2]]);
  });

  it('a number in a date format is a date: built-in format 14, and a custom format', () => {
    const styles = '<numFmts count="2"><numFmt numFmtId="164" formatCode="&quot;$&quot;#,##0"/><numFmt numFmtId="165" formatCode="d mmm yyyy;@"/></numFmts><cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/></cellXfs>';
    const xml = '<row r="1"><c r="A1" s="0"><v>45931</v></c><c r="B1" s="1"><v>45931</v></c><c r="C1" s="2"><v>45931</v></c><c r="D1" s="3"><v>45931.5</v></c></row>';
    expect(rowsOf(handMade(xml, { styles }))).toEqual([[45931, new Date(Date.UTC(2025, 9, 1)), 45931, new Date(Date.UTC(2025, 9, 1, 12))]]);
  });

  it('tells date formats from number formats', () => {
    for (const code of ['yyyy-mm-dd', 'm/d/yy h:mm', '[h]:mm:ss', 'mmm-yy', 'dd"."mm"."yyyy', '[$-409]mmmm d, yyyy;@']) expect(isDateFormatCode(code), code).toBe(true);
    for (const code of ['0', '#,##0.00', '"$"#,##0', '0%', '@', '"Year "0']) expect(isDateFormatCode(code), code).toBe(false);
  });
});

describe('damaged workbooks are errors that say where', () => {
  const fails = (bytes: Uint8Array, message: RegExp) => expect(() => openWorkbook(bytes).map((s) => s.rows())).toThrow(message);

  it('a truncated download, an HTML error page, a zip that is not a workbook', () => {
    const real = readFileSync(source('hud_fmr/FY26_FMRs.xlsx'));
    fails(real.subarray(0, real.length / 2), /^not a zip archive/);
    fails(strToU8('<!doctype html><title>503</title>'), /^not a zip archive/);
    fails(zipSync({ 'readme.txt': strToU8('hi') }), /^no xl\/workbook\.xml: not an \.xlsx workbook$/);
  });

  it('sheet XML cut off, or with a tag left open', () => {
    fails(handMade('<row r="1"><c r="A1"><v>1</v></c></row><row r="2"><c r="A2"><v>2'), /^xl\/worksheets\/sheet1\.xml: /);
    fails(handMade('<row r="1"><c r="A1"><v>1</c></row>'), /^xl\/worksheets\/sheet1\.xml: /);
  });

  it('a value its cell type cannot hold, named by cell', () => {
    fails(handMade('<row r="1"><c r="C1" t="s"><v>7</v></c></row>', { strings: '<si><t>a</t></si>' }), /^xl\/worksheets\/sheet1\.xml: cell C1: shared string 7 is not in the workbook$/);
    fails(handMade('<row r="1"><c r="A1"><v>12O</v></c></row>'), /^xl\/worksheets\/sheet1\.xml: cell A1: "12O" is not a number$/);
    fails(handMade('<row r="1"><c r="A1" t="b"><v>yes</v></c></row>'), /cell A1: "yes" is not a boolean$/);
    fails(handMade('<row r="1"><c r="A1" s="3"><v>1</v></c></row>'), /cell A1: style 3 is not in the workbook's styles$/);
    fails(handMade('<row r="1"><c r="A1" t="q"><v>1</v></c></row>'), /cell A1: unknown cell type "q"$/);
  });

  it('cells out of order, or with a reference that is not one', () => {
    fails(handMade('<row r="2"><c r="B2"><v>1</v></c><c r="A2"><v>2</v></c></row>'), /cell A2: comes after a cell it should precede$/);
    fails(handMade('<row r="1"><c r="1A"><v>1</v></c></row>'), /cell 1A: is not a cell reference$/);
  });

  it('errors are XlsxError, which the build turns into one line naming the file', () => {
    expect(() => openWorkbook(strToU8('nope'))).toThrow(XlsxError);
  });
});
