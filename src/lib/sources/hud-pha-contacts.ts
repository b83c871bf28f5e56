// HUD's public housing agencies' offices, from two independent parses of HUD's contact reports (one
// PDF per state). HUD publishes no data file; neither parse is HUD's, and each is wrong somewhere, so
// the build reads both and publishes what they agree on (derive/housing-agencies.ts).
//   by_code: `{ metadata, contacts: { MN002: { pha_code, pha_name, phone, fax, email, address, city, state, zip_code } } }`
//   entries: `{ generatedAt, entries: [{ code, name, programType, phone, fax, email, address, city, state, zip, countyFips, countyName }] }`
import { z } from 'zod';
import { parseJsonSource, SourceError } from '../errors.ts';
import type { StateScope } from '../states.ts';

export type ContactsLayout = 'by_code' | 'entries';

/** HUD's program types in its contact reports: public housing, vouchers, or both. */
export const PROGRAM_TYPES = ['Low-Rent', 'Section 8', 'Combined'] as const;
export type ProgramType = (typeof PROGRAM_TYPES)[number];

/** A telephone number of the North American plan, with its extension when it has one. */
export interface PhoneNumber {
  /** Ten digits: area code, exchange, line. */
  digits: string;
  extension: string | null;
}

/** One agency as one file has it; a field the file leaves empty (or writes malformed) is null. */
export interface AgencyEntry {
  code: string;
  name: string | null;
  program: ProgramType | null;
  phone: PhoneNumber | null;
  fax: PhoneNumber | null;
  email: string | null;
  address: string | null;
  city: string | null;
  zip: string | null;
  /** The office's county (entries layout only). */
  countyFips: string | null;
  /** Where the entry is in the file, for warnings: `contacts.MN002`, `entries[812]`. */
  at: string;
}

export interface ContactsFile {
  layout: ContactsLayout;
  /** The state's agencies, by code. */
  agencies: AgencyEntry[];
  /** Agencies of other states in the file. */
  rowsElsewhere: number;
  /**
   * Every agency's phone and fax in the whole file, every state's (`6123421400`, `6123421400x12`):
   * which way round the two files write them is a pattern of the files, weighed over all of it.
   */
  numbersByCode: Record<string, [string | null, string | null]>;
  /** Values read as empty because they are malformed, one line each (file, entry, field, value). */
  warnings: string[];
}

const text = z.string().nullish();
const byCodeEntry = z.looseObject({ pha_code: text, pha_name: text, phone: text, fax: text, email: text, address: text, city: text, state: text, zip_code: text });
const byCodeFile = z.looseObject({ contacts: z.record(z.string(), byCodeEntry) });
const entriesEntry = z.looseObject({
  code: text,
  name: text,
  programType: text,
  phone: text,
  fax: text,
  email: text,
  address: text,
  city: text,
  state: text,
  zip: text,
  countyFips: text,
});
const entriesFile = z.looseObject({ entries: z.array(entriesEntry) });

/** HUD's agency codes: two letters (the state's, or PR's `RQ`) and three digits. */
const AGENCY_CODE = /^[A-Z]{2}\d{3}$/;
// HUD's reports write `(612) 342-1400` or `(612)342-1400`, with an extension as ` x123`.
const PHONE = /^\((\d{3})\)\s?(\d{3})-(\d{4})(?:\s*x(\d{1,6}))?$/;

/** A phone number as HUD's reports write it; undefined when it is not one. */
export function parsePhone(value: string): PhoneNumber | undefined {
  const match = PHONE.exec(value.trim());
  if (!match) return undefined;
  const digits = `${match[1]}${match[2]}${match[3]}`;
  // The plan's area codes and exchanges never start with 0 or 1.
  if (/^[01]/.test(digits) || /^[01]/.test(digits.slice(3))) return undefined;
  return { digits, extension: match[4] ?? null };
}

/** A number as one string, to compare: `6123421400`, `6123421400x12`. */
export const phoneKey = ({ digits, extension }: PhoneNumber) => (extension === null ? digits : `${digits}x${extension}`);

/** Text with its runs of white space made one space; null when nothing is left. */
const tidy = (value: string | null | undefined): string | null => {
  const tidied = (value ?? '').replace(/\s+/g, ' ').trim();
  return tidied === '' ? null : tidied;
};

/** One entry as either layout writes it, every field as text or nothing. */
type RawEntry = Record<'code' | 'state' | 'name' | 'programType' | 'phone' | 'fax' | 'email' | 'address' | 'city' | 'zip' | 'countyFips', string | null> & { at: string };

function layoutOf(body: unknown, file: string): { layout: ContactsLayout; raw: RawEntry[] } {
  if (body && typeof body === 'object' && 'contacts' in body) {
    const parsed = byCodeFile.safeParse(body);
    if (!parsed.success) throw new SourceError({ file }, `not the contacts layout { contacts: { CODE: {...} } }: ${zodWhere(parsed.error)}`);
    const raw = Object.entries(parsed.data.contacts).map(([key, e]) => ({
      code: tidy(e.pha_code ?? key),
      state: tidy(e.state),
      name: tidy(e.pha_name),
      programType: null,
      phone: tidy(e.phone),
      fax: tidy(e.fax),
      email: tidy(e.email),
      address: tidy(e.address),
      city: tidy(e.city),
      zip: tidy(e.zip_code),
      countyFips: null,
      at: `contacts.${key}`,
    }));
    return { layout: 'by_code', raw };
  }
  if (body && typeof body === 'object' && 'entries' in body) {
    const parsed = entriesFile.safeParse(body);
    if (!parsed.success) throw new SourceError({ file }, `not the directory layout { entries: [...] }: ${zodWhere(parsed.error)}`);
    const raw = parsed.data.entries.map((e, i) => ({
      code: tidy(e.code),
      state: tidy(e.state),
      name: tidy(e.name),
      programType: tidy(e.programType),
      phone: tidy(e.phone),
      fax: tidy(e.fax),
      email: tidy(e.email),
      address: tidy(e.address),
      city: tidy(e.city),
      zip: tidy(e.zip),
      countyFips: tidy(e.countyFips),
      at: `entries[${i}]`,
    }));
    return { layout: 'entries', raw };
  }
  throw new SourceError({ file }, 'expected one of the two contact layouts: { contacts: { CODE: {...} } } or { entries: [...] }');
}

const zodWhere = (error: z.ZodError) => {
  const [issue] = error.issues;
  return issue ? `${issue.path.join('.')}: ${issue.message}` : 'unexpected shape';
};

/**
 * The state's agencies in one contacts file. A malformed value (a phone that is not ten digits, a
 * ZIP that is not five, a program HUD does not name) is read as empty, with a warning naming the
 * file, the entry and the field; a file with no agency of the state is an error.
 */
export function parseContactsJson(source: string, file: string, state: StateScope): ContactsFile {
  const body = parseJsonSource(source, file);
  const { layout, raw } = layoutOf(body, file);
  const warnings: string[] = [];
  const agencies: AgencyEntry[] = [];
  const seen = new Map<string, string>();
  let rowsElsewhere = 0;
  const numbersByCode: ContactsFile['numbersByCode'] = {};
  for (const entry of raw) {
    const where = `${file}: ${entry.at}`;
    if (entry.code === null || !AGENCY_CODE.test(entry.code)) throw new SourceError({ file }, `${entry.at}: agency code ${JSON.stringify(entry.code)} is not HUD's (two letters and three digits, MN002)`);
    // HUD's codes start with the state's letters but Puerto Rico's (RQ); the state field says which.
    const key = (value: string | null) => {
      const phone = value === null ? undefined : parsePhone(value);
      return phone ? phoneKey(phone) : null;
    };
    numbersByCode[entry.code] = [key(entry.phone), key(entry.fax)];
    const stateCode = entry.state ?? entry.code.slice(0, 2);
    if (stateCode !== state.code) {
      rowsElsewhere++;
      continue;
    }
    const earlier = seen.get(entry.code);
    if (earlier !== undefined) throw new SourceError({ file }, `${entry.at}: agency ${entry.code} is listed twice (also at ${earlier})`);
    seen.set(entry.code, entry.at);
    const checked = <T>(field: string, value: string | null, read: (value: string) => T | undefined, what: string): T | null => {
      if (value === null) return null;
      const result = read(value);
      if (result === undefined) warnings.push(`${where} (${entry.code}), ${field} ${JSON.stringify(value)} is not ${what}: read as empty`);
      return result ?? null;
    };
    agencies.push({
      code: entry.code,
      name: entry.name,
      program: checked('programType', entry.programType, (v) => PROGRAM_TYPES.find((p) => p === v), `one of HUD's program types (${PROGRAM_TYPES.join(', ')})`),
      phone: checked('phone', entry.phone, parsePhone, 'a ten-digit phone number'),
      fax: checked('fax', entry.fax, parsePhone, 'a ten-digit phone number'),
      email: checked('email', entry.email, (v) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) ? v : undefined), 'an email address'),
      address: entry.address,
      city: entry.city,
      zip: checked('zip', entry.zip, (v) => (/^\d{5}$/.test(v) ? v : undefined), 'a five-digit ZIP code'),
      countyFips: checked('countyFips', entry.countyFips, (v) => (/^\d{5}$/.test(v) && v.startsWith(state.fips) ? v : undefined), `a county FIPS code of ${state.name} (${state.fips}xxx)`),
      at: entry.at,
    });
  }
  if (agencies.length === 0) throw new SourceError({ file }, `no housing agency of ${state.name} (${state.code}) in the file`);
  agencies.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  return { layout, agencies, rowsElsewhere, numbersByCode, warnings };
}
