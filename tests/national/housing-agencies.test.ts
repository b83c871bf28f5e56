// The housing agencies: HUD's agency layer as each agency's record, the two parses of its contact
// reports filling and confirming it, every office placed in a county, and the project's file of the
// areas agencies serve. Values checked by hand against the files in data/snapshot/ and
// data/agency-areas/MN.json; fault cases on copies of the real files with one thing changed.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { telUri } from '../../src/lib/contract/format.ts';
import { HousingAgency } from '../../src/lib/contract/schemas.ts';
import { agencyReportLines, contactsAgreement, housingAgencies, type AgencyInputs } from '../../src/lib/derive/housing-agencies.ts';
import { parseAgencyAreas } from '../../src/lib/sources/agency-areas.ts';
import { parseContactsJson, parsePhone } from '../../src/lib/sources/hud-pha-contacts.ts';
import { chooseContactsFiles } from '../../src/lib/sources/choose-files.ts';
import { readSources, type SourceData } from '../../src/lib/sources/read-sources.ts';
import { NO_DATE_LIMITS } from '../../src/lib/sources/plausible.ts';
import { MINNESOTA } from '../../src/lib/states.ts';
import { PROJECT_ROOT, SNAPSHOT_SOURCES } from '../helpers/paths.ts';
import { sourcesCopy } from '../helpers/sources-copy.ts';

const BY_CODE = 'hud_pha_contacts/PHA_Contacts_2026-01-20_via_vibe4vets.json';
const DIRECTORY = 'hud_pha_contacts/pha-directory_2026-05-03_via_Sect8.json';
const AREAS = join(PROJECT_ROOT, 'data', 'agency-areas', 'MN.json');
type Fields = Record<string, string | null | undefined>;
interface RawByCode {
  contacts: Record<string, Fields>;
}
interface RawDirectory {
  entries: (Fields & { code: string })[];
}
const rawOf = (path: string): unknown => JSON.parse(readFileSync(join(SNAPSHOT_SOURCES, path), 'utf8'));
const areasText = readFileSync(AREAS, 'utf8');

let sources: SourceData;
let inputs: AgencyInputs;
beforeAll(async () => {
  sources = await readSources({ sourcesDir: SNAPSHOT_SOURCES, agencyAreasDir: join(PROJECT_ROOT, 'data', 'agency-areas') }, { state: MINNESOTA, limits: NO_DATE_LIMITS });
  inputs = {
    layer: sources.layer,
    contacts: sources.contacts,
    crosswalk: sources.crosswalk,
    geonames: sources.geonames.places,
    state: MINNESOTA,
    counties: new Map(sources.fmr.counties.map((c) => [c.fips, c.name])),
    areas: sources.agencyAreas,
  };
});

/** The inputs with one or both contact files replaced by a parse of changed JSON. */
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
/** The inputs with the areas file's text changed. */
const withAreas = (edit: (raw: { agencies: Record<string, unknown>[] }) => void): AgencyInputs => {
  const raw = JSON.parse(areasText) as { agencies: Record<string, unknown>[] };
  edit(raw);
  return { ...inputs, areas: { ...parseAgencyAreas(JSON.stringify(raw), AREAS, MINNESOTA), file: { name: 'agency-areas/MN.json' }, path: AREAS } };
};
const directoryEntry = (raw: RawDirectory, code: string): Fields => raw.entries.find((e) => e.code === code) ?? {};
const byCodeEntry = (raw: RawByCode, code: string): Fields => raw.contacts[code] ?? {};

describe("the two parses of HUD's contact reports", () => {
  it("reads Minnesota's agencies from each, by the state each entry names", () => {
    expect(sources.contacts.byCode.agencies).toHaveLength(134);
    expect(sources.contacts.entries.agencies).toHaveLength(124);
    // By hand: MN002 in the by-code file, phone (612) 342-1400 and fax (612) 335-4401; the directory writes them the other way round.
    const a = sources.contacts.byCode.agencies.find((x) => x.code === 'MN002');
    const b = sources.contacts.entries.agencies.find((x) => x.code === 'MN002');
    expect(a).toMatchObject({ name: 'PHA in and for the City of Minneapolis', phone: { digits: '6123421400', extension: null }, fax: { digits: '6123354401' }, zip: '55401', program: null });
    expect(b).toMatchObject({ phone: { digits: '6123354401' }, fax: { digits: '6123421400' }, program: 'Combined', countyFips: '27053' });
  });

  it("reads HUD's phone forms, and nothing else as a phone", () => {
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

  it("what the two agree on: joined on the code, phone and fax by the files' pattern (measured over every state's agencies)", () => {
    const { report, agreed } = contactsAgreement(inputs.contacts, inputs.counties);
    expect(report).toMatchObject({
      joined: 123,
      onlyByCode: 11,
      onlyDirectory: 1,
      numbers: { pattern: 'swapped', samePattern: 0, swappedPattern: 3206, byLabels: 11, byPattern: 112, fromOneFile: 1, againstPattern: 0 },
      conflicts: 8,
    });
    expect(agreed.get('MN002')).toMatchObject({ phone: { digits: '6123421400' }, countyFips: '27053', programs: ['vouchers', 'public_housing'] });
    // By hand: MN173's name is cut at 44 characters in the by-code file; the directory has the last dot.
    expect(agreed.get('MN173')?.name).toBe('HOUSING AND REDEVELOPMENT AUTH. OF CHIPP. CO.');
  });

  it("a malformed phone: read as empty, with one warning naming the file, the entry and the value; the other file's number agreed on", () => {
    const changed = withFiles({ byCode: (raw) => (byCodeEntry(raw, 'MN003').phone = '(218) 529-630') });
    expect(changed.contacts.byCode.warnings).toEqual([`${BY_CODE}: contacts.MN003 (MN003), phone "(218) 529-630" is not a ten-digit phone number: read as empty`]);
    // The directory's fax, read as the phone by the files' pattern: the number HUD's report gives.
    expect(contactsAgreement(changed.contacts, inputs.counties).agreed.get('MN003')?.phone).toEqual({ digits: '2185296300', extension: null });
  });

  it("one agency's phone and fax swapped in one file only: the two agree on no phone, one warning names it, and the layer's phone is published", () => {
    const changed = withFiles({
      byCode: (raw) => {
        const e = byCodeEntry(raw, 'MN002');
        [e.phone, e.fax] = [e.fax, e.phone];
      },
    });
    const { agreed, report, warnings } = contactsAgreement(changed.contacts, inputs.counties);
    expect(agreed.get('MN002')?.phone).toBeNull();
    expect(report.numbers.againstPattern).toBe(1);
    expect(warnings.filter((w) => w.includes('MN002'))).toEqual([
      `hud_pha_contacts: MN002 PHA in and for the City of Minneapolis: phone and fax the other way round from the files' pattern (phone (612) 335-4401, fax (612) 342-1400 in ${BY_CODE}; phone (612) 335-4401, fax (612) 342-1400 in ${DIRECTORY}): one file swapped them, and which cannot be told: the two parses disagree, so neither fills or confirms it`,
    ]);
    expect(housingAgencies(changed).all.find((x) => x.code === 'MN002')?.phone).toBe('(612) 342-1400');
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
  it("counts what the layer gave, what the contact reports filled and confirmed, and where the offices are (the build report's lines)", () => {
    const { report } = housingAgencies(inputs);
    expect(report).toMatchObject({
      layer: { agencies: 135 },
      published: 135,
      fromContactsOnly: 0,
      // By hand: the 4 agencies whose street the layer writes as `nan` (MN020, MN074, MN167, MN180) take it from the contact reports.
      filled: { name: 0, programs: 0, phone: 0, email: 0, address: 4, city: 0, zip: 0 },
      placed: { crosswalk: 135, geonames: 0, unplaced: 0, directoryAgrees: 124, directoryDiffers: 0 },
      areas: { agencies: 19, counties: 22, withBasis: 5 },
    });
    // 116 of the 123 phones both name match, as the layer's provenance says; the rest differ (the layer's published).
    expect(report.confirmed.phone + report.differ.phone).toBe(124);
    expect(report.differ.phone).toBe(7);
    const lines = agencyReportLines(report);
    expect(lines[0]).toBe("housing agencies: 135 in hud_pha_layer/Detailed_Public_Housing_Authority_Dataset_2025-07-06_via_assistancehub.csv (HUD's agency layer, each agency's record); 135 published, 0 of them from the contact reports alone");
    expect(lines[4]).toBe("  office's county: 135 by the crosswalk, 0 by GeoNames, 0 in none; the directory's county agrees for 124, differs for 0");
    expect(lines[5]).toBe('  areas served (agency-areas/MN.json): 19 agencies with an area, covering 22 counties; 5 with a known payment standard basis');
  });

  it("every Minnesota agency is placed in a county, St. Paul's (MN001, 55102) in Ramsey", () => {
    const { all, warnings } = housingAgencies(inputs);
    expect(all.filter((a) => a.county_fips === null).map((a) => a.code)).toEqual([]);
    expect(all.find((a) => a.code === 'MN001')).toMatchObject({ county_fips: '27123', placed_by: 'crosswalk', zip: '55102', phone: '(651) 298-5664', vouchers: 5086 });
    expect(warnings.some((w) => w.includes('in none of'))).toBe(false);
  });

  it('Ramsey (55104): the two that serve it first, most vouchers first, each with its area and basis; then the offices only', () => {
    const ramsey = housingAgencies(inputs).byCounty.get('27123') ?? [];
    expect(ramsey.map((a) => `${a.code} ${a.serves_here ?? 'office'} ${a.vouchers} ${a.phone} ${a.payment_standard_basis ?? '-'}`)).toEqual([
      'MN163 part 7104 (651) 602-1187 small_area',
      'MN001 part 5086 (651) 298-5664 area',
      'MN801 office 213 (651) 659-2959 -',
      'MN802 office 134 (612) 243-4107 -',
    ]);
    expect(ramsey[1]).toMatchObject({ name: 'Public Housing Agency of the City of St Paul', short_name: 'St. Paul PHA', serves: 'the City of Saint Paul', address: '555 Wabasha St N Ste 400', city: 'Saint Paul', moving_to_work: null });
    expect(ramsey[0]).toMatchObject({
      short_name: 'Metro HRA',
      serves: 'Anoka County; Carver County; most of suburban Hennepin County except Bloomington, Plymouth, Richfield and St. Louis Park; and most of suburban Ramsey County',
      basis_since: '2020-07-01',
    });
  });

  it('Hennepin (55401): MPHA serves the City of Minneapolis on the area FMR, a Moving to Work agency with its own rent rules; public housing only last', () => {
    const hennepin = housingAgencies(inputs).byCounty.get('27053') ?? [];
    expect(hennepin.map((a) => `${a.code} ${a.serves_here ?? 'office'}`)).toEqual(['MN163 part', 'MN002 part', 'MN152 part', 'MN144 part', 'MN170 part', 'MN216 part', 'MN078 office', 'MN074 office']);
    const mpha = hennepin.find((a) => a.code === 'MN002');
    expect(mpha).toMatchObject({ serves: 'the City of Minneapolis', payment_standard_basis: 'area', moving_to_work: true, phone: '(612) 342-1400', vouchers: 6687 });
    expect(mpha?.alternative_rent).toMatch(/flat-rate subsidy table/);
    expect(mpha?.sources.find((s) => s.facts.includes('alternative_rent'))?.url).toBe('https://mphaonline.org/section-8/participants/hcv/rent-portions/');
  });

  it('rural counties: a multi-county agency serves all of Winona County; a county agency all of Olmsted; where no area is known, the offices only', () => {
    const { byCounty } = housingAgencies(inputs);
    expect((byCounty.get('27169') ?? []).map((a) => `${a.code} ${a.serves_here ?? 'office'}`)).toEqual(['MN197 all', 'MN006 office']);
    expect(byCounty.get('27169')?.[0]?.serves).toBe('Dodge County, Fillmore County, Goodhue County except Red Wing, Houston County, Wabasha County and Winona County');
    expect((byCounty.get('27109') ?? []).map((a) => `${a.code} ${a.serves_here}`)).toEqual(['MN151 all']);
    // Goodhue: all but Red Wing, whose own HRA has its office there.
    expect((byCounty.get('27049') ?? []).map((a) => `${a.code} ${a.serves_here ?? 'office'}`)).toEqual(['MN197 part', 'MN090 office']);
    // Stearns: no agency's area is known, the offices are listed as before.
    expect((byCounty.get('27145') ?? []).every((a) => a.serves_here === null)).toBe(true);
  });

  it('every agency: fits the contract, its phone the layer\'s, listed in its office county and every county its area covers, each list in its order', () => {
    const { all, byCounty } = housingAgencies(inputs);
    const layer = new Map(sources.layer.agencies.map((a) => [a.code, a]));
    for (const agency of all) {
      const digits = layer.get(agency.code)?.phone?.digits;
      if (digits) expect(agency.phone, agency.code).toBe(`(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`);
      if (agency.phone) expect(telUri(agency.phone)).toMatch(/^tel:\+1-\d{3}-\d{3}-\d{4}(;ext=\d+)?$/);
      const counties = new Set([agency.county_fips, ...(agency.area?.parts.map((p) => p.county_fips) ?? [])]);
      for (const fips of counties) expect(byCounty.get(fips ?? '')?.some((a) => a.code === agency.code), `${agency.code} in ${fips}`).toBe(true);
    }
    for (const [fips, list] of byCounty) {
      for (const item of list) expect(() => HousingAgency.parse(item), item.code).not.toThrow();
      expect(new Set(list.map((a) => a.code)).size, fips).toBe(list.length);
      const group = (a: HousingAgency) => (a.serves_here !== null ? 0 : a.programs?.includes('vouchers') === false ? 2 : 1);
      const ranks = list.map(group);
      expect(ranks, fips).toEqual([...ranks].sort((x, y) => x - y));
      for (let i = 1; i < list.length; i++) {
        const [a, b] = [list[i - 1], list[i]];
        if (a && b && group(a) === group(b)) expect((a.vouchers ?? -1) >= (b.vouchers ?? -1), `${fips}: ${a.code} before ${b.code}`).toBe(true);
      }
    }
  });

  it("the contact reports differ from the layer: the layer's value published, the difference counted; the layer without a value: filled from them", () => {
    const layer = { ...inputs.layer, agencies: inputs.layer.agencies.map((a) => (a.code === 'MN002' ? { ...a, email: 'other@example.org' } : a.code === 'MN152' ? { ...a, email: null } : a)) };
    const { all, report } = housingAgencies({ ...inputs, layer });
    expect(all.find((a) => a.code === 'MN002')?.email).toBe('other@example.org');
    expect(report.differ.email).toBe(housingAgencies(inputs).report.differ.email + 1);
    // MN152's email from the two parses, which agree on it.
    expect(all.find((a) => a.code === 'MN152')?.email).toBe('hra@bloomingtonmn.gov');
    expect(report.filled.email).toBe(1);
  });

  it("the directory names another county for an office: counted, and the office placed by its ZIP", () => {
    const changed = withFiles({ directory: (raw) => (directoryEntry(raw, 'MN002').countyFips = '27123') });
    const { all, report } = housingAgencies(changed);
    expect(all.find((x) => x.code === 'MN002')).toMatchObject({ county_fips: '27053', placed_by: 'crosswalk' });
    expect(report.placed).toMatchObject({ directoryAgrees: 123, directoryDiffers: 1 });
  });

  it('an office ZIP the crosswalk lacks is placed by GeoNames; one neither places is named in a warning', () => {
    const layer = { ...inputs.layer, agencies: inputs.layer.agencies.map((a) => (a.code === 'MN001' ? { ...a, zip: '55814' } : a.code === 'MN002' ? { ...a, zip: '99999' } : a)) };
    const { all, warnings, report } = housingAgencies({ ...inputs, layer });
    // 55814 (Duluth) is in GeoNames, not in the 2024-Q3 crosswalk: St. Louis County.
    expect(all.find((a) => a.code === 'MN001')).toMatchObject({ county_fips: '27137', placed_by: 'geonames' });
    expect(all.find((a) => a.code === 'MN002')).toMatchObject({ county_fips: null, placed_by: null });
    expect(report.placed.unplaced).toBe(1);
    expect(warnings).toContain("housing agencies: 1 agency is in none of Minnesota's counties: no office ZIP, or one neither the crosswalk nor GeoNames places in the state (MN002 PHA in and for the City of Minneapolis)");
  });
});

describe('the areas agencies serve (data/agency-areas/MN.json)', () => {
  it("every fact has a source, every code is an agency of HUD's layer that runs vouchers, every county the state's", () => {
    const areas = parseAgencyAreas(areasText, AREAS, MINNESOTA);
    const layer = new Map(sources.layer.agencies.map((a) => [a.code, a]));
    const counties = new Set(sources.fmr.counties.map((c) => c.name));
    expect(areas.agencies).toHaveLength(19);
    for (const entry of areas.agencies) {
      expect(layer.get(entry.code)?.program, entry.code).not.toBe('Low-Rent');
      expect(layer.has(entry.code), entry.code).toBe(true);
      for (const part of entry.area?.parts ?? []) expect(counties.has(part.county), `${entry.code} ${part.county}`).toBe(true);
      for (const fact of ['short_name', 'area', 'payment_standard_basis', 'basis_since', 'moving_to_work', 'alternative_rent'] as const) {
        if (entry[fact] !== null) expect(entry.sources.some((s) => s.facts.includes(fact)), `${entry.code} ${fact}`).toBe(true);
      }
      for (const s of entry.sources) {
        expect(s.quote.trim().length, entry.code).toBeGreaterThan(10);
        expect(s.read_on <= '2026-12-01', entry.code).toBe(true);
      }
    }
  });

  it('a fact without a source, a source for a fact that is null, a second entry, a date without a basis: one line each', () => {
    const edited = (edit: (agencies: Record<string, unknown>[]) => void) => {
      const raw = JSON.parse(areasText) as { agencies: Record<string, unknown>[] };
      edit(raw.agencies);
      return () => parseAgencyAreas(JSON.stringify(raw), AREAS, MINNESOTA);
    };
    const mpha = (agencies: Record<string, unknown>[]) => agencies.find((a) => a.code === 'MN002') as { sources: { facts: string[] }[]; moving_to_work: boolean | null; basis_since: string | null; payment_standard_basis: string | null };
    expect(
      edited((agencies) => {
        const entry = mpha(agencies);
        entry.sources = entry.sources.filter((s) => !s.facts.includes('alternative_rent'));
      }),
    ).toThrow(`${AREAS}: agencies[1] (MN002): alternative_rent has no source; add the page that states it to sources (with "alternative_rent" in its facts), or set alternative_rent to null`);
    expect(edited((agencies) => (mpha(agencies).moving_to_work = null))).toThrow(`${AREAS}: agencies[1] (MN002).sources[2]: names moving_to_work, which is null; give the fact its value or take it out of facts`);
    expect(edited((agencies) => agencies.push({ ...(agencies[1] ?? {}) }))).toThrow(`${AREAS}: agencies[19] (MN002): agency MN002 has a second entry (also agencies[1]); keep one`);
    expect(
      edited((agencies) => {
        const entry = mpha(agencies);
        entry.payment_standard_basis = null;
        entry.basis_since = '2020-01-01';
        entry.sources = entry.sources.map((s) => ({ ...s, facts: s.facts.includes('payment_standard_basis') ? ['basis_since'] : s.facts }));
      }),
    ).toThrow(`${AREAS}: agencies[1] (MN002): basis_since without a payment_standard_basis`);
    expect(() => parseAgencyAreas(areasText.replace('"state": "MN"', '"state": "WI"'), AREAS, MINNESOTA)).toThrow(`${AREAS}: state: the file is for WI, the build for MN`);
    expect(() => parseAgencyAreas(areasText.replace('"portion": "all"', '"portion": "most"'), AREAS, MINNESOTA)).toThrow(/MN\.json: agencies\[\d+\]\.area\.parts\[\d+\]\.portion: Invalid option/);
    expect(() => parseAgencyAreas('{', AREAS, MINNESOTA)).toThrow(`${AREAS}: not JSON`);
  });

  it("an agency code HUD's layer does not have, and a county that is not the state's: one line each, naming the file and the entry", () => {
    expect(() => housingAgencies(withAreas((raw) => (raw.agencies[1] = { ...raw.agencies[1], code: 'MN999' })))).toThrow(
      `${AREAS}: agencies[1] (MN999): HUD's agency layer (hud_pha_layer/Detailed_Public_Housing_Authority_Dataset_2025-07-06_via_assistancehub.csv) has no agency MN999; give the code HUD's layer gives the agency`,
    );
    expect(() =>
      housingAgencies(
        withAreas((raw) => {
          const entry = raw.agencies[1] as { area: { parts: { county: string }[] } };
          entry.area.parts = entry.area.parts.map((p) => ({ ...p, county: 'Hennepin County' }));
        }),
      ),
    ).toThrow(`${AREAS}: agencies[1] (MN002).area.parts[0]: "Hennepin County" is not one of Minnesota's counties as HUD's county FMR file names them (without the word "County": "St. Louis", "Lac qui Parle")`);
  });

  it('without a file for the state: every county lists its offices, and no area is said', () => {
    const { byCounty, report } = housingAgencies({ ...inputs, areas: null });
    expect([...byCounty.values()].flat().every((a) => a.serves_here === null && a.serves === null && a.sources.length === 0)).toBe(true);
    expect((byCounty.get('27123') ?? []).map((a) => a.code)).toEqual(['MN163', 'MN001', 'MN801', 'MN802']);
    expect(agencyReportLines(report)[5]).toBe('  areas served: no file for the state in data/agency-areas/: every county lists the agencies with an office in it');
  });
});
