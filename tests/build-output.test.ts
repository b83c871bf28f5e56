// The built site of the real snapshot: contract validation, links, sitemap, determinism.
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import spectralCore, { type RulesetDefinition } from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import spectralRulesets from '@stoplight/spectral-rulesets';
import { describe, expect, inject, it } from 'vitest';
import { contractValidator } from './helpers/contract-validator.ts';
import { brotliParams, COMPRESSIBLE, GZIP_OS_UNIX, LARGE, LARGE_QUALITY, MIN_BYTES, readersOf, sitePath } from '../src/lib/build/compress.ts';
import { PROJECT_ROOT, TEST_SITE } from './helpers/paths.ts';
import { parseFeed } from '@rowanmanning/feed-parser';

const site = inject('builtSite');
const read = (path: string) => readFile(join(site, path), 'utf8');
const readJson = async <T = Record<string, unknown>>(path: string) => JSON.parse(await read(path)) as T;
const listFiles = async (dir: string) => (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
/** The JSON resources of a folder, without the .gz and .br siblings. */
const jsonFiles = async (dir: string) => (await listFiles(dir)).filter((f) => f.endsWith('.json'));

describe('the JSON API', async () => {
  const openapi = await readJson<{ components: { schemas: Record<string, unknown> }; paths: Record<string, unknown>; servers: { url: string }[]; info: { version: string }; openapi: string }>('openapi.json');
  const validator = contractValidator(openapi);

  it("is described by OpenAPI 3.1.0, version 1.0.0, served from the site URL, with the spec's five operations, the change log and the bulk files", () => {
    expect(openapi.openapi).toBe('3.1.0');
    expect(openapi.info.version).toBe('1.0.0');
    expect(openapi.servers).toEqual([{ url: TEST_SITE }]);
    const operations = Object.values(openapi.paths).map((p) => (p as { get: { operationId: string } }).get.operationId);
    expect(operations).toEqual(['listZips', 'getZip', 'getCounty', 'getSectionEight', 'getChanges', 'getMeta', 'getBulkFile']);
  });

  it('validates every JSON file built against its component schema in openapi.json (ajv, JSON Schema 2020-12)', async () => {
    const zipFiles = await jsonFiles(join(site, 'api/v1/zip'));
    const countyFiles = await jsonFiles(join(site, 'api/v1/county'));
    expect(zipFiles).toHaveLength(911);
    expect(countyFiles).toHaveLength(87);
    const check = async (files: string[], schema: string) => {
      const validate = validator(schema);
      for (const file of files) validate(JSON.parse(await readFile(file, 'utf8')), file);
    };
    await check(zipFiles, 'ZipDetail');
    await check(countyFiles, 'CountyDetail');
    await check([join(site, 'api/v1/index.json')], 'ZipIndex');
    await check([join(site, 'api/v1/section-8.json')], 'SectionEight');
    await check([join(site, 'api/v1/meta.json')], 'MetaDoc');
  });

  it('rejects a file that breaks the contract (the validation can fail)', async () => {
    const doc = await readJson('api/v1/zip/55104.json');
    expect(() => validator('ZipDetail')({ ...doc, fmr: { ...(doc.fmr as object), br2: '1530' } }, 'mutated')).toThrow(/does not match ZipDetail/);
    expect(() => validator('ZipDetail')({ ...doc, extra: 1 }, 'mutated')).toThrow(/additional properties/);
  });

  it('writes each response with meta, a top-level fmr equal to the latest year, and a trailing newline', async () => {
    const text = await read('api/v1/zip/55104.json');
    expect(text.endsWith('}\n')).toBe(true);
    const doc = JSON.parse(text) as { meta: { generated_at: string; schema_version: string; docs: string }; fmr: unknown; fmr_by_fy: Record<string, unknown>; city: string };
    expect(doc.fmr).toEqual(doc.fmr_by_fy['2026']);
    expect(doc.city).toBe('Saint Paul');
    expect(doc.meta).toMatchObject({ generated_at: '2026-01-01T00:00:00Z', schema_version: '1.0', docs: `${TEST_SITE}/docs/` });
    const index = await readJson<{ count: number; zips: unknown[] }>('api/v1/index.json');
    expect(index.count).toBe(911);
    expect(index.zips).toHaveLength(911);
    const meta = await readJson<{ endpoints: { operation_id: string }[] }>('api/v1/meta.json');
    expect(meta.endpoints.map((e) => e.operation_id)).toEqual(['listZips', 'getZip', 'getCounty', 'getSectionEight', 'getChanges', 'getMeta']);
  });

  it('passes @redocly/cli lint (recommended rules) with no errors', async () => {
    const redocly = join(PROJECT_ROOT, 'node_modules', '.bin', 'redocly');
    const { stdout, stderr } = await promisify(execFile)(redocly, ['lint', '--config', join(PROJECT_ROOT, '.config/redocly.yaml'), join(site, 'openapi.json')], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    }).catch((error: unknown) => {
      const { stdout, stderr } = error as { stdout: string; stderr: string };
      throw new Error(`redocly lint failed:\n${stdout}\n${stderr}`);
    });
    expect(`${stdout}${stderr}`).toMatch(/Woohoo! Your API description is valid|validated in/);
  });

  it("passes Spectral's spectral:oas ruleset with no error and no warning", async () => {
    const spectral = new spectralCore.Spectral();
    // The package's typings of its own ruleset lag its ruleset type; the value is the one the CLI uses for spectral:oas.
    spectral.setRuleset({ extends: [[spectralRulesets.oas as RulesetDefinition, 'recommended']] });
    const results = await spectral.run(new spectralCore.Document(await read('openapi.json'), spectralParsers.Json, 'openapi.json'));
    expect(results.map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`)).toEqual([]);
    // A check that can fail: the same document without one operation's description is flagged.
    const doc = JSON.parse(await read('openapi.json')) as { paths: Record<string, { get: { description?: string } }> };
    delete doc.paths['/api/v1/meta.json']?.get.description;
    const flagged = await spectral.run(new spectralCore.Document(JSON.stringify(doc), spectralParsers.Json, 'openapi.json'));
    expect(flagged.map((r) => r.code)).toEqual(['operation-description']);
  });
});

describe('pages, urls and the sitemap', async () => {
  const sitemap = await read('sitemap-0.xml');
  const entries = [...sitemap.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>/g)].map((m) => ({ loc: m[1] as string, lastmod: m[2] as string }));
  const pageFile = (url: string) => join(site, new URL(url).pathname, 'index.html');

  it('has a page for every url in the JSON, on the same record', async () => {
    const index = await readJson<{ zips: { url: string; zip: string; city: string }[] }>('api/v1/index.json');
    const section8 = await readJson<{ url: string }>('api/v1/section-8.json');
    const counties = await jsonFiles(join(site, 'api/v1/county'));
    const urls = [...index.zips.map((z) => z.url), section8.url, ...(await Promise.all(counties.map(async (f) => (JSON.parse(await readFile(f, 'utf8')) as { url: string }).url)))];
    for (const url of urls) {
      expect(url.startsWith(`${TEST_SITE}/`)).toBe(true);
      await readFile(pageFile(url), 'utf8');
    }
    const page = await readFile(pageFile(`${TEST_SITE}/zip/55104/`), 'utf8');
    expect(page).toContain('55104 · Saint Paul');
    expect(page).toContain('$1,530');
  });

  it("shows Zillow's series for a county on its page: Hennepin from $1,155 in January 2015 (1155.2008) to $1,710 in January 2026 (1709.90), a row a month; Aitkin has none", async () => {
    const hennepin = await read('county/hennepin/index.html');
    expect(hennepin).toContain("<p class=\"answer\" id=\"county-market-rent\">Zillow&#39;s index of typical asking rents for all of Hennepin County was $1,710 a month in January 2026, and $1,155 in January 2015.");
    expect(hennepin).toContain('<caption>Market rent index by month and year, Hennepin County, dollars a month</caption>');
    expect(await read('county/aitkin/index.html')).toContain('<p id="county-market-rent">Zillow publishes no market rent index for Aitkin County as a whole.</p>');
  });

  it('lists every ZIP, county and the spread table in the sitemap, with the lastmod of its JSON', async () => {
    const byLoc = new Map(entries.map((e) => [e.loc, e.lastmod.slice(0, 10)]));
    expect(byLoc.has(`${TEST_SITE}/`)).toBe(true);
    expect([...byLoc.keys()].some((loc) => loc.includes('/api/'))).toBe(false);
    const docs = [
      ...(await jsonFiles(join(site, 'api/v1/zip'))),
      ...(await jsonFiles(join(site, 'api/v1/county'))),
      join(site, 'api/v1/section-8.json'),
    ];
    for (const file of docs) {
      const { url, lastmod } = JSON.parse(await readFile(file, 'utf8')) as { url: string; lastmod: string };
      expect(byLoc.get(url)).toBe(lastmod);
    }
    expect(byLoc.has(`${TEST_SITE}/zips/`)).toBe(true);
    expect(byLoc.has(`${TEST_SITE}/changes/`)).toBe(true);
    // English: the ZIP, county and spread pages, home, docs, every ZIP by city, changes; each translation: all but docs and changes.
    const [zips, counties] = [(await jsonFiles(join(site, 'api/v1/zip'))).length, (await jsonFiles(join(site, 'api/v1/county'))).length];
    expect([zips, counties]).toEqual([911, 87]);
    expect(entries.length).toBe(zips + counties + 1 + 4 + 3 * (zips + counties + 1 + 2));
    // A translation was changed when its English page was.
    expect(byLoc.get(`${TEST_SITE}/hmn/zip/55104/`)).toBe(byLoc.get(`${TEST_SITE}/zip/55104/`));
  });

  it('publishes llms.txt and llms-full.txt with every county and the attribution', async () => {
    const llms = await read('llms.txt');
    expect(llms.startsWith('# Minnesota Rent Data Service\n\n> ')).toBe(true);
    expect(llms).toContain(`(${TEST_SITE}/openapi.json)`);
    const full = await read('llms-full.txt');
    expect(full.match(/^\| [^|]+ \| [a-z0-9-]+ \| \d+ \|/gm)).toHaveLength(87);
    // Area FMR: FY26_FMRs_revised.xlsx sheet row 2396, Duluth, MN-WI MSA, 2-bedroom $1,232 for all 47 ZIPs.
    expect(full).toContain('| St. Louis | st-louis | 47 | 3 | $1,120 | $1,232 | $1,690 | +8.2% |');
    expect(full).toContain('- `voucher_competitive` (boolean or null): True when the 2-bedroom Small Area FMR meets or exceeds the market rent');
    // The agent server is announced as available, with every tool and a client configuration.
    expect(llms).toContain('Run it over this site with `npx -y mnrent-mcp` (Node 18 or later) once the package is published on npm; from a clone of the repository, `npm run --silent mcp -- --dir dist`;');
    // Wherever the npx form is printed, it says what works before the package is on npm.
    expect(full).toContain('`npx -y mnrent-mcp` and the configurations below that run npx work once mnrent-mcp is published on npm; until then, run it from a clone of the repository with `npm run --silent mcp -- --dir dist`');
    expect(await read('docs/index.html')).toContain('<p id="agent-npm"><code>npx -y mnrent-mcp</code> and the configurations below that run npx work once mnrent-mcp is published on npm; until then, run it from a clone of the repository with <code>npm run --silent mcp -- --dir dist</code>');
    for (const tool of ['get_zip(zip)', 'get_county(county)', 'search_places(query, limit)', 'nearest_zips(zip, latitude, longitude, limit)', 'voucher_spread(', 'compare_zips(zips)', 'dataset_info()']) expect(full).toContain(`- ${tool}`);
    expect(full).toMatch(/^ {4}\{\n {6}"mcpServers": \{\n {8}"mnrent": \{\n {10}"command": "npx",/m);
    expect(full).toContain(`    npx -y mnrent-mcp                             # stdio, over ${TEST_SITE}\n`);
    expect(full).toContain('    npx @modelcontextprotocol/inspector npx -y mnrent-mcp\n');
    expect(full).toContain('VS Code (.vscode/mcp.json):');
  });

  it('prints a build report with counts, phases and warnings', async () => {
    const report = inject('buildStdout');
    expect(report).toContain('ZIP codes 911, counties 87, with market rent 108, with census rent 756, section-8 rows 108');
    // The build counts its files as it compresses them, without listing the folder again: the count is the listing's.
    expect(report).toContain(`files written ${(await listFiles(site)).length} to `);
    expect(report).toMatch(/time: read sources [\d.]+ s, derive [\d.]+ s, render and write [\d.]+ s, compress [\d.]+ s, total [\d.]+ s/);
    expect(report).toMatch(/precompressed \d+ files: \d+ KB raw, \d+ KB gzip, \d+ KB brotli/);
    // The bench reads this line; the kernel's part is no more than the whole.
    const cpu = /peak memory \d+ MB, processor time ([\d.]+) s \(every thread; ([\d.]+) s of it in the kernel\)/.exec(report);
    expect(cpu, 'processor time line').not.toBeNull();
    expect(Number(cpu?.[2])).toBeLessThanOrEqual(Number(cpu?.[1]));
    // Every file with its .gz and .br siblings beside it, counted in the folder rather than typed in.
    const files = await listFiles(site);
    const siblings = new Set(files);
    const compressed = files.filter((f) => siblings.has(`${f}.gz`) && siblings.has(`${f}.br`));
    expect(compressed.length).toBeGreaterThan(5000);
    expect(report).toContain(`precompressed ${compressed.length} files: `);
    // The reference build is dated 2026-01-01: FY2026 is in effect, but ZORI's 2023-10 is 27 months
    // old, and the FY2026 income limits beside the FY2025 ones take effect only on 1 May.
    // The housing agencies: the layer, the contact reports, the offices' counties, the areas (tests/national/housing-agencies.test.ts has the rules).
    expect(report).toContain(
      "housing agencies: 135 in hud_pha_layer/Detailed_Public_Housing_Authority_Dataset_2025-07-06_via_assistancehub.csv (HUD's agency layer, each agency's record); 135 published, 0 of them from the contact reports alone",
    );
    expect(report).toContain("office's county: 135 by the crosswalk, 0 by GeoNames, 0 in none; the directory's county agrees for 124, differs for 0");
    expect(report).toContain('areas served (agency-areas/MN.json): 19 agencies with an area, covering 22 counties; 5 with a known payment standard basis');
    // 7 (five ZIPs the 2025-Q4 crosswalk lacks among them), then the 8 addresses the two parses of the contact reports disagree on; no agency is left unplaced.
    expect(report).toContain('warnings 15:');
    expect(report).not.toContain('in none of Minnesota');
    expect(report).toContain('- hud_il/Section8-FY26.xlsx was not read: FY2026 takes effect on 2026-05-01, after 2026-01-01');
    expect(report).toContain('- The market rent index ends in October 2023, 27 months before this data was published; rents have likely moved since.');
    expect(report).toContain('- ZIP 55814 is not in the crosswalk: county from GeoNames');
  });
});

describe('precompressed siblings', () => {
  it('gives every text file of 1 KB or more a .gz and a .br that decompress to its exact bytes, and nothing else one', async () => {
    const files = await listFiles(site);
    const present = new Set(files);
    let checked = 0;
    for (const file of files) {
      if (/\.(gz|br)$/.test(file)) {
        expect(present.has(file.replace(/\.(gz|br)$/, '')), `${file} has no original`).toBe(true);
        continue;
      }
      const bytes = await readFile(file);
      const compressible = /\.(json|html|txt|xml|svg|css|js|csv)$/.test(file) && bytes.length >= MIN_BYTES;
      expect(present.has(`${file}.gz`), `${file}.gz`).toBe(compressible);
      expect(present.has(`${file}.br`), `${file}.br`).toBe(compressible);
      if (!compressible) continue;
      const gz = await readFile(`${file}.gz`);
      expect(gunzipSync(gz).equals(bytes), `${file}.gz`).toBe(true);
      // RFC 1952's header as every machine writes it: no name, no time, level 9's flag, Unix.
      expect([...gz.subarray(0, 10)], `${file}.gz`).toEqual([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, GZIP_OS_UNIX]);
      expect(brotliDecompressSync(await readFile(`${file}.br`)).equals(bytes), `${file}.br`).toBe(true);
      checked += 1;
    }
    // The pages, the API files, the bulk CSVs, the feeds and scripts: some 2,000 files here.
    expect(checked).toBeGreaterThan(1900);
  }, 120_000);

  it("compresses each large file at its readers' brotli quality: 10 for what people load, 9 for what programs read", async () => {
    const large = [];
    for (const file of await listFiles(site)) {
      if (!COMPRESSIBLE.test(file)) continue;
      const bytes = await readFile(file);
      if (bytes.length < LARGE) continue;
      const readers = readersOf(sitePath(site, file));
      large.push(`${readers} ${sitePath(site, file)}`);
      const expected = brotliCompressSync(bytes, { params: brotliParams(bytes.length, LARGE_QUALITY[readers]) });
      expect((await readFile(`${file}.br`)).equals(expected), file).toBe(true);
    }
    expect(large.sort()).toEqual([
      // /docs/ passed 64 KiB with its schema.org Dataset markup.
      'people /docs/index.html',
      'people /es/zips/index.html',
      'people /hmn/zips/index.html',
      'people /so/zips/index.html',
      'people /zips/index.html',
      'programs /api/v1/bulk/fmr_history.csv',
      'programs /api/v1/bulk/zips.csv',
      'programs /api/v1/bulk/zori_monthly.csv',
      'programs /api/v1/county/hennepin.json',
      'programs /api/v1/index.json',
      'programs /openapi.json',
      'programs /sitemap-0.xml',
    ]);
  }, 60_000);
});

describe("the change log's Atom feed", () => {
  // The reference build is a first publication: one entry, dated the test epoch.
  it('reads in two independent feed parsers with its title, author, self link and entry', async () => {
    const xml = await readFile(join(site, 'changes.xml'), 'utf8');
    const feed = parseFeed(xml);
    expect(feed.title).toBe('Minnesota Rent Data Service: what changed');
    expect(feed.authors.map((a) => a.name)).toEqual(['Minnesota Rent Data Service']);
    expect(feed.items).toHaveLength(1);
    expect(feed.items[0]?.title).toBe('First publication, 2026-01-01');
    // Python's feedparser (Debian's python3-feedparser) says whether the feed is well-formed Atom: bozo 0.
    const script = "import feedparser, json, sys; d = feedparser.parse(sys.stdin.read()); print(json.dumps({'bozo': int(d.bozo), 'version': d.version, 'author': d.feed.get('author'), 'self': [l['href'] for l in d.feed.links if l.get('rel') == 'self'], 'entries': [e.title for e in d.entries]}))";
    const child = execFile('/usr/bin/python3', ['-c', script]);
    child.stdin?.end(xml);
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    await new Promise((resolve, reject) => child.on('close', resolve).on('error', reject));
    expect(JSON.parse(out)).toEqual({ bozo: 0, version: 'atom10', author: 'Minnesota Rent Data Service', self: [`${TEST_SITE}/changes.xml`], entries: ['First publication, 2026-01-01'] });
  });

  it('is announced by every page for feed readers (autodiscovery)', async () => {
    const pages = (await listFiles(site)).filter((f) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(1000);
    for (const page of pages) {
      const html = await readFile(page, 'utf8');
      // The feed is English; its title is said in the page's language.
      if (/<html lang="en">/.test(html)) expect(html, page).toContain('<link rel="alternate" type="application/atom+xml" title="Minnesota Rent Data Service: what changed" href="/changes.xml">');
      else expect(html, page).toMatch(/<link rel="alternate" type="application\/atom\+xml" title="[^"]+" href="\/changes.xml">/);
    }
  });
});

// Byte-identical output for the same sources and SOURCE_DATE_EPOCH: tests/faults.test.ts builds the
// snapshot again under another locale and time zone and compares every file with this build;
// tests/changes.test.ts rebuilds over this output and checks that what did not change keeps its lastmod.

