// Reads the sheets of an .xlsx workbook: fflate unzips its parts, saxen parses their XML, and this
// module gives each cell the value read-excel-file gave it (tests/sources/xlsx.test.ts compares the
// two cell by cell on every workbook in the shared sources). read-excel-file took 1.4 to 2.0 s of
// processor time for each national workbook, cold, most of it in its own per-cell bookkeeping; this
// takes a half to two thirds of that. A workbook is small beside the build's memory, so its parts
// are unzipped whole.
import { unzipSync } from 'fflate';
import { Parser } from 'saxen';
import { sheetColumnLetter } from './table.ts';

/** A value as a sheet holds it; an empty cell is null. */
export type SheetCell = string | number | boolean | Date | null;

export interface WorkbookSheet {
  name: string;
  /** The sheet's rows from row 1, as wide as its widest row with a value; parsed when asked. */
  rows(): SheetCell[][];
  /**
   * The sheet's rows as `rows()` gives them, less those `leaveOut` refuses: it sees the header (the
   * first row with a value) and names one column and a test of its cell. A row whose cell there the
   * test refuses is dropped as soon as that cell is read, and its later cells are not decoded.
   */
  rowsLeavingOut(leaveOut: (header: SheetCell[]) => RowGate | undefined): GatedRows;
}

/** A column (from 0) and whether a row holding `cell` there is left out. */
export interface RowGate {
  column: number;
  leaves: (cell: SheetCell) => boolean;
}

export interface GatedRows {
  /** From row 1 to the last kept row with a value, each as wide as the widest kept row. */
  rows: SheetCell[][];
  /** The sheet's number for each of `rows`. */
  rowNumbers: number[];
  /** Rows left out. */
  leftOut: number;
}

/** A workbook this module cannot read; the message says what and where. */
export class XlsxError extends Error {}

interface XmlHandlers {
  open?: (name: string, attributes: () => Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
}

/** Element names without a namespace prefix: some writers name every element `x:c`. */
const local = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

function walkXml(xml: string, part: string, handlers: XmlHandlers): void {
  const parser = new Parser();
  const fail = (error: Error) => {
    throw new XlsxError(`${part}: ${error.message}`);
  };
  parser.on('error', fail);
  // saxen warns of what it can step over (an unclosed tag, a stray character): in a source file
  // those are damage, not noise.
  parser.on('warn', fail);
  const { open, close, text } = handlers;
  if (open) parser.on('openTag', (name: string, attributes: () => Record<string, string>, _decode: unknown, selfClosing: boolean) => {
    open(local(name), attributes);
    if (selfClosing) close?.(local(name));
  });
  if (close) parser.on('closeTag', (name: string, _decode: unknown, selfClosing: boolean) => {
    if (!selfClosing) close(local(name));
  });
  if (text) parser.on('text', (value: string, decode: (text: string) => string) => text(decode(value)));
  parser.parse(xml);
}

/** `_x000D_` is how OOXML writes a character XML cannot carry. */
const unescapeXlsx = (text: string) => (text.includes('_x') ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text);

/** The text of `<si>` or `<is>`: every `<t>`, runs (`<r>`) joined, phonetic guides (`<rPh>`) left out. */
class RichText {
  private inT = false;
  private inPhonetic = false;
  text = '';
  open(name: string): void {
    if (name === 't') this.inT = true;
    else if (name === 'rPh') this.inPhonetic = true;
  }
  close(name: string): void {
    if (name === 't') this.inT = false;
    else if (name === 'rPh') this.inPhonetic = false;
  }
  add(text: string): void {
    if (this.inT && !this.inPhonetic) this.text += text;
  }
}

function sharedStrings(xml: string | undefined, part: string): string[] {
  const strings: string[] = [];
  if (xml === undefined) return strings;
  let item: RichText | undefined;
  walkXml(xml, part, {
    open: (name) => (name === 'si' ? (item = new RichText()) : item?.open(name)),
    close: (name) => {
      if (name !== 'si') return item?.close(name);
      strings.push(unescapeXlsx(item?.text ?? ''));
      item = undefined;
    },
    text: (text) => item?.add(text),
  });
  return strings;
}

/** Number formats Excel builds in that show dates or times (ECMA-376 18.8.30, with the East Asian and Thai ones). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81]);
const DATE_TOKENS = new Set(['s', 'ss', 'm', 'mm', 'mmm', 'mmmm', 'mmmmm', 'h', 'hh', 'am', 'pm', 'a', 'p', 'd', 'dd', 'ddd', 'dddd', 'aaa', 'aaaa', 'aaaaa', 'y', 'yy', 'yyyy', 'e', 'ee', 'eeee']);

/** Whether a custom format code shows a date: every token left after quoted text, escapes and brackets is a date part. */
export function isDateFormatCode(code: string): boolean {
  const sections = code.toLowerCase().replace(/;@$/, '').replace(/\\./g, ' ').split(';');
  return sections.some((section) => {
    const tokens = section
      .replace(/"[^"]*"/g, ' ')
      .replace(/(\[?[smhd]{1,2}\]?)[.,]00?0?/g, '$1')
      .replace(/\[([smhd]{1,2})\]/g, '$1')
      .replace(/\[[^\]]*\]/g, '')
      .split(/[^a-z0#?%]+/)
      .filter(Boolean);
    return tokens.length > 0 && tokens.every((token) => DATE_TOKENS.has(token));
  });
}

/** For each cell style (`<c s>`), whether its number format shows a date. */
function dateStyles(xml: string | undefined, part: string): boolean[] {
  const isDate: boolean[] = [];
  if (xml === undefined) return isDate;
  const customDate = new Map<number, boolean>();
  let inCellXfs = false;
  walkXml(xml, part, {
    open: (name, attributes) => {
      if (name === 'numFmt') {
        const { numFmtId, formatCode } = attributes();
        customDate.set(Number(numFmtId), isDateFormatCode(formatCode ?? ''));
      } else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attributes().numFmtId ?? 0);
        isDate.push(customDate.get(id) ?? BUILT_IN_DATE_FORMATS.has(id));
      }
    },
    close: (name) => {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return isDate;
}

/** Days from Excel's day 0 to 1970-01-01 (1900 system, with Excel's phantom 29 February 1900). */
const EXCEL_DAYS_BEFORE_1970 = 25569;
const DAY_MS = 86_400_000;
const excelDate = (serial: number, epoch1904: boolean) => new Date(Math.floor(((epoch1904 ? serial + 1462 : serial) - EXCEL_DAYS_BEFORE_1970) * DAY_MS));

/** `B7` → row 7, column 2 (both from 1); undefined when it is not a cell reference. */
function cellAddress(ref: string): { row: number; column: number } | undefined {
  let column = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code < 65 || code > 90) break;
    column = column * 26 + code - 64;
  }
  const row = Number(ref.slice(i));
  return column > 0 && i < ref.length && Number.isInteger(row) && row > 0 ? { row, column } : undefined;
}

interface SheetContext {
  strings: string[];
  dateStyle: boolean[];
  epoch1904: boolean;
}

/**
 * A cell's value from its type (`t`), style (`s`), `<v>` text and inline text: a string trimmed (an
 * empty one null), a number, a date where its style shows one. What it cannot hold is an XlsxError
 * naming the cell `at` in `part`.
 */
function cellValue(type: string, style: string | undefined, v: string, inline: RichText | undefined, { strings, dateStyle, epoch1904 }: SheetContext, part: string, at: string): SheetCell {
  const fail = (detail: string): never => {
    throw new XlsxError(`${part}: cell ${at}: ${detail}`);
  };
  const trimmed = (text: string) => text.trim() || null;
  switch (type) {
    case 'n': {
      if (!v) return null;
      const number = Number(v);
      if (Number.isNaN(number)) fail(`${JSON.stringify(v)} is not a number`);
      if (style === undefined) return number;
      const isDate = dateStyle[Number(style)];
      if (isDate === undefined) fail(`style ${style} is not in the workbook's styles`);
      return isDate ? excelDate(number, epoch1904) : number;
    }
    case 's': {
      if (!v) return null;
      const text = strings[Number(v)];
      if (text === undefined) fail(`shared string ${v} is not in the workbook`);
      return trimmed(text as string);
    }
    case 'str':
      return v ? trimmed(unescapeXlsx(v)) : null;
    case 'inlineStr':
      return inline === undefined ? null : trimmed(unescapeXlsx(inline.text));
    case 'b':
      if (!v) return null;
      if (v !== '0' && v !== '1') fail(`${JSON.stringify(v)} is not a boolean`);
      return v === '1';
    case 'd': {
      if (!v) return null;
      const date = new Date(v);
      if (Number.isNaN(date.valueOf())) fail(`${JSON.stringify(v)} is not a date`);
      return date;
    }
    case 'e':
      // A formula error (#N/A, #DIV/0!) holds no value.
      return null;
    default:
      return fail(`unknown cell type ${JSON.stringify(type)}`);
  }
}

/** The XML of a `<sheetData>` cut into its rows, for the gate's scan; undefined where the cut could be unsure. */
interface SheetDataRows {
  /** The document up to the first row, and from the end of the last. */
  before: string;
  after: string;
  /** Each `<row>` element's text and its `r`, strictly increasing. */
  rows: { xml: string; number: number }[];
}

// A row element, its prefix (`x:`) the same at both ends: no CDATA, comment or processing
// instruction may be inside sheetData (checked first), so the first `</row>` after it is its end.
const ROW_ELEMENT = /<((?:[A-Za-z_][\w.-]*:)?)row\b([^>]*?)(?:\/>|>[\s\S]*?<\/\1row>)/y;
const ROW_NUMBER = /\sr="(\d+)"/;
const SPACE = /\s*/y;
const CELL_TYPE = /\st="([^"]*)"/;
const CELL_STYLE = /\ss="([^"]*)"/;

function sheetDataRows(xml: string): SheetDataRows | undefined {
  const open = /<((?:[A-Za-z_][\w.-]*:)?)sheetData\b[^>]*>/.exec(xml);
  if (!open) return undefined;
  const start = open.index + open[0].length;
  const end = xml.indexOf(`</${open[1]}sheetData>`, start);
  const bang = xml.indexOf('<!', start);
  const instruction = xml.indexOf('<?', start);
  if (end < 0 || (bang >= 0 && bang < end) || (instruction >= 0 && instruction < end)) return undefined;
  const rows: SheetDataRows['rows'] = [];
  let at = start;
  let previous = 0;
  for (;;) {
    SPACE.lastIndex = at;
    SPACE.exec(xml);
    at = SPACE.lastIndex;
    if (at >= end) break;
    ROW_ELEMENT.lastIndex = at;
    const row = ROW_ELEMENT.exec(xml);
    if (!row || ROW_ELEMENT.lastIndex > end) return undefined;
    const number = Number(ROW_NUMBER.exec(row[2] ?? '')?.[1]);
    if (!(number > previous)) return undefined;
    rows.push({ xml: row[0], number });
    previous = number;
    at = ROW_ELEMENT.lastIndex;
  }
  return { before: xml.slice(0, start), after: xml.slice(end), rows };
}

/**
 * Whether `gate` leaves out the row `row` as the parser would decide it, read from the row's text:
 * true only when its cell in the gate's column is found by its reference and its value, read by
 * `cellValue` as the parser reads it, is one the gate refuses. Undefined where the text holds more
 * than a `<v>` the parser would pass on as it is (an inline string, an entity), or a value the
 * parser would reject: the parser then decides.
 */
function gateLeavesRowText(row: { xml: string; number: number }, gate: RowGate & { letters: string }, context: SheetContext): boolean | undefined {
  const { xml } = row;
  const refAt = xml.indexOf(` r="${gate.letters}${row.number}"`);
  if (refAt < 0) return undefined;
  const tagStart = xml.lastIndexOf('<', refAt);
  const tagEnd = xml.indexOf('>', refAt);
  if (tagStart < 0 || tagEnd < 0) return undefined;
  const name = xml.slice(tagStart + 1, xml.indexOf(' ', tagStart));
  if (!/^(?:[A-Za-z_][\w.-]*:)?c$/.test(name)) return undefined;
  const tag = xml.slice(tagStart, tagEnd + 1);
  const type = CELL_TYPE.exec(tag)?.[1] ?? 'n';
  const style = CELL_STYLE.exec(tag)?.[1];
  let text = '';
  if (!tag.endsWith('/>')) {
    const close = xml.indexOf(`</${name}>`, tagEnd);
    if (close < 0) return undefined;
    // One <v> (after a formula, perhaps) and nothing the parser would decode.
    const value = /^(?:<(?:[A-Za-z_][\w.-]*:)?f\b[^>]*?(?:\/>|>[^<]*<\/(?:[A-Za-z_][\w.-]*:)?f>))?<((?:[A-Za-z_][\w.-]*:)?)v>([^<&]*)<\/\1v>$/.exec(xml.slice(tagEnd + 1, close));
    if (!value) return undefined;
    text = value[2] ?? '';
  }
  let cell: SheetCell;
  try {
    cell = cellValue(type, style, text, undefined, context, '', '');
  } catch {
    // The parser reports it, at its cell.
    return undefined;
  }
  return gate.leaves(cell);
}

/**
 * A sheet's rows as `sheetRowsParsed` reads them, with a gate: the rows after the header that the
 * gate leaves out are found from their text and never reach the XML parser (a national sheet read
 * for one state is mostly such rows: saxen took most of a reading thread's time tokenizing them).
 * The first rows are parsed to learn the header and the gate; a row whose gate cell the scan cannot
 * read as the parser would is parsed, and a sheet whose rows cannot be cut surely (CDATA, a
 * comment, a row without its number or out of order) is parsed whole, as before.
 */
function sheetRows(xml: string, part: string, context: SheetContext, leaveOut?: (header: SheetCell[]) => RowGate | undefined): GatedRows {
  if (leaveOut === undefined) return sheetRowsParsed(xml, part, context);
  const cut = sheetDataRows(xml);
  // The header is among the first rows; the gate is asked at the first cell after it.
  const FIRST = 32;
  if (cut === undefined || cut.rows.length <= FIRST) return sheetRowsParsed(xml, part, context, leaveOut);
  const learned: { gate?: RowGate } = {};
  const first = sheetRowsParsed(cut.before + cut.rows.slice(0, FIRST).map((r) => r.xml).join('') + cut.after, part, context, (header) => {
    const asked = leaveOut(header);
    if (asked) learned.gate = asked;
    return asked;
  });
  const { gate } = learned;
  const headerIndex = first.rows.findIndex((row) => row.some((cell) => cell !== null));
  const headerRow = first.rowNumbers[headerIndex];
  if (gate === undefined || headerRow === undefined) return sheetRowsParsed(xml, part, context, leaveOut);
  const scanned = new Set<number>();
  const lettered = { ...gate, letters: sheetColumnLetter(gate.column) };
  const kept = cut.rows.filter((row) => {
    if (row.number <= headerRow || gateLeavesRowText(row, lettered, context) !== true) return true;
    scanned.add(row.number);
    return false;
  });
  const parsed = sheetRowsParsed(cut.before + kept.map((r) => r.xml).join('') + cut.after, part, context, leaveOut);
  // A row left out here is missing from the parsed text, where it reads as an empty row: drop it.
  const rows: SheetCell[][] = [];
  const rowNumbers: number[] = [];
  parsed.rows.forEach((row, i) => {
    const number = parsed.rowNumbers[i] as number;
    if (scanned.has(number)) return;
    rows.push(row);
    rowNumbers.push(number);
  });
  return { rows, rowNumbers, leftOut: parsed.leftOut + scanned.size };
}

function sheetRowsParsed(xml: string, part: string, context: SheetContext, leaveOut?: (header: SheetCell[]) => RowGate | undefined): GatedRows {
  const rows: SheetCell[][] = [];
  // Sheet rows (from 1) left out, and the header's: the gate is asked once the header is whole.
  const left: boolean[] = [];
  let leftOut = 0;
  let headerRow = 0;
  let gate: RowGate | undefined;
  let gateAsked = leaveOut === undefined;
  // The <row> being read was left out: its later cells are passed over unread.
  let skipping = false;
  let lastRow = 0;
  let lastColumn = 0;
  let rowNumber = 0;
  let inSheetData = false;
  // The cell being read: one set of variables, not an object per cell (a national sheet has 500,000).
  let inCell = false;
  let ref: string | undefined;
  let type = 'n';
  let style: string | undefined;
  let value = '';
  let inline: RichText | undefined;
  let inValue = false;
  const fail = (at: string, detail: string): never => {
    throw new XlsxError(`${part}: cell ${at}: ${detail}`);
  };
  const place = (): void => {
    // The reference may be left out; the cell is then the one after the last in its row.
    const at = ref === undefined ? { row: rowNumber || lastRow || 1, column: (rowNumber === lastRow ? lastColumn : 0) + 1 } : cellAddress(ref);
    const label = ref ?? `#${at?.row}`;
    if (!at) return fail(label, 'is not a cell reference');
    if (at.row < lastRow || (at.row === lastRow && at.column <= lastColumn)) fail(label, 'comes after a cell it should precede');
    lastRow = at.row;
    lastColumn = at.column;
    const placed = cellValue(type, style, value, inline, context, part, label);
    if (!gateAsked && headerRow > 0 && at.row > headerRow) {
      gateAsked = true;
      gate = leaveOut?.(rows[headerRow - 1] ?? []);
    }
    if (gate !== undefined && at.row > headerRow && at.column === gate.column + 1 && gate.leaves(placed)) {
      left[at.row - 1] = true;
      leftOut += 1;
      skipping = true;
      return;
    }
    if (placed === null) return;
    if (headerRow === 0) headerRow = at.row;
    const row = (rows[at.row - 1] ??= []);
    while (row.length < at.column - 1) row.push(null);
    row.push(placed);
  };
  walkXml(xml, part, {
    open: (name, attributes) => {
      if (name === 'c') {
        if (!inSheetData || skipping) return;
        const all = attributes();
        inCell = true;
        ref = all.r;
        type = all.t ?? 'n';
        style = all.s;
        value = '';
        inline = undefined;
      } else if (name === 'v') {
        inValue = inCell;
      } else if (name === 'row') {
        if (!inSheetData) return;
        const r = attributes().r;
        rowNumber = r === undefined ? lastRow + 1 : Number(r);
        skipping = false;
      } else if (name === 'sheetData') inSheetData = true;
      else if (name === 'is' && inCell) inline = new RichText();
      else inline?.open(name);
    },
    close: (name) => {
      if (name === 'v') inValue = false;
      else if (name === 'c') {
        if (inCell) place();
        inCell = false;
      } else if (name === 'sheetData') inSheetData = false;
      else inline?.close(name);
    },
    text: (text) => {
      if (inValue) value += text;
      else if (inCell) inline?.add(text);
    },
  });
  // Rows from 1 to the last kept one with a value, each as wide as the widest.
  let end = rows.length;
  while (end > 0 && (left[end - 1] || (rows[end - 1]?.length ?? 0) === 0)) end -= 1;
  const kept: SheetCell[][] = [];
  const rowNumbers: number[] = [];
  let width = 0;
  for (let i = 0; i < end; i++) {
    if (left[i]) continue;
    const row = rows[i] ?? [];
    kept.push(row);
    rowNumbers.push(i + 1);
    if (row.length > width) width = row.length;
  }
  for (const row of kept) while (row.length < width) row.push(null);
  return { rows: kept, rowNumbers, leftOut };
}

/** `worksheets/sheet1.xml` from `xl/_rels/workbook.xml.rels` → `xl/worksheets/sheet1.xml`. */
function partPath(target: string): string {
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const parts: string[] = [];
  for (const piece of path.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.' && piece !== '') parts.push(piece);
  }
  return parts.join('/');
}

/**
 * The workbook's sheets in its order; throws XlsxError for a file that is not a readable workbook.
 * `scan: false` parses every row of a gated sheet (the tests' reference for the gate's scan).
 */
export function openWorkbook(bytes: Uint8Array, { scan = true }: { scan?: boolean } = {}): WorkbookSheet[] {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (file) => file.name.startsWith('xl/') && /\.(xml|rels)$/.test(file.name) });
  } catch (error) {
    throw new XlsxError(`not a zip archive: ${error instanceof Error ? error.message : String(error)}`);
  }
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const text = (path: string): string | undefined => {
    const part = files[path];
    if (part === undefined) return undefined;
    try {
      return decoder.decode(part);
    } catch {
      throw new XlsxError(`${path} is not UTF-8 text`);
    }
  };
  const workbookXml = text('xl/workbook.xml');
  if (workbookXml === undefined) throw new XlsxError('no xl/workbook.xml: not an .xlsx workbook');
  const targets = new Map<string, string>();
  let stringsPath = 'xl/sharedStrings.xml';
  let stylesPath = 'xl/styles.xml';
  walkXml(text('xl/_rels/workbook.xml.rels') ?? '<Relationships/>', 'xl/_rels/workbook.xml.rels', {
    open: (name, attributes) => {
      if (name !== 'Relationship') return;
      const { Id, Target, Type = '' } = attributes();
      if (Id === undefined || Target === undefined) return;
      targets.set(Id, partPath(Target));
      if (Type.endsWith('/sharedStrings')) stringsPath = partPath(Target);
      else if (Type.endsWith('/styles')) stylesPath = partPath(Target);
    },
  });
  const listed: { name: string; path: string }[] = [];
  let epoch1904 = false;
  walkXml(workbookXml, 'xl/workbook.xml', {
    open: (name, attributes) => {
      if (name === 'workbookPr') {
        const { date1904 } = attributes();
        epoch1904 = date1904 === '1' || date1904 === 'true';
      } else if (name === 'sheet') {
        const all = attributes();
        const id = Object.entries(all).find(([key]) => key.endsWith(':id'))?.[1];
        const path = id === undefined ? undefined : targets.get(id);
        if (path === undefined) throw new XlsxError(`xl/workbook.xml: sheet ${JSON.stringify(all.name)} has no part in xl/_rels/workbook.xml.rels`);
        listed.push({ name: all.name ?? '', path });
      }
    },
  });
  const sheetXml = (name: string, path: string): string => {
    const xml = text(path);
    if (xml === undefined) throw new XlsxError(`sheet ${JSON.stringify(name)}: ${path} is missing`);
    return xml;
  };
  const context: SheetContext = { strings: sharedStrings(text(stringsPath), stringsPath), dateStyle: dateStyles(text(stylesPath), stylesPath), epoch1904 };
  return listed.map(({ name, path }) => ({
    name,
    rows: () => sheetRows(sheetXml(name, path), path, context).rows,
    rowsLeavingOut: (leaveOut) => (scan ? sheetRows : sheetRowsParsed)(sheetXml(name, path), path, context, leaveOut),
  }));
}
