// The public housing agencies of each county: those whose voucher area covers it, and those with an
// office in it. Pure. The rules (docs/data-rules.md, "Housing agencies"):
// - HUD's agency layer (sources/hud-pha-layer.ts) is each agency's record: name, office, phone,
//   email, programs, vouchers. The two parses of HUD's contact reports (sources/hud-pha-contacts.ts)
//   fill what the layer lacks and confirm what it has; where they differ from it, the layer's value
//   is published and the build report counts the difference by field. An agency only they list is
//   published from them, as they agree (contactsAgreement).
// - Every agency is placed in the county of its office ZIP, as a ZIP is placed: the crosswalk's
//   county with the largest residential share, else GeoNames' county. One that cannot be placed is
//   named in a warning; the directory's county only confirms.
// - The project's file of the areas agencies serve (sources/agency-areas.ts) gives an agency its
//   area, county by county, its payment standards' basis, whether it is a Moving to Work agency, and
//   the pages each fact rests on. Its codes must be the layer's and its counties the state's.
// - A county lists the agencies whose area covers all or part of it, then those that only have an
//   office there; within each, most vouchers first; public housing only last.
import { ENGLISH } from '../contract/english.ts';
import type { HousingAgency } from '../contract/schemas.ts';
import { areaInWords, coverageOf } from '../contract/served-areas.ts';
import { countyWordOf } from '../county-words.ts';
import { SourceError } from '../errors.ts';
import { compareCodePoints } from '../order.ts';
import type { AgencyAreas } from '../sources/agency-areas.ts';
import type { GeonamesPlace } from '../sources/geonames.ts';
import type { Crosswalk, CrosswalkRow } from '../sources/hud-crosswalk.ts';
import { phoneKey, type AgencyEntry, type ContactsFile, type PhoneNumber, type ProgramType } from '../sources/hud-pha-contacts.ts';
import type { LayerAgency, LayerFile } from '../sources/hud-pha-layer.ts';
import type { StateScope } from '../states.ts';
import { geonamesByZip, zipCountyOf, type CountyFoundBy } from './places.ts';

/** How the directory writes phone and fax against the by-code file. */
export type NumbersPattern = 'same' | 'swapped';

/** How an agency's office was placed in a county: by the crosswalk, or GeoNames where the crosswalk lacks the ZIP. */
export type PlacedBy = CountyFoundBy;

/** An agency of the state as published, but for how much of a county it serves (which depends on the county). */
export type AgencyRecord = Omit<HousingAgency, 'serves_here'>;

export interface PlacedAgency extends AgencyRecord {
  /** The county of its office; null where the office ZIP places it in none of the state's counties. */
  county_fips: string | null;
  placed_by: PlacedBy | null;
}

/** The fields the contact reports fill and confirm. */
export const CHECKED_FIELDS = ['name', 'programs', 'phone', 'email', 'address', 'city', 'zip'] as const;
type CheckedField = (typeof CHECKED_FIELDS)[number];
type ByField = Record<CheckedField, number>;

/** What the two parses of the contact reports gave, and how they agree with each other. */
export interface ContactsReport {
  read: { file: string; agencies: number }[];
  /** In both files; in one only. */
  joined: number;
  onlyByCode: number;
  onlyDirectory: number;
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
    /** Whose two numbers follow the other pattern: swapped in one file only, and which cannot be told. */
    againstPattern: number;
  };
  /** Field values the two files disagree on (left out of what they confirm or fill). */
  conflicts: number;
}

export interface AgencyReport {
  layer: { file: string; agencies: number };
  contacts: ContactsReport;
  /** Agencies published: the layer's, and those only the contact reports list. */
  published: number;
  fromContactsOnly: number;
  /** Per field: published from the layer; filled by the contact reports where the layer has nothing (a name it cut short included); confirmed by them; different in them (the layer's published). */
  fromLayer: ByField;
  filled: ByField;
  confirmed: ByField;
  differ: ByField;
  placed: Record<PlacedBy, number> & { unplaced: number; directoryAgrees: number; directoryDiffers: number };
  /** The file of the areas agencies serve: agencies with an area, the counties their areas cover, and agencies with a known basis. */
  areas: { file: string | null; agencies: number; counties: number; withBasis: number };
}

export interface AgencyInputs {
  layer: LayerFile & { file: { name: string } };
  contacts: { byCode: ContactsFile & { file: { name: string } }; entries: ContactsFile & { file: { name: string } } };
  crosswalk: Pick<Crosswalk, 'rows'> | null;
  /** GeoNames' places of the state: the county of an office ZIP the crosswalk lacks. */
  geonames: readonly GeonamesPlace[];
  state: Pick<StateScope, 'name' | 'fips' | 'countyWord'>;
  /** The state's counties (FIPS → name): a county outside the list places nothing. */
  counties: ReadonlyMap<string, string>;
  /** The areas agencies serve; null where the project has no file for the state. `path` is the file's for messages. */
  areas: (AgencyAreas & { file: { name: string }; path: string }) | null;
}

export interface Agencies {
  /** Every agency of the state, by code, placed or not. */
  all: PlacedAgency[];
  /** Each county's list, in the order a page gives it. */
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

/** What the two contact reports agree on for one agency. */
interface AgreedContacts {
  code: string;
  name: string | null;
  programs: HousingAgency['programs'];
  phone: PhoneNumber | null;
  email: string | null;
  address: string | null;
  city: string | null;
  zip: string | null;
  /** The office's county as the directory names it. */
  countyFips: string | null;
}

/**
 * The two parses joined on HUD's code, each field as they agree: a field one has and the other
 * lacks is taken; different values are a conflict, left null with a warning. Phone and fax by the
 * files' pattern (the by-code file's columns were checked by hand against HUD's PDF).
 */
export function contactsAgreement(contacts: AgencyInputs['contacts'], counties: ReadonlyMap<string, string>): { agreed: Map<string, AgreedContacts>; report: ContactsReport; warnings: string[] } {
  const { byCode, entries } = contacts;
  const warnings = [...byCode.warnings, ...entries.warnings];
  const fromByCode = new Map(byCode.agencies.map((a) => [a.code, a]));
  const fromEntries = new Map(entries.agencies.map((a) => [a.code, a]));
  const codes = [...new Set([...fromByCode.keys(), ...fromEntries.keys()])].sort(compareCodePoints);
  const { pattern, same, swapped } = numbersPatternOf(byCode.numbersByCode, entries.numbersByCode);
  // The directory's numbers as the by-code file's columns, by the files' pattern (none without one).
  const directoryNumbers = (e: AgencyEntry) => (pattern === 'swapped' ? { phone: e.fax, fax: e.phone } : { phone: e.phone, fax: e.fax });
  const report: ContactsReport = {
    read: [
      { file: byCode.file.name, agencies: byCode.agencies.length },
      { file: entries.file.name, agencies: entries.agencies.length },
    ],
    joined: 0,
    onlyByCode: 0,
    onlyDirectory: 0,
    numbers: { pattern, samePattern: same, swappedPattern: swapped, byLabels: 0, byPattern: 0, fromOneFile: 0, againstPattern: 0 },
    conflicts: 0,
  };
  const agreed = new Map<string, AgreedContacts>();
  for (const code of codes) {
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
    const program = b?.program ?? null;
    const fields = { name: pick('name'), email: pick('email'), address: pick('address'), city: pick('city'), zip: pick('zip') };
    if (conflicted.length > 0) warnings.push(`hud_pha_contacts: ${label}: ${conflicted.join('; ')}: the two parses disagree, so neither fills or confirms it`);
    agreed.set(code, {
      code,
      ...fields,
      programs: program === null ? null : PROGRAMS[program],
      phone,
      countyFips: b?.countyFips != null && counties.has(b.countyFips) ? b.countyFips : null,
    });
  }
  if (pattern === null && report.joined > 0) {
    warnings.push(`hud_pha_contacts: ${byCode.file.name} and ${entries.file.name} match phone for phone as often as phone for fax (${same} each): a phone is taken where both call it the phone, else from the by-code file alone`);
  }
  return { agreed, report, warnings };
}

/** Text compared as the files write it loosely: case, punctuation and runs of space aside, "St" as "Saint". */
const loose = (text: string) =>
  text
    .toUpperCase()
    .replace(/&/g, ' AND ')
    .replace(/[^A-Z0-9]+/g, ' ')
    .replace(/\bST\b/g, 'SAINT')
    .trim();

/** USPS's abbreviations of the words streets are written with (Publication 28), as the layer writes them. */
const STREET_WORDS: Readonly<Record<string, string>> = {
  STREET: 'ST', AVENUE: 'AVE', ROAD: 'RD', BOULEVARD: 'BLVD', DRIVE: 'DR', COURT: 'CT', CIRCLE: 'CIR', PLACE: 'PL', LANE: 'LN', PLAZA: 'PLZ',
  PARKWAY: 'PKWY', HIGHWAY: 'HWY', SUITE: 'STE', NORTH: 'N', SOUTH: 'S', EAST: 'E', WEST: 'W', NORTHEAST: 'NE', NORTHWEST: 'NW', SOUTHEAST: 'SE', SOUTHWEST: 'SW',
  SAINT: 'ST', FIRST: '1ST', SECOND: '2ND', THIRD: '3RD', FOURTH: '4TH', FIFTH: '5TH',
};
/** A street compared loosely: as `loose`, with the words USPS abbreviates abbreviated. */
const looseStreet = (text: string) =>
  loose(text)
    .split(' ')
    .map((word) => STREET_WORDS[word] ?? word)
    .join(' ');

/** One field of the record: the layer's, checked against the contact reports and filled by them where the layer has none. */
function checked<T>(layer: T | null, contacts: T | null, same: (x: T, y: T) => boolean): { value: T | null; outcome: 'layer' | 'filled' | null; check: 'confirmed' | 'differ' | null } {
  if (layer === null) return { value: contacts, outcome: contacts === null ? null : 'filled', check: null };
  if (contacts === null) return { value: layer, outcome: 'layer', check: null };
  return { value: layer, outcome: 'layer', check: same(layer, contacts) ? 'confirmed' : 'differ' };
}

/** A name the layer cut short (the contact reports' begins with it) is completed from them; the layer's otherwise. */
function checkedName(layer: string | null, contacts: string | null): ReturnType<typeof checked<string>> {
  if (layer !== null && contacts !== null && loose(contacts).startsWith(loose(layer)) && contacts.length > layer.length) return { value: contacts, outcome: 'filled', check: 'confirmed' };
  return checked(layer, contacts, (x, y) => loose(x) === loose(y) || loose(x).startsWith(loose(y)));
}

const samePrograms = (x: NonNullable<HousingAgency['programs']>, y: NonNullable<HousingAgency['programs']>) => x.join('+') === y.join('+');

/** The areas file's entries with each part's county placed, checked against the layer's codes and the state's counties. */
type PublishedArea = HousingAgency['area'];

function areasByCode(areas: NonNullable<AgencyInputs['areas']>, layerCodes: ReadonlySet<string>, layerFile: string, state: AgencyInputs['state'], counties: ReadonlyMap<string, string>): Map<string, { area: PublishedArea; entry: AgencyAreas['agencies'][number] }> {
  const fipsByName = new Map([...counties].map(([fips, name]) => [name, fips]));
  const byCode = new Map<string, { area: PublishedArea; entry: AgencyAreas['agencies'][number] }>();
  areas.agencies.forEach((entry, index) => {
    const at = `agencies[${index}] (${entry.code})`;
    if (!layerCodes.has(entry.code)) throw new SourceError({ file: areas.path }, `${at}: HUD's agency layer (${layerFile}) has no agency ${entry.code}; give the code HUD's layer gives the agency`);
    const parts = entry.area?.parts.map((part, i) => {
      const fips = fipsByName.get(part.county);
      if (fips === undefined) {
        throw new SourceError({ file: areas.path }, `${at}.area.parts[${i}]: "${part.county}" is not one of ${state.name}'s counties as HUD's county FMR file names them (without the word "County": "St. Louis", "Lac qui Parle")`);
      }
      return { county: part.county, county_fips: fips, county_word: countyWordOf(part.county, state.countyWord) as NonNullable<PublishedArea>['parts'][number]['county_word'], portion: part.portion, city: part.city ?? null, except: part.except ?? [] };
    });
    byCode.set(entry.code, { area: parts && entry.area ? { parts, incomplete: entry.area.incomplete } : null, entry });
  });
  return byCode;
}

/** A county's list: the agencies that serve it, then those with an office only, each group by vouchers (most first), public housing only last. */
export function orderForPage(agencies: readonly HousingAgency[]): HousingAgency[] {
  const group = (a: HousingAgency) => (a.serves_here !== null ? 0 : a.programs !== null && !a.programs.includes('vouchers') ? 2 : 1);
  return [...agencies].sort(
    (a, b) =>
      group(a) - group(b) ||
      (b.vouchers ?? -1) - (a.vouchers ?? -1) ||
      compareCodePoints((a.name ?? '').toUpperCase(), (b.name ?? '').toUpperCase()) ||
      compareCodePoints(a.code, b.code),
  );
}

const zeroes = (): ByField => ({ name: 0, programs: 0, phone: 0, email: 0, address: 0, city: 0, zip: 0 });

/** The state's agencies: each one's record from the layer and the contact reports, placed, with its area; and each county's list. */
export function housingAgencies({ layer, contacts, crosswalk, geonames, state, counties, areas }: AgencyInputs): Agencies {
  const agreement = contactsAgreement(contacts, counties);
  const { agreed, report: contactsReport } = agreement;
  const warnings = [...layer.warnings, ...agreement.warnings];
  const fromLayer = new Map(layer.agencies.map((a) => [a.code, a]));
  const codes = [...new Set([...fromLayer.keys(), ...agreed.keys()])].sort(compareCodePoints);
  const byZip = new Map<string, CrosswalkRow[]>();
  for (const row of crosswalk?.rows ?? []) byZip.set(row.zip, [...(byZip.get(row.zip) ?? []), row]);
  const places = geonamesByZip(geonames);
  const served = areas ? areasByCode(areas, new Set(fromLayer.keys()), layer.file.name, state, counties) : new Map<string, never>();
  const report: AgencyReport = {
    layer: { file: layer.file.name, agencies: layer.agencies.length },
    contacts: contactsReport,
    published: codes.length,
    fromContactsOnly: 0,
    fromLayer: zeroes(),
    filled: zeroes(),
    confirmed: zeroes(),
    differ: zeroes(),
    placed: { crosswalk: 0, geonames: 0, unplaced: 0, directoryAgrees: 0, directoryDiffers: 0 },
    areas: { file: areas?.file.name ?? null, agencies: 0, counties: 0, withBasis: 0 },
  };
  const unplaced: string[] = [];
  const all = codes.map((code): PlacedAgency => {
    const own: LayerAgency | undefined = fromLayer.get(code);
    const other = agreed.get(code);
    if (!own) report.fromContactsOnly++;
    const outcomes: Partial<Record<CheckedField, ReturnType<typeof checked<unknown>>>> = {};
    const take = <T>(key: CheckedField, result: ReturnType<typeof checked<T>>): T | null => {
      outcomes[key] = result;
      return result.value;
    };
    const record = {
      name: take('name', checkedName(own?.name ?? null, other?.name ?? null)),
      programs: take('programs', checked(own ? PROGRAMS[own.program] : null, other?.programs ?? null, samePrograms)),
      phone: take('phone', checked(own?.phone ?? null, other?.phone ?? null, samePhone)),
      email: take('email', checked(own?.email ?? null, other?.email ?? null, (x, y) => x.toLowerCase() === y.toLowerCase())),
      address: take('address', checked(own?.street ?? null, other?.address ?? null, (x, y) => looseStreet(x) === looseStreet(y))),
      city: take('city', checked(own?.city ?? null, other?.city ?? null, (x, y) => loose(x) === loose(y))),
      zip: take('zip', checked(own?.zip ?? null, other?.zip ?? null, sameText)),
    };
    for (const key of CHECKED_FIELDS) {
      const { outcome, check } = outcomes[key] ?? { outcome: null, check: null };
      if (outcome === 'layer') report.fromLayer[key]++;
      if (outcome === 'filled') report.filled[key]++;
      if (check !== null) report[check][key]++;
    }
    // As a ZIP is placed (zipCountyOf): the crosswalk's county, else GeoNames'.
    const office = record.zip === null ? undefined : zipCountyOf(record.zip, byZip.get(record.zip) ?? [], places.get(record.zip), state.fips, counties);
    if (office) {
      report.placed[office.by]++;
      if (other?.countyFips != null) report.placed[other.countyFips === office.fips ? 'directoryAgrees' : 'directoryDiffers']++;
    } else unplaced.push(`${code} ${record.name ?? ''}`.trim());
    const known = served.get(code);
    const entry = known?.entry;
    if (known?.area) {
      report.areas.agencies++;
      if (own?.program === 'Low-Rent') warnings.push(`agency areas: ${code} ${record.name ?? ''} has a voucher area in ${areas?.path ?? ''}, but HUD's agency layer says it runs public housing only`);
    }
    if (entry?.payment_standard_basis != null) report.areas.withBasis++;
    return {
      code,
      name: record.name,
      short_name: entry?.short_name ?? null,
      programs: record.programs,
      vouchers: own?.vouchers ?? null,
      phone: record.phone === null ? null : phoneText(record.phone),
      email: record.email,
      address: record.address,
      city: record.city,
      zip: record.zip,
      serves: known?.area ? areaInWords(known.area, ENGLISH) : null,
      area: known?.area ?? null,
      payment_standard_basis: entry?.payment_standard_basis ?? null,
      basis_since: entry?.basis_since ?? null,
      moving_to_work: entry?.moving_to_work ?? null,
      alternative_rent: entry?.alternative_rent ?? null,
      sources: entry?.sources.map(({ facts, url, page_date, quote, read_on }) => ({ facts, url, page_date, quote, read_on })) ?? [],
      county_fips: office?.fips ?? null,
      placed_by: office?.by ?? null,
    };
  });
  report.placed.unplaced = unplaced.length;
  if (unplaced.length > 0) {
    warnings.push(`housing agencies: ${unplaced.length} agenc${unplaced.length === 1 ? 'y is' : 'ies are'} in none of ${state.name}'s counties: no office ZIP, or one neither the crosswalk nor GeoNames places in the state (${unplaced.join(', ')})`);
  }
  const byCounty = new Map<string, HousingAgency[]>();
  const covered = new Set<string>();
  for (const { county_fips: office, placed_by: _placedBy, ...agency } of all) {
    const listed = new Set([...(office === null ? [] : [office]), ...(agency.area?.parts.map((part) => part.county_fips) ?? [])]);
    for (const fips of listed) {
      const servesHere = coverageOf(agency.area, fips);
      if (servesHere !== null) covered.add(fips);
      byCounty.set(fips, [...(byCounty.get(fips) ?? []), inCounty(agency, servesHere)]);
    }
  }
  report.areas.counties = covered.size;
  for (const [fips, list] of byCounty) byCounty.set(fips, orderForPage(list));
  return { all, byCounty, report, warnings };
}

/** An agency as a county lists it, its fields in the contract's order (serves_here after serves). */
function inCounty(a: AgencyRecord, servesHere: HousingAgency['serves_here']): HousingAgency {
  return {
    code: a.code,
    name: a.name,
    short_name: a.short_name,
    programs: a.programs,
    vouchers: a.vouchers,
    phone: a.phone,
    email: a.email,
    address: a.address,
    city: a.city,
    zip: a.zip,
    serves: a.serves,
    serves_here: servesHere,
    area: a.area,
    payment_standard_basis: a.payment_standard_basis,
    basis_since: a.basis_since,
    moving_to_work: a.moving_to_work,
    alternative_rent: a.alternative_rent,
    sources: a.sources,
  };
}

const fieldCounts = (counts: ByField) => CHECKED_FIELDS.map((key) => `${key} ${counts[key]}`).join(', ');

/** The build report's lines on the housing agencies: the layer, the contact reports, how they agree, where the offices are, what is known of the areas. */
export function agencyReportLines(report: AgencyReport): string[] {
  const { contacts, placed, areas } = report;
  const { numbers } = contacts;
  const pattern =
    numbers.pattern === null
      ? 'no pattern (as many agencies match phone for phone as phone for fax)'
      : `the directory's ${numbers.pattern === 'swapped' ? 'phone and fax swapped' : 'phone and fax as the by-code file has them'} (${numbers.pattern === 'swapped' ? numbers.swappedPattern : numbers.samePattern} agencies of every state with two numbers in both files, against ${numbers.pattern === 'swapped' ? numbers.samePattern : numbers.swappedPattern})`;
  return [
    `housing agencies: ${report.layer.agencies} in ${report.layer.file} (HUD's agency layer, each agency's record); ${report.published} published, ${report.fromContactsOnly} of them from the contact reports alone`,
    `  contact reports: ${contacts.read.map((r) => `${r.agencies} in ${r.file}`).join(', ')}; ${contacts.joined} in both, ${contacts.onlyByCode} in the first only, ${contacts.onlyDirectory} in the second only; phone and fax by ${pattern}; ${contacts.conflicts} values the two disagree on`,
    `  from the layer: ${fieldCounts(report.fromLayer)}; filled by the contact reports: ${fieldCounts(report.filled)}`,
    `  the contact reports confirm: ${fieldCounts(report.confirmed)}; differ from the layer (the layer's published): ${fieldCounts(report.differ)}`,
    `  office's county: ${placed.crosswalk} by the crosswalk, ${placed.geonames} by GeoNames, ${placed.unplaced} in none; the directory's county agrees for ${placed.directoryAgrees}, differs for ${placed.directoryDiffers}`,
    areas.file === null
      ? '  areas served: no file for the state in data/agency-areas/: every county lists the agencies with an office in it'
      : `  areas served (${areas.file}): ${areas.agencies} agencies with an area, covering ${areas.counties} counties; ${areas.withBasis} with a known payment standard basis`,
  ];
}
