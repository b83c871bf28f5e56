// Which public housing agencies have an office in each county, from two parses of HUD's contact
// reports that are each wrong somewhere (sources/hud-pha-contacts.ts). Pure. The rules:
// - agencies are joined on HUD's code;
// - a field is published when the two files agree, or when one has it and the other has nothing;
//   a name one parse cut short (the other's begins with it) is the longer; any other difference is
//   a conflict, published as null with a warning naming the agency;
// - phone and fax: a number both files call the phone is the phone. Which way round the directory
//   writes phone and fax against the by-code file is the pattern of the agencies with two different
//   numbers in both (the by-code file's columns were checked by hand against HUD's PDF: MN002's
//   phone is (612) 342-1400); a number that is one file's phone and the other's fax is resolved by
//   it. An agency with two numbers that follow the other pattern was swapped in one file only, and
//   which one cannot be told: its phone is not published;
// - the office's county is the one the directory names when the crosswalk puts the office's ZIP
//   in it; when they disagree the agency is in no county's list, with a warning; with only one of
//   the two, that one (the crosswalk's county of the ZIP, as a ZIP's own record takes it).
import type { HousingAgency } from '../contract/schemas.ts';
import { compareCodePoints } from '../order.ts';
import { primaryCrosswalkRow } from './places.ts';
import type { Crosswalk, CrosswalkRow } from '../sources/hud-crosswalk.ts';
import { phoneKey, type AgencyEntry, type ContactsFile, type PhoneNumber, type ProgramType } from '../sources/hud-pha-contacts.ts';

/** How the directory writes phone and fax against the by-code file. */
export type NumbersPattern = 'same' | 'swapped';

/** How an agency's office was placed in a county. */
export type PlacedBy = 'both' | 'crosswalk' | 'directory';

export interface PlacedAgency extends HousingAgency {
  county_fips: string | null;
  /** `both`: the directory's county holds the office's ZIP; one source alone; null: not placed. */
  placed_by: PlacedBy | null;
}

export interface AgencyReport {
  /** Agencies of the state read from each file. */
  read: { file: string; agencies: number }[];
  /** In both files; in one only. */
  joined: number;
  onlyByCode: number;
  onlyDirectory: number;
  /** Agencies published with each field not null. */
  published: Record<'name' | 'programs' | 'phone' | 'email' | 'address' | 'city' | 'zip', number>;
  numbers: {
    /** The files' pattern, over every agency of every state with two different numbers in both files. */
    pattern: NumbersPattern | null;
    samePattern: number;
    swappedPattern: number;
    /** This state's agencies whose phone both files call the phone. */
    byLabels: number;
    /** Whose phone is one file's phone and the other's fax, taken by the pattern. */
    byPattern: number;
    /** Whose phone only one file has. */
    fromOneFile: number;
    /** Whose two numbers follow the other pattern: swapped in one file only, and which cannot be told (null). */
    againstPattern: number;
  };
  /** Field values left null because the two files disagree (the phone against the pattern counts once). */
  conflicts: number;
  placed: Record<PlacedBy, number> & { disagree: number; unplaced: number };
}

export interface AgencyInputs {
  contacts: { byCode: ContactsFile & { file: { name: string } }; entries: ContactsFile & { file: { name: string } } };
  crosswalk: Pick<Crosswalk, 'rows'> | null;
  /** The state's counties (FIPS → name): a county outside the list places nothing. */
  counties: ReadonlyMap<string, string>;
}

export interface Agencies {
  /** Every agency of the state, by code, placed or not, with where it was placed and how. */
  all: PlacedAgency[];
  /** The agencies of each county in the order a page lists them (vouchers first). */
  byCounty: Map<string, HousingAgency[]>;
  report: AgencyReport;
  warnings: string[];
}

const PROGRAMS: Record<ProgramType, NonNullable<HousingAgency['programs']>> = {
  'Section 8': ['vouchers'],
  Combined: ['vouchers', 'public_housing'],
  'Low-Rent': ['public_housing'],
};

/** `(612) 342-1400`, with ` x123` for an extension. */
export function phoneText({ digits, extension }: PhoneNumber): string {
  const base = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  return extension === null ? base : `${base} x${extension}`;
}

/** Two different numbers, phone and fax: an agency whose numbers show which way round a file writes them. */
const decisive = ([phone, fax]: [string | null, string | null]) => phone !== null && fax !== null && phone !== fax;

/**
 * The pattern the files follow, over every agency of every state with two different numbers in
 * both (an agency with one number shows nothing: both files call it the phone).
 */
export function numbersPatternOf(byCode: ContactsFile['numbersByCode'], directory: ContactsFile['numbersByCode']): { pattern: NumbersPattern | null; same: number; swapped: number } {
  let same = 0;
  let swapped = 0;
  for (const [code, numbers] of Object.entries(byCode)) {
    const other = directory[code];
    if (other === undefined || !decisive(numbers) || !decisive(other)) continue;
    const looks = patternOfPair(numbers, other);
    if (looks === 'same') same++;
    else if (looks === 'swapped') swapped++;
  }
  return { pattern: same === swapped ? null : same > swapped ? 'same' : 'swapped', same, swapped };
}

/** Which way one agency's numbers match: the same columns, swapped, or neither (nothing matches, or both ways do). */
function patternOfPair([phoneA, faxA]: [string | null, string | null], [phoneB, faxB]: [string | null, string | null]): NumbersPattern | null {
  const eq = (x: string | null, y: string | null) => x !== null && x === y;
  const same = eq(phoneA, phoneB) || eq(faxA, faxB);
  const swapped = eq(phoneA, faxB) || eq(faxA, phoneB);
  return same === swapped ? null : same ? 'same' : 'swapped';
}

type Agreement<T> = { value: T | null; conflict: boolean };

/** One field from two files: agreeing, or from the one that has it; different values conflict. */
function agree<T>(a: T | null, b: T | null, equal: (x: T, y: T) => boolean): Agreement<T> {
  if (a === null) return { value: b, conflict: false };
  if (b === null) return { value: a, conflict: false };
  return equal(a, b) ? { value: a, conflict: false } : { value: null, conflict: true };
}

/** Names: equal, or one cut short by the PDF's column (the other begins with it): the longer. */
function agreeName(a: string | null, b: string | null): Agreement<string> {
  if (a !== null && b !== null && a !== b && (a.startsWith(b) || b.startsWith(a))) return { value: a.length > b.length ? a : b, conflict: false };
  return agree(a, b, (x, y) => x === y);
}

const samePhone = (x: PhoneNumber, y: PhoneNumber) => phoneKey(x) === phoneKey(y);
const sameText = (x: string, y: string) => x === y;

const rank = (agency: HousingAgency) => (agency.programs === null ? 2 : agency.programs.includes('vouchers') ? 0 : 1);

/** A county's list: vouchers first, then public housing only, then programs unknown; by name, then code. */
export function orderForPage(agencies: readonly HousingAgency[]): HousingAgency[] {
  return [...agencies].sort((a, b) => rank(a) - rank(b) || compareCodePoints((a.name ?? '').toUpperCase(), (b.name ?? '').toUpperCase()) || compareCodePoints(a.code, b.code));
}

/** The joined, agreed and placed agencies of the state, with the counts the build report gives. */
export function housingAgencies({ contacts, crosswalk, counties }: AgencyInputs): Agencies {
  const { byCode, entries } = contacts;
  const warnings = [...byCode.warnings, ...entries.warnings];
  const files = `${byCode.file.name} and ${entries.file.name}`;
  const fromByCode = new Map(byCode.agencies.map((a) => [a.code, a]));
  const fromEntries = new Map(entries.agencies.map((a) => [a.code, a]));
  const codes = [...new Set([...fromByCode.keys(), ...fromEntries.keys()])].sort(compareCodePoints);
  const { pattern, same, swapped } = numbersPatternOf(byCode.numbersByCode, entries.numbersByCode);
  // The directory's numbers as the by-code file's columns, by the files' pattern (none without one).
  const directoryNumbers = (e: AgencyEntry) => (pattern === 'swapped' ? { phone: e.fax, fax: e.phone } : { phone: e.phone, fax: e.fax });
  const zipCounties = new Map<string, CrosswalkRow[]>();
  for (const row of crosswalk?.rows ?? []) if (counties.has(row.county)) zipCounties.set(row.zip, [...(zipCounties.get(row.zip) ?? []), row]);
  const report: AgencyReport = {
    read: [
      { file: byCode.file.name, agencies: byCode.agencies.length },
      { file: entries.file.name, agencies: entries.agencies.length },
    ],
    joined: 0,
    onlyByCode: 0,
    onlyDirectory: 0,
    published: { name: 0, programs: 0, phone: 0, email: 0, address: 0, city: 0, zip: 0 },
    numbers: { pattern, samePattern: same, swappedPattern: swapped, byLabels: 0, byPattern: 0, fromOneFile: 0, againstPattern: 0 },
    conflicts: 0,
    placed: { both: 0, crosswalk: 0, directory: 0, disagree: 0, unplaced: 0 },
  };
  const unplaced: string[] = [];
  const all: PlacedAgency[] = codes.map((code) => {
    const a = fromByCode.get(code);
    const b = fromEntries.get(code);
    if (a && b) report.joined++;
    else if (a) report.onlyByCode++;
    else report.onlyDirectory++;
    const label = `${code} ${a?.name ?? b?.name ?? ''}`.trim();
    const conflicted: string[] = [];
    const field = <T>(name: string, agreement: Agreement<T>, shown: (value: T) => string, left: T | null, right: T | null): T | null => {
      if (agreement.conflict && left !== null && right !== null) {
        conflicted.push(`${name} ${JSON.stringify(shown(left))} against ${JSON.stringify(shown(right))}`);
        report.conflicts++;
      }
      return agreement.value;
    };
    const pick = (name: 'name' | 'email' | 'address' | 'city' | 'zip') => {
      const left = a?.[name] ?? null;
      const right = b?.[name] ?? null;
      return field(name, name === 'name' ? agreeName(left, right) : agree(left, right, sameText), (v) => v, left, right);
    };
    let phone: PhoneNumber | null = null;
    if (a && b) {
      const numbersA: [string | null, string | null] = [a.phone && phoneKey(a.phone), a.fax && phoneKey(a.fax)];
      const numbersB: [string | null, string | null] = [b.phone && phoneKey(b.phone), b.fax && phoneKey(b.fax)];
      const own = patternOfPair(numbersA, numbersB);
      if (pattern !== null && own !== null && own !== pattern && decisive(numbersA) && decisive(numbersB)) {
        report.numbers.againstPattern++;
        report.conflicts++;
        const [pA, fA, pB, fB] = [a.phone, a.fax, b.phone, b.fax].map((n) => (n ? phoneText(n) : 'none'));
        conflicted.push(`phone and fax the other way round from the files' pattern (phone ${pA}, fax ${fA} in ${byCode.file.name}; phone ${pB}, fax ${fB} in ${entries.file.name}): one file swapped them, and which cannot be told`);
      } else if (a.phone !== null && b.phone !== null && samePhone(a.phone, b.phone)) {
        phone = a.phone;
        report.numbers.byLabels++;
      } else {
        const mapped = pattern === null ? { phone: null, fax: null } : directoryNumbers(b);
        phone = field('phone', agree(a.phone, mapped.phone, samePhone), phoneText, a.phone, mapped.phone);
        if (phone !== null) {
          if (a.phone !== null && mapped.phone !== null) report.numbers.byPattern++;
          else report.numbers.fromOneFile++;
        }
      }
    } else if (a) {
      phone = a.phone;
      if (phone !== null) report.numbers.fromOneFile++;
    } else if (b && pattern !== null) {
      phone = directoryNumbers(b).phone;
      if (phone !== null) report.numbers.fromOneFile++;
    }
    const zip = pick('zip');
    const program = b?.program ?? null;
    const agency: HousingAgency = {
      code,
      name: pick('name'),
      programs: program === null ? null : PROGRAMS[program],
      phone: phone === null ? null : phoneText(phone),
      email: pick('email'),
      address: pick('address'),
      city: pick('city'),
      zip,
    };
    if (conflicted.length > 0) warnings.push(`hud_pha_contacts: ${label}: ${conflicted.join('; ')}: published as null`);
    for (const key of Object.keys(report.published) as (keyof AgencyReport['published'])[]) if (agency[key] !== null) report.published[key]++;
    // The office's county: the directory's, where the crosswalk puts the office's ZIP in it.
    const named = b?.countyFips != null && counties.has(b.countyFips) ? b.countyFips : null;
    const inCrosswalk = zip === null ? [] : (zipCounties.get(zip) ?? []);
    let county: string | null = null;
    let placedBy: PlacedBy | null = null;
    if (named !== null && inCrosswalk.length > 0) {
      if (inCrosswalk.some((c) => c.county === named)) [county, placedBy] = [named, 'both'];
      else {
        report.placed.disagree++;
        const where = inCrosswalk.map((c) => `${counties.get(c.county)} (${c.county})`).join(', ');
        warnings.push(`hud_pha_contacts: ${label}: ${entries.file.name} places the office in ${counties.get(named)} County (${named}), the crosswalk puts its ZIP ${zip} in ${where}: listed under no county`);
      }
    } else if (named !== null) [county, placedBy] = [named, 'directory'];
    else if (inCrosswalk.length > 0) [county, placedBy] = [primaryCrosswalkRow(inCrosswalk)?.county ?? null, 'crosswalk'];
    else unplaced.push(label);
    if (placedBy !== null) report.placed[placedBy]++;
    return { ...agency, county_fips: county, placed_by: placedBy };
  });
  report.placed.unplaced = unplaced.length;
  if (pattern === null && report.joined > 0) warnings.push(`hud_pha_contacts: ${files} match phone for phone as often as phone for fax (${same} each): a phone is published where both call it the phone, else from the by-code file alone`);
  if (unplaced.length > 0) {
    warnings.push(`hud_pha_contacts: ${unplaced.length} agenc${unplaced.length === 1 ? 'y has' : 'ies have'} no office ZIP in the crosswalk and no county in ${entries.file.name}: listed under no county (${unplaced.join(', ')})`);
  }
  const byCounty = new Map<string, HousingAgency[]>();
  for (const { county_fips, placed_by: _placedBy, ...agency } of all) {
    if (county_fips === null) continue;
    byCounty.set(county_fips, [...(byCounty.get(county_fips) ?? []), agency]);
  }
  for (const [fips, list] of byCounty) byCounty.set(fips, orderForPage(list));
  return { all, byCounty, report, warnings };
}

/** The build report's lines on the housing agencies: what each file gave, how they were joined, agreed and placed. */
export function agencyReportLines(report: AgencyReport): string[] {
  const { read, numbers, placed, published } = report;
  const pattern =
    numbers.pattern === null
      ? 'no pattern (as many agencies match phone for phone as phone for fax)'
      : `the directory's ${numbers.pattern === 'swapped' ? 'phone and fax swapped' : 'phone and fax as the by-code file has them'} (${numbers.pattern === 'swapped' ? numbers.swappedPattern : numbers.samePattern} agencies of every state with two numbers in both files, against ${numbers.pattern === 'swapped' ? numbers.samePattern : numbers.swappedPattern})`;
  return [
    `housing agencies: ${read.map((r) => `${r.agencies} in ${r.file}`).join(', ')}; ${report.joined} in both, ${report.onlyByCode} in the first only, ${report.onlyDirectory} in the second only`,
    `  published with ${(Object.keys(published) as (keyof typeof published)[]).map((key) => `${key} ${published[key]}`).join(', ')}`,
    `  phone: ${numbers.byLabels} called the phone by both files, ${numbers.byPattern} one file's phone and the other's fax (resolved by the files' pattern: ${pattern}), ${numbers.fromOneFile} from one file, ${numbers.againstPattern} against the pattern (null)`,
    `  conflicts left null ${report.conflicts}; office's county: ${placed.both} by the directory and the crosswalk, ${placed.crosswalk} by the crosswalk alone, ${placed.directory} by the directory alone; under no county: ${placed.disagree} where the two disagree, ${placed.unplaced} with neither`,
  ];
}
