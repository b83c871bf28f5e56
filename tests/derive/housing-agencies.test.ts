// The housing agencies: HUD's contact reports read from two parses, joined, agreed and placed by
// county. Values checked by hand against the two files in data/snapshot/hud_pha_contacts/; fault
// cases on copies of the real files with one thing changed.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { telUri } from '../../src/lib/contract/format.ts';
import { HousingAgency } from '../../src/lib/contract/schemas.ts';
import { agencyReportLines, housingAgencies, type AgencyInputs } from '../../src/lib/derive/housing-agencies.ts';
import { parseContactsJson, parsePhone } from '../../src/lib/sources/hud-pha-contacts.ts';
import { chooseContactsFiles } from '../../src/lib/sources/choose-files.ts';
import { readSources, type SourceData } from '../../src/lib/sources/read-sources.ts';
import { NO_DATE_LIMITS } from '../../src/lib/sources/plausible.ts';
import { MINNESOTA } from '../../src/lib/states.ts';
import { SNAPSHOT_SOURCES } from '../helpers/paths.ts';
import { sourcesCopy } from '../helpers/sources-copy.ts';

const BY_CODE = 'hud_pha_contacts/PHA_Contacts_2026-01-20_via_vibe4vets.json';
const DIRECTORY = 'hud_pha_contacts/pha-directory_2026-05-03_via_Sect8.json';
type Fields = Record<string, string | null | undefined>;
interface RawByCode {
  contacts: Record<string, Fields>;
}
interface RawDirectory {
  entries: (Fields & { code: string })[];
}
const rawOf = (path: string): unknown => JSON.parse(readFileSync(join(SNAPSHOT_SOURCES, path), 'utf8'));

let sources: SourceData;
let inputs: AgencyInputs;
beforeAll(async () => {
  sources = await readSources({ sourcesDir: SNAPSHOT_SOURCES }, { state: MINNESOTA, limits: NO_DATE_LIMITS });
  inputs = { contacts: sources.contacts, crosswalk: sources.crosswalk, counties: new Map(sources.fmr.counties.map((c) => [c.fips, c.name])) };
});

/** The inputs with one or both files replaced by a parse of changed JSON. */
function withFiles(change: { byCode?: (raw: RawByCode) => void; directory?: (raw: RawDirectory) => void }): AgencyInputs {
  const byCode = rawOf(BY_CODE) as RawByCode;
  const directory = rawOf(DIRECTORY) as RawDirectory;
  change.byCode?.(byCode);
  change.directory?.(directory);
  return {
    ...inputs,
    contacts: {
      byCode: { ...parseContactsJson(JSON.stringify(byCode), BY_CODE, MINNESOTA), file: inputs.contacts.byCode.file },
      entries: { ...parseContactsJson(JSON.stringify(directory), DIRECTORY, MINNESOTA), file: inputs.contacts.entries.file },
    },
  };
}
const directoryEntry = (raw: RawDirectory, code: string): Fields => raw.entries.find((e) => e.code === code) ?? {};
const byCodeEntry = (raw: RawByCode, code: string): Fields => raw.contacts[code] ?? {};

describe('the two parses of HUD\'s contact reports', () => {
  it('reads Minnesota\'s agencies from each, by the state each entry names', () => {
    expect(sources.contacts.byCode.agencies).toHaveLength(134);
    expect(sources.contacts.entries.agencies).toHaveLength(124);
    // By hand: MN002 in the by-code file, phone (612) 342-1400 and fax (612) 335-4401; the directory writes them the other way round.
    const a = sources.contacts.byCode.agencies.find((x) => x.code === 'MN002');
    const b = sources.contacts.entries.agencies.find((x) => x.code === 'MN002');
    expect(a).toMatchObject({ name: 'PHA in and for the City of Minneapolis', phone: { digits: '6123421400', extension: null }, fax: { digits: '6123354401' }, zip: '55401', program: null });
    expect(b).toMatchObject({ phone: { digits: '6123354401' }, fax: { digits: '6123421400' }, program: 'Combined', countyFips: '27053' });
  });

  it('reads HUD\'s phone forms, and nothing else as a phone', () => {
    expect(parsePhone('(612) 342-1400')).toEqual({ digits: '6123421400', extension: null });
    expect(parsePhone('(218)741-2610 x209')).toEqual({ digits: '2187412610', extension: '209' });
    for (const bad of ['(612) 342-140', '612-342-1400', '(802) 000-0000', '(012) 342-1400', 'call us']) expect(parsePhone(bad), bad).toBeUndefined();
  });

  it('chooses one file of each parse, the later copy of one, and refuses a folder with one parse only', () => {
    expect(chooseContactsFiles(['PHA_Contacts_2026-01-20.json', 'PHA_Contacts_2026-06-01.json', 'pha-directory.json'], 'hud_pha_contacts')).toEqual({
      read: ['PHA_Contacts_2026-06-01.json', 'pha-directory.json'],
      leftOut: [{ name: 'PHA_Contacts_2026-01-20.json', why: 'PHA_Contacts_2026-06-01.json is a later copy of the same parse' }],
    });
    expect(() => chooseContactsFiles(['PHA_Contacts.json'], 'data/sources/hud_pha_contacts')).toThrow(
      "data/sources/hud_pha_contacts: needs both parses of HUD's contact reports and has no pha-directory.json (the build publishes what the two agree on)",
    );
  });

  it('a malformed phone: read as empty, with one warning naming the file, the entry and the value; the other file\'s number is published', () => {
    const changed = withFiles({ byCode: (raw) => (byCodeEntry(raw, 'MN003').phone = '(218) 529-630') });
    expect(changed.contacts.byCode.warnings).toEqual([`${BY_CODE}: contacts.MN003 (MN003), phone "(218) 529-630" is not a ten-digit phone number: read as empty`]);
    const { all } = housingAgencies(changed);
    // The directory's fax, read as the phone by the files' pattern: the number HUD's report gives.
    expect(all.find((a) => a.code === 'MN003')?.phone).toBe('(218) 529-6300');
  });

  it('an empty file stops the read with one line naming it', async () => {
    const dir = await sourcesCopy(await mkdtemp(join(tmpdir(), 'mnrent-contacts-')), { [DIRECTORY]: '' });
    try {
      await expect(readSources({ sourcesDir: dir }, { state: MINNESOTA, limits: NO_DATE_LIMITS })).rejects.toThrow(`${join(dir, DIRECTORY)}: file is empty`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a file with no agency of the state, and a file that is not JSON or not either layout: one line each', () => {
    expect(() => parseContactsJson('{"contacts": {}}', BY_CODE, MINNESOTA)).toThrow(`${BY_CODE}: no housing agency of Minnesota (MN) in the file`);
    expect(() => parseContactsJson('', BY_CODE, MINNESOTA)).toThrow(`${BY_CODE}: not JSON`);
    expect(() => parseContactsJson('{"rows": []}', BY_CODE, MINNESOTA)).toThrow(`${BY_CODE}: expected one of the two contact layouts`);
    expect(() => parseContactsJson('{"entries": [{"code": "MN2", "state": "MN"}]}', DIRECTORY, MINNESOTA)).toThrow(`${DIRECTORY}: entries[0]: agency code "MN2" is not HUD's`);
  });
});

describe('the agencies published', () => {
  it('counts what each file gave, how they were joined, and how each phone was taken (the build report\'s lines)', () => {
    const { report } = housingAgencies(inputs);
    expect(report).toMatchObject({
      joined: 123,
      onlyByCode: 11,
      onlyDirectory: 1,
      numbers: { pattern: 'swapped', samePattern: 0, swappedPattern: 3206, byLabels: 11, byPattern: 112, fromOneFile: 1, againstPattern: 0 },
      conflicts: 8,
      placed: { both: 124, crosswalk: 0, directory: 0, disagree: 0, unplaced: 11 },
    });
    expect(agencyReportLines(report)[0]).toBe(`housing agencies: 134 in ${BY_CODE}, 124 in ${DIRECTORY}; 123 in both, 11 in the first only, 1 in the second only`);
  });

  it('Hennepin, Ramsey and St. Louis: the lists checked by hand against the two files, vouchers first', () => {
    const { byCounty } = housingAgencies(inputs);
    const list = (fips: string) => (byCounty.get(fips) ?? []).map((a) => `${a.code} ${a.programs?.join('+') ?? '?'} ${a.phone ?? '-'}`);
    expect(list('27053')).toEqual([
      'MN144 vouchers+public_housing (952) 924-2579',
      'MN152 vouchers (952) 563-8937',
      'MN002 vouchers+public_housing (612) 342-1400',
      'MN170 vouchers (763) 509-5410',
      'MN216 vouchers (612) 861-9700',
      'MN078 public_housing (952) 548-6325',
      'MN074 public_housing (952) 472-5078',
    ]);
    // St. Paul's agency (MN001) is in the by-code file with no phone, city or ZIP, and not in the directory: placed nowhere.
    expect(list('27123')).toEqual(['MN801 vouchers (651) 659-2959', 'MN163 vouchers (651) 602-1187', 'MN802 vouchers (612) 243-4107']);
    expect(list('27137')).toEqual([
      'MN003 vouchers+public_housing (218) 529-6300',
      'MN007 vouchers+public_housing (218) 741-2610 x209',
      'MN005 public_housing (218) 254-2656',
      'MN096 public_housing (218) 666-2533',
      'MN053 public_housing (218) 365-3900',
      'MN011 public_housing (218) 744-1010',
      'MN117 public_housing (218) 741-0398',
      'MN004 public_housing (218) 263-3661',
    ]);
    expect(byCounty.get('27053')?.find((a) => a.code === 'MN002')).toEqual({
      code: 'MN002',
      name: 'PHA in and for the City of Minneapolis',
      programs: ['vouchers', 'public_housing'],
      phone: '(612) 342-1400',
      email: 'ContactMPHA@mplspha.org',
      address: '1001 WASHINGTON Avenue N',
      city: 'MINNEAPOLIS',
      zip: '55401',
    });
  });

  it('every agency: fits the contract, its phone is the by-code file\'s phone or the directory\'s fax and never a fax, listed once, vouchers first', () => {
    const { all, byCounty } = housingAgencies(inputs);
    const a = new Map(sources.contacts.byCode.agencies.map((x) => [x.code, x]));
    const b = new Map(sources.contacts.entries.agencies.map((x) => [x.code, x]));
    const text = (n: { digits: string; extension: string | null } | null | undefined) => (n ? `(${n.digits.slice(0, 3)}) ${n.digits.slice(3, 6)}-${n.digits.slice(6)}${n.extension ? ` x${n.extension}` : ''}` : undefined);
    for (const { county_fips: _county, placed_by: _placedBy, ...agency } of all) {
      expect(() => HousingAgency.parse(agency), agency.code).not.toThrow();
      if (agency.phone === null) continue;
      expect([text(a.get(agency.code)?.phone), text(b.get(agency.code)?.fax)], agency.code).toContain(agency.phone);
      if (a.get(agency.code)?.fax && text(a.get(agency.code)?.fax) !== text(a.get(agency.code)?.phone)) expect(agency.phone, agency.code).not.toBe(text(a.get(agency.code)?.fax));
      expect(telUri(agency.phone)).toMatch(/^tel:\+1-\d{3}-\d{3}-\d{4}(;ext=\d+)?$/);
    }
    const listed = [...byCounty.values()].flat().map((x) => x.code);
    expect(new Set(listed).size).toBe(listed.length);
    for (const [fips, agencies] of byCounty) {
      const ranks = agencies.map((x) => (x.programs === null ? 2 : x.programs.includes('vouchers') ? 0 : 1));
      expect(ranks, fips).toEqual([...ranks].sort((x, y) => x - y));
    }
  });

  it('one agency\'s phone and fax swapped in one file only: neither number published, one warning naming the agency', () => {
    // MN002 in the by-code file written as the directory writes it: the two files now agree on the labels, against every other agency.
    const changed = withFiles({
      byCode: (raw) => {
        const e = byCodeEntry(raw, 'MN002');
        [e.phone, e.fax] = [e.fax, e.phone];
      },
    });
    const { all, warnings, report } = housingAgencies(changed);
    expect(all.find((x) => x.code === 'MN002')?.phone).toBeNull();
    expect(report.numbers.againstPattern).toBe(1);
    expect(warnings.filter((w) => w.includes('MN002'))).toEqual([
      `hud_pha_contacts: MN002 PHA in and for the City of Minneapolis: phone and fax the other way round from the files' pattern (phone (612) 335-4401, fax (612) 342-1400 in ${BY_CODE}; phone (612) 335-4401, fax (612) 342-1400 in ${DIRECTORY}): one file swapped them, and which cannot be told: published as null`,
    ]);
    // The same swap in the directory only.
    const other = housingAgencies(withFiles({ directory: (raw) => {
      const e = directoryEntry(raw, 'MN002');
      [e.phone, e.fax] = [e.fax, e.phone];
    } }));
    expect(other.all.find((x) => x.code === 'MN002')?.phone).toBeNull();
  });

  it('an agency whose two counties disagree: listed under no county, with a warning naming both', () => {
    const changed = withFiles({ directory: (raw) => (directoryEntry(raw, 'MN002').countyFips = '27123') });
    const { all, byCounty, warnings, report } = housingAgencies(changed);
    expect(all.find((x) => x.code === 'MN002')).toMatchObject({ county_fips: null, placed_by: null });
    expect([...byCounty.values()].flat().some((x) => x.code === 'MN002')).toBe(false);
    expect(report.placed.disagree).toBe(1);
    expect(warnings).toContain(
      `hud_pha_contacts: MN002 PHA in and for the City of Minneapolis: ${DIRECTORY} places the office in Ramsey County (27123), the crosswalk puts its ZIP 55401 in Hennepin (27053): listed under no county`,
    );
  });

  it('a field the files disagree on is null with a warning; a name one parse cut short is the longer', () => {
    const changed = withFiles({ directory: (raw) => (directoryEntry(raw, 'MN002').email = 'someone@example.org') });
    const { all, warnings } = housingAgencies(changed);
    expect(all.find((x) => x.code === 'MN002')?.email).toBeNull();
    expect(warnings).toContain('hud_pha_contacts: MN002 PHA in and for the City of Minneapolis: email "ContactMPHA@mplspha.org" against "someone@example.org": published as null');
    // By hand: MN173's name is cut at 44 characters in the by-code file; the directory has the last dot.
    expect(housingAgencies(inputs).all.find((x) => x.code === 'MN173')?.name).toBe('HOUSING AND REDEVELOPMENT AUTH. OF CHIPP. CO.');
  });
});
