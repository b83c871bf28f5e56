// HUD's "Public Housing Authorities" open-data layer: every public housing agency with its code,
// name, office, phone, email, programs and vouchers, the record each agency is published from
// (derive/housing-agencies.ts). Two forms of the same fields:
//   the feature service's answer for a state (`query?where=STD_ST='MN'&outFields=*&f=json`, what
//   data:fetch downloads): `{ features: [{ attributes: { PARTICIPANT_CODE, STD_ADDR, STD_CITY,
//   STD_ST, STD_ZIP5, HA_PHN_NUM, … } }] }`;
//   a CSV export: the hub's, with the same STD_* columns, or a third party's that merged them into
//   FULL_ADDRESS ("555 Wabasha St N Ste 400, Saint Paul, MN, 55102"; `nan` where the street is missing).
// Strict for the state's rows: a code, name or city missing, a ZIP, phone or email that is not one, a
// program HUD does not name or a voucher count that is not a count stops the read with one line
// naming the file, the row and the column. An empty ZIP is what HUD's record does not give (two
// agencies nationally): a warning, and the contact reports' ZIP where they have one. Other states'
// rows are only counted.
import { parseJsonSource, SourceError } from '../errors.ts';
import { compareCodePoints } from '../order.ts';
import type { StateScope } from '../states.ts';
import { parsePhone, PROGRAM_TYPES, type PhoneNumber, type ProgramType } from './hud-pha-contacts.ts';
import { readDelimited } from './readers.ts';
import { cellText, columnIndex, findColumn, headerIs, RowReader, type Table } from './table.ts';

/** One agency as HUD's layer has it. */
export interface LayerAgency {
  code: string;
  name: string;
  /** The office's street; null where the layer has none (`nan` in the export). */
  street: string | null;
  city: string;
  /** The office's state as the address writes it: usually the agency's own, not always (WA013's office is in Oregon). */
  officeState: string;
  /** Null where the layer's address ends with an empty ZIP (RQ015, NJ114): the contact reports may give it. */
  zip: string | null;
  phone: PhoneNumber | null;
  email: string | null;
  program: ProgramType;
  /** Housing Choice Vouchers the agency administers (`SECTION8_UNITS_CNT`). */
  vouchers: number;
  /** Where the agency is in the file, for messages: `row 812`, `features[12]`. */
  at: string;
}

export interface LayerFile {
  agencies: LayerAgency[];
  /** Agencies of other states in the file. */
  rowsElsewhere: number;
  /** Values the layer leaves empty that the build must do without, one line each (file, row, agency). */
  warnings: string[];
}

/** HUD's agency codes: two letters and three digits. */
const AGENCY_CODE = /^[A-Z]{2}\d{3}$/;
/** Fewer than this many vouchers at one agency: New York City's, the largest, has about 116,000. */
const MOST_VOUCHERS = 250_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The code's two letters for a state's agencies: its USPS code, but Puerto Rico's are `RQ`. */
export const agencyPrefixOf = (state: StateScope) => (state.code === 'PR' ? 'RQ' : state.code);

/** The columns of either form, by the layer's field names. */
const FIELDS = ['PARTICIPANT_CODE', 'FORMAL_PARTICIPANT_NAME', 'FULL_ADDRESS', 'STD_ADDR', 'STD_CITY', 'STD_ST', 'STD_ZIP5', 'HA_PHN_NUM', 'HA_EMAIL_ADDR_TEXT', 'HA_PROGRAM_TYPE', 'SECTION8_UNITS_CNT'] as const;

/**
 * The feature service's JSON answer as a table of the layer's fields, numbered by feature. An
 * answer the service cut short (`exceededTransferLimit`) or an error it answered with (ArcGIS says
 * `{ error: { code, message } }` with status 200) is refused.
 */
function featureTable(text: string, file: string): Table {
  const body = parseJsonSource(text, file, ": a download cut short, or not the feature service's answer");
  const answer = (body ?? {}) as { error?: { message?: unknown }; features?: unknown; exceededTransferLimit?: unknown };
  if (answer.error) throw new SourceError({ file }, `the feature service answered with an error: ${cellText(answer.error.message) || JSON.stringify(answer.error)}`);
  if (!Array.isArray(answer.features)) throw new SourceError({ file }, "expected the feature service's answer { features: [{ attributes: {...} }] }");
  if (answer.exceededTransferLimit === true) {
    throw new SourceError({ file }, `the feature service cut its answer at ${answer.features.length} agencies (exceededTransferLimit): ask for the state's agencies in pages (resultOffset)`);
  }
  const features = answer.features as { attributes?: Record<string, unknown> }[];
  return {
    file,
    header: [...FIELDS],
    rows: features.map((f) => FIELDS.map((name) => {
      const value = f.attributes?.[name];
      return value === undefined || value === null ? null : typeof value === 'number' ? value : cellText(value);
    })),
    // Features are numbered from 1 as rows, as a reader counting the array would (features[0] is row 1).
    rowNumbers: features.map((_, i) => i + 1),
    headerRow: 1,
    rowsLeftOut: 0,
    columnLabel: (index) => `attributes.${FIELDS[index] ?? `#${index}`}`,
  };
}

/** An export's text that stands for nothing: pandas writes a missing street as `nan`. */
const nothing = (text: string) => text === '' || text.toLowerCase() === 'nan';

/** Reads the state's agencies from the layer's table, whichever form it came in. */
function agenciesOf(table: Table, state: StateScope, where: (reader: RowReader) => string): LayerFile {
  const code = findColumn(table, 'PARTICIPANT_CODE', headerIs('participant_code'));
  const name = findColumn(table, 'FORMAL_PARTICIPANT_NAME', headerIs('formal_participant_name'));
  const phone = findColumn(table, 'HA_PHN_NUM', headerIs('ha_phn_num'));
  const email = findColumn(table, 'HA_EMAIL_ADDR_TEXT', headerIs('ha_email_addr_text'));
  const program = findColumn(table, 'HA_PROGRAM_TYPE', headerIs('ha_program_type'));
  const vouchers = findColumn(table, 'SECTION8_UNITS_CNT', headerIs('section8_units_cnt'));
  const parts = { street: columnIndex(table.header, headerIs('std_addr')), city: columnIndex(table.header, headerIs('std_city')), state: columnIndex(table.header, headerIs('std_st')), zip: columnIndex(table.header, headerIs('std_zip5')) };
  // The hub's columns where the form has them filled; else the merged address.
  const merged = columnIndex(table.header, headerIs('full_address'));
  const hasParts = Object.values(parts).every((i) => i >= 0) && table.rows.some((row) => cellText(row[parts.zip]) !== '');
  if (!hasParts && merged < 0) findColumn(table, 'FULL_ADDRESS or STD_ADDR, STD_CITY, STD_ST and STD_ZIP5', headerIs('full_address'));
  const prefix = agencyPrefixOf(state);
  const reader = new RowReader(table);
  const agencies: LayerAgency[] = [];
  const warnings: string[] = [];
  const seen = new Map<string, string>();
  let rowsElsewhere = 0;
  for (let i = 0; i < table.rows.length; i++) {
    reader.at(i);
    const agencyCode = reader.text(code);
    if (!AGENCY_CODE.test(agencyCode)) reader.fail(code, `agency code ${JSON.stringify(agencyCode)} is not HUD's (two letters and three digits, MN002)`);
    if (!agencyCode.startsWith(prefix)) {
      rowsElsewhere++;
      continue;
    }
    const at = where(reader);
    const earlier = seen.get(agencyCode);
    if (earlier !== undefined) reader.fail(code, `agency ${agencyCode} is listed twice (also at ${earlier})`);
    seen.set(agencyCode, at);
    const agencyName = reader.text(name);
    if (agencyName === '') reader.fail(name, `agency ${agencyCode} has no name`);
    let address: { street: string; city: string; state: string; zip: string };
    if (hasParts) {
      address = { street: reader.text(parts.street), city: reader.text(parts.city), state: reader.text(parts.state), zip: reader.text(parts.zip) };
    } else {
      // Read from the right: ZIP, state, city; what is left is the street, commas and all.
      const pieces = reader.text(merged).split(',').map((piece) => piece.trim());
      const [zip = '', st = '', city = ''] = [pieces.pop(), pieces.pop(), pieces.pop()];
      address = { street: pieces.join(', '), city, state: st, zip };
    }
    const zipColumn = hasParts ? parts.zip : merged;
    // ZIP+4 is the ZIP and a sector: the five digits are the ZIP.
    // An empty ZIP is a ZIP HUD's record does not give (the contact reports may); anything else in its place is not a ZIP.
    const zip =
      address.zip === ''
        ? null
        : (/^\d{5}(?:-\d{4})?$/.exec(address.zip)?.[0].slice(0, 5) ??
          reader.fail(zipColumn, `agency ${agencyCode}: the office's address ${JSON.stringify(hasParts ? address.zip : reader.text(merged))} has no five-digit ZIP code where its ZIP belongs`));
    if (zip === null) warnings.push(`${table.file}: ${at} (${agencyCode}): the office's address has no ZIP code: the contact reports' is used where they have one`);
    if (!/^[A-Z]{2}$/.test(address.state)) reader.fail(hasParts ? parts.state : merged, `agency ${agencyCode}: the office's state ${JSON.stringify(address.state)} is not a two-letter USPS code`);
    if (nothing(address.city)) reader.fail(hasParts ? parts.city : merged, `agency ${agencyCode}: the office's address has no city`);
    const phoneText = reader.text(phone);
    const parsedPhone = phoneText === '' ? null : (parsePhone(phoneText) ?? reader.fail(phone, `agency ${agencyCode}: phone ${JSON.stringify(phoneText)} is not a ten-digit phone number as HUD writes one, (612) 342-1400`));
    const emailText = reader.text(email);
    if (emailText !== '' && !EMAIL.test(emailText)) reader.fail(email, `agency ${agencyCode}: email ${JSON.stringify(emailText)} is not an email address`);
    const programText = reader.text(program);
    const programType = PROGRAM_TYPES.find((p) => p === programText) ?? reader.fail(program, `agency ${agencyCode}: program type ${JSON.stringify(programText)} is not one of HUD's (${PROGRAM_TYPES.join(', ')})`);
    const count = reader.number(vouchers, 'vouchers') ?? 0;
    if (!Number.isInteger(count) || count < 0 || count > MOST_VOUCHERS) reader.fail(vouchers, `agency ${agencyCode}: ${count} vouchers is not a count from 0 to ${MOST_VOUCHERS}`);
    agencies.push({
      code: agencyCode,
      name: agencyName.replace(/\s+/g, ' '),
      street: nothing(address.street) ? null : address.street.replace(/\s+/g, ' '),
      city: address.city,
      officeState: address.state,
      zip,
      phone: parsedPhone,
      email: emailText === '' ? null : emailText,
      program: programType,
      vouchers: count,
      at,
    });
  }
  if (agencies.length === 0) throw new SourceError({ file: table.file }, `no housing agency of ${state.name} (codes ${prefix}nnn) in the file`);
  agencies.sort((a, b) => compareCodePoints(a.code, b.code));
  return { agencies, rowsElsewhere, warnings };
}

/** The layer's feature-service answer (JSON) for the state. */
export function parseLayerJson(text: string, file: string, state: StateScope): LayerFile {
  return agenciesOf(featureTable(text, file), state, (reader) => `features[${reader.row - 1}]`);
}

/** A CSV export of the layer, every state's rows or some. */
export function parseLayerCsv(text: string, file: string, state: StateScope): LayerFile {
  return agenciesOf(readDelimited(text, file), state, (reader) => `row ${reader.row}`);
}
