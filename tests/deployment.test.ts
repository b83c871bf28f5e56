// The national deployment of docs/deployment.md, end to end. The daily workflow's steps for two states
// (Minnesota and Vermont, every language, as .github/workflows/site.yml builds them) against a "live"
// site on loopback; `deploy:units`, which writes each Worker's configuration and holds every unit to
// the platform's limits; then the front Worker and each state's Worker together in workerd (wrangler
// dev with several configurations): the HTTP contract and the MCP SDK's client at /mn/ and /vt/, each
// state's 404 and agent server answered by its own Worker, the root's by the front; the national
// tables read back by DuckDB, polars and datapackage-js; the schema.org Dataset markup expanded by
// jsonld.js.
//
// Over a whole-country build instead (the proof in docs/deployment.md):
//   MNRENT_DEPLOYMENT_DIR=DIR MNRENT_DEPLOYMENT_STATES=mn,tx npx vitest run --config .config/vitest.config.ts tests/deployment.test.ts
// checks the folder DIR (build:states --no-compress) without building, at the states named.
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Package } from 'datapackage';
import { HtmlValidate } from 'html-validate';
import jsonld from 'jsonld';
import pl from 'nodejs-polars';
import spectralCore, { type RulesetDefinition } from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import spectralRulesets from '@stoplight/spectral-rulesets';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TOOLS } from '../src/lib/mcp/tools/index.ts';
import { CONTRACT_HEADERS, NOT_FOUND_CACHE } from '../src/lib/serve/headers.ts';
import { PLATFORM_LIMITS } from '../src/lib/deploy/units.ts';
import { fmrAreasOf, readFmrWorkbook } from '../src/lib/sources/hud-fmr.ts';
import { stateByCode, STATES, zipInState, type StateScope } from '../src/lib/states.ts';
import { BUILD_TEST_TIMEOUT_MS, runCommand } from './helpers/build.ts';
import { source } from './helpers/paths.ts';
import { rawRequest } from './helpers/raw-http.ts';
import { axeViolations } from './helpers/axe.ts';
import { launchChromium } from './helpers/chromium.ts';
import { freePort, serveWithEdge, type Served } from './helpers/servers.ts';

const given = process.env.MNRENT_DEPLOYMENT_DIR;
const CODES = (process.env.MNRENT_DEPLOYMENT_STATES ?? 'mn,vt').split(',');
const stateOf = (code: string) => stateByCode(code) as StateScope;
const TOOL_NAMES = TOOLS.map((t) => t.name);
const builtSite = inject('builtSite');

/** A static host for a folder, as the live deployment is to the workflow. */
async function liveHost(dir: string): Promise<{ url: string; server: Server }> {
  const port = await freePort();
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    readFile(join(dir, path.endsWith('/') ? `${path}index.html` : path)).then(
      (body) => res.writeHead(200, { 'content-type': extname(path) === '.json' ? 'application/json' : 'text/html' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, server };
}

let scratch: string;
let live: { url: string; server: Server };
let states: string;
let edge: Served;
let units: Awaited<ReturnType<typeof runCommand>>;
/** The deployment's root URL, as the builds wrote it into every URL. */
let site: string;
const npm = (script: string, args: string[], env: Record<string, string> = {}) => runCommand(script, args, { env: { MNRENT_STATE: undefined, ...env } });
const steps: { name: string; run: Awaited<ReturnType<typeof runCommand>> }[] = [];

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'mnrent-deployment-'));
  // The live site: last month's Minnesota under /mn/ (the test build's meta.json and change log); no Vermont yet.
  const liveDir = join(scratch, 'live');
  await mkdir(join(liveDir, 'mn/api/v1'), { recursive: true });
  for (const file of ['meta.json', 'changes.json']) await cp(join(builtSite, 'api/v1', file), join(liveDir, 'mn/api/v1', file));
  live = await liveHost(liveDir);
  states = given ?? join(scratch, 'states');
  if (!given) {
    // Each state as its job in the workflow's matrix runs it: the live files, then the build with the publish gate.
    for (const code of CODES) {
      steps.push({ name: `previous ${code}`, run: await npm('src/cli/deployment.ts', ['previous', '--site', live.url, '--base', `/${code}/`, '--outDir', join(states, code)]) });
      steps.push({ name: `build ${code}`, run: await npm('src/cli/build.ts', ['--state', code, '--site', live.url, '--base', `/${code}/`, '--outDir', join(states, code), '--no-compress', '--mcp-url', `${live.url}/${code}/mcp`]) });
    }
    steps.push({ name: 'index', run: await npm('src/cli/build-states.ts', ['--index-only', '--outDir', states, '--site', live.url]) });
    for (const { name, run } of steps) if (run.code !== 0) throw new Error(`${name}: ${run.stderr}`);
  }
  const listed = JSON.parse(await readFile(join(states, 'states.json'), 'utf8')) as { states: { code: string; url: string }[] };
  site = (listed.states[0]?.url ?? '').replace(/\/[a-z]{2}\/$/, '');
  units = await npm('src/cli/deployment.ts', ['units', '--dir', states, '--out', join(scratch, 'deploy'), '--states', CODES.join(',')]);
  edge = await serveWithEdge(states, CODES);
}, BUILD_TEST_TIMEOUT_MS);
afterAll(async () => {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed
  await edge?.stop();
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed
  await new Promise<void>((resolve) => (live ? live.server.close(() => resolve()) : resolve()));
  await rm(scratch, { recursive: true, force: true });
});

const get = (path: string, init: { method?: string; headers?: Record<string, string> } = {}) => rawRequest(edge.url, path, init);
const header = (r: { headers: Record<string, string | string[] | undefined> }, name: string) => {
  const v = r.headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : v;
};
/** The contract's headers; a 404 is cached for minutes, not the day (NOT_FOUND_CACHE). */
const expectContractHeaders = (r: { status: number; headers: Record<string, string | string[] | undefined> }, what: string) => {
  for (const [name, value] of Object.entries(CONTRACT_HEADERS)) expect(header(r, name), `${what}: ${name}`).toBe(name === 'Cache-Control' && r.status === 404 ? NOT_FOUND_CACHE : value);
};

describe.skipIf(given)("the workflow's steps for each state, as its job in the matrix runs them", () => {
  it('deploy:previous, the build under its path with the gate, the index; deploy:changed tells each state apart', async () => {
    // Minnesota's change log went on from the live one; Vermont's is its first.
    const changes = async (code: string) => (JSON.parse(await readFile(join(states, code, 'api/v1/changes.json'), 'utf8')) as { previous_generated_at: string | null }).previous_generated_at;
    expect([await changes('mn'), await changes('vt')]).toEqual(['2026-01-01T00:00:00Z', null]);
    const changed = async (code: string) => (await npm('src/cli/deployment.ts', ['changed', '--site', live.url, '--base', `/${code}/`, '--dir', join(states, code)])).stdout;
    expect([await changed('mn'), await changed('vt')]).toEqual(['changed=true\n', 'changed=true\n']);
    // Once Minnesota's build is live, only Vermont is to deploy.
    await cp(join(states, 'mn/api/v1/meta.json'), join(scratch, 'live/mn/api/v1/meta.json'));
    expect([await changed('mn'), await changed('vt')]).toEqual(['changed=false\n', 'changed=true\n']);
  });

  it("deploy:previous --index-files: a state whose build failed today keeps its place in the index, from the live site's files", async () => {
    // The front job's folder: Minnesota's files from today's artifact; Vermont's job failed, so none of it.
    const dir = join(scratch, 'failed-today');
    const INDEX_FILES = ['api/v1/meta.json', 'api/v1/bulk/datapackage.json', 'api/v1/bulk/zips.csv', 'api/v1/bulk/counties.csv', 'api/v1/bulk/housing_agencies.csv', 'api/v1/bulk/agency_counties.csv'];
    for (const path of INDEX_FILES) await cp(join(states, 'mn', path), join(dir, 'mn', path));
    const run = await npm('src/cli/deployment.ts', ['previous', '--index-files', '--site', edge.url, '--outDir', dir]);
    expect(run.code, run.stderr).toBe(0);
    // Every other state was asked for and passed over: the live site has only Minnesota and Vermont.
    expect(run.stdout.split('\n').filter((line) => line.includes('was not built today'))).toEqual(['deploy:previous: VT was not built today: the index keeps its live files']);
    for (const path of INDEX_FILES) expect(await readFile(join(dir, 'vt', path), 'utf8'), path).toBe(await readFile(join(states, 'vt', path), 'utf8'));
    const index = await npm('src/cli/build-states.ts', ['--index-only', '--outDir', dir, '--site', live.url]);
    expect(index.code, index.stderr).toBe(0);
    for (const file of ['zips.csv', 'counties.csv', 'zips.parquet', 'housing_agencies.csv', 'agency_counties.csv']) expect((await readFile(join(dir, 'api/v1/bulk', file))).equals(await readFile(join(states, 'api/v1/bulk', file))), file).toBe(true);
    // A state kept from live files built before the agencies' tables adds no rows to them, and the build says so.
    const older = join(scratch, 'built-before');
    await cp(dir, older, { recursive: true });
    const pkgPath = join(older, 'vt/api/v1/bulk/datapackage.json');
    const pkg = JSON.parse(await readFile(pkgPath, 'utf8')) as { resources: { path: string }[] };
    await writeFile(pkgPath, JSON.stringify({ ...pkg, resources: pkg.resources.filter((r) => !/^(housing_agencies|agency_counties)\./.test(r.path)) }));
    const again = await npm('src/cli/build-states.ts', ['--index-only', '--outDir', older, '--site', live.url]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('build:states: VT was built before housing_agencies.csv: the national housing_agencies table has none of its rows');
    const national = (await readFile(join(older, 'api/v1/bulk/agency_counties.csv'), 'utf8')).trim().split('\n').slice(1);
    expect(national.length).toBeGreaterThan(0);
    expect(national.every((line) => line.startsWith('"MN",'))).toBe(true);
  });
});

describe('deploy:units: each Worker within the limits of the free plan, before anything is uploaded', () => {
  it('passes, one line a limit, and writes the front and each state Worker\'s configuration', async () => {
    expect(units.code, units.stdout + units.stderr).toBe(0);
    const lines = units.stdout.split('\n').filter((line) => line.startsWith('deploy:units: '));
    for (const unit of ['front', ...CODES]) {
      const files = lines.find((line) => line.startsWith(`deploy:units: ${unit}: `) && line.includes('asset files'));
      expect(files, unit).toMatch(/ asset files of 20,000 on the free plan/);
      const count = Number(/: ([\d,]+) asset files/.exec(files ?? '')?.[1]?.replace(/,/g, ''));
      expect(count, unit).toBeLessThanOrEqual(PLATFORM_LIMITS.free.assetFiles);
      expect(lines.some((line) => line.startsWith(`deploy:units: ${unit}: Worker script `)), unit).toBe(true);
    }
    expect(lines.some((line) => line.startsWith('deploy:units: OVER'))).toBe(false);
    const front = JSON.parse((await readFile(join(scratch, 'deploy/front.jsonc'), 'utf8')).replace(/^\/\/.*\n/, '')) as { name: string; services: { binding: string; service: string }[] };
    expect(front.name).toBe('mnrent');
    expect(front.services).toEqual(CODES.map((code) => ({ binding: `STATE_${code.toUpperCase()}`, service: `mnrent-${code}` })));
    const mn = JSON.parse((await readFile(join(scratch, `deploy/${CODES[0]}.jsonc`), 'utf8')).replace(/^\/\/.*\n/, '')) as { name: string; workers_dev: boolean; vars: Record<string, string>; assets: { directory: string } };
    expect(mn).toMatchObject({ name: `mnrent-${CODES[0]}`, workers_dev: false, vars: { STATE_PATH: `/${CODES[0]}` } });
    expect(join(scratch, 'deploy', mn.assets.directory)).toBe(join(states, CODES[0] as string));
  });

  it("holds the state with the most ZIP codes and counties within 20,000 files in this build's languages: a new language or a growing state fails here first", async () => {
    // Files per ZIP code and per county, and the rest, counted in a real build of every language (Minnesota's).
    const code = CODES[0] as string;
    const files = (await readdir(join(states, code), { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(join(states, code).length));
    const meta = JSON.parse(await readFile(join(states, code, 'api/v1/meta.json'), 'utf8')) as { counts: { zips: number; counties: number } };
    const perZip = files.filter((f) => /\/zip\/\d{5}(\/|\.json$)/.test(f)).length / meta.counts.zips;
    const perCounty = files.filter((f) => /\/county\/[a-z0-9-]+(\/|\.json$)/.test(f)).length / meta.counts.counties;
    const rest = files.length - perZip * meta.counts.zips - perCounty * meta.counts.counties;
    expect(Number.isInteger(perZip) && Number.isInteger(perCounty), `${perZip} ${perCounty}`).toBe(true);
    // Every state's ZIP codes in the latest SAFMR file and counties in the county FMR file, as the build publishes them.
    const safmr = (await readFile(source('hud_safmr/safmr_fy2026_national_from_worthwise_parquet.csv'), 'utf8')).split('\n').slice(1).map((line) => line.slice(0, 5));
    const fmr = await readFmrWorkbook(await readFile(source('hud_fmr/FY26_FMRs_revised.xlsx')), 'FY26_FMRs_revised.xlsx');
    const projected = STATES.map((s) => ({ code: s.code, files: rest + perZip * new Set(safmr.filter(zipInState(s))).size + perCounty * fmrAreasOf(fmr, s).counties.length })).sort((a, b) => b.files - a.files);
    const [largest] = projected;
    expect(largest?.code).toBe('TX');
    expect(largest?.files, JSON.stringify(projected.slice(0, 3))).toBeLessThanOrEqual(PLATFORM_LIMITS.free.assetFiles);
  });
});

describe('the front Worker: the root\'s files, and every other path to its state\'s Worker', () => {
  it('serves the index of the states, states.json and the national tables with the contract\'s headers', async () => {
    const index = await get('/');
    expect([index.status, header(index, 'content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    expectContractHeaders(index, '/');
    for (const code of CODES) expect(index.body.toString()).toContain(`<a href="/${code}/">${stateOf(code).name}</a>`);
    const listed = JSON.parse((await get('/states.json')).body.toString()) as { states: { code: string }[] };
    expect(listed.states.map((s) => s.code.toLowerCase()).sort()).toEqual(expect.arrayContaining([...CODES].sort()));
    for (const [path, type] of [['/api/v1/bulk/zips.csv', 'text/csv; charset=utf-8'], ['/api/v1/bulk/counties.parquet', 'application/vnd.apache.parquet'], ['/api/v1/bulk/datapackage.json', 'application/json; charset=utf-8'], ['/llms.txt', 'text/plain; charset=utf-8'], ['/openapi.json', 'application/json; charset=utf-8']] as const) {
      const r = await get(path);
      expect([r.status, header(r, 'content-type')], path).toEqual([200, type]);
      expectContractHeaders(r, path);
      expect(r.body.equals(await readFile(join(states, path))), path).toBe(true);
    }
  });

  it('answers its own 404s: a page, an API path, a state with no Worker, and /mcp, which is each state\'s', async () => {
    const page = await get('/no-such-page/');
    expect([page.status, header(page, 'content-type')]).toEqual([404, 'text/html; charset=utf-8']);
    expect(page.body.toString()).toContain('<h1>Page not found</h1>');
    const api = await get('/api/v1/bulk/nope.csv');
    expect([api.status, header(api, 'content-type')]).toEqual([404, 'application/problem+json; charset=utf-8']);
    expect((JSON.parse(api.body.toString()) as { detail: string }).detail).toContain('/states.json lists them');
    // A state code with no Worker here (Guam is none; Wisconsin is one, not built).
    const unbound = STATES.map((s) => s.code.toLowerCase()).find((code) => !CODES.includes(code)) as string;
    expect((await get(`/${unbound}/`)).status).toBe(404);
    const mcp = await fetch(`${edge.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(mcp.status).toBe(404);
    expect(JSON.stringify(await mcp.json())).toContain(`/mn/mcp`);
    const bare = await get(`/${CODES[0]}`);
    expect([bare.status, header(bare, 'location')]).toEqual([301, `/${CODES[0]}/`]);
  });
});

describe("the root's pages for people, in Chromium through the front", () => {
  it.each(['/', '/no-such-page/'])('%s fits 320 px and 1280 px without sideways scrolling, axe finds nothing, and the keyboard reaches its first link', async (path) => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
      await page.goto(`${edge.url}${path}`, { waitUntil: 'load' });
      for (const width of [320, 375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
        expect(scrollWidth, `${path} at ${width} px`).toBeLessThanOrEqual(innerWidth);
        if (width === 375) expect(await axeViolations(page), path).toEqual([]);
      }
      // The index's first link is the first state by name; the error page's, the way back to the index.
      await page.keyboard.press('Tab');
      const listed = (JSON.parse(await readFile(join(states, 'states.json'), 'utf8')) as { states: { code: string; name: string }[] }).states;
      const first = path === '/' ? `/${[...listed].sort((a, b) => a.name.localeCompare(b.name, 'en'))[0]?.code.toLowerCase() ?? ''}/` : '/';
      expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(first);
    } finally {
      await browser.close();
    }
  });
});

describe.each(CODES)("state %s's own Worker, through the front", (code) => {
  const state = stateOf(code);
  const dir = () => join(states, code);
  const zip = state.example.zip;
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'deployment-test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${edge.url}/${code}/mcp`)));
  }, 60_000);
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed
  afterAll(() => client?.close());

  it('serves a ZIP code\'s JSON with every contract header and an ETag, HEAD without a body, 304 on If-None-Match', async () => {
    const path = `/${code}/api/v1/zip/${zip}.json`;
    const r = await get(path);
    expect([r.status, header(r, 'content-type')]).toEqual([200, 'application/json; charset=utf-8']);
    expectContractHeaders(r, path);
    expect(r.body.equals(await readFile(join(dir(), `api/v1/zip/${zip}.json`)))).toBe(true);
    const etag = header(r, 'etag') as string;
    expect(etag).toBeTruthy();
    const head = await get(path, { method: 'HEAD' });
    expect([head.status, head.body.length, header(head, 'content-type')]).toEqual([200, 0, 'application/json; charset=utf-8']);
    const again = await get(path, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(header(again, 'access-control-allow-origin')).toBe('*');
  });

  it('serves the bulk files, the Atom feed and the pages with their types', async () => {
    for (const [path, type] of [
      [`/${code}/api/v1/bulk/zips.csv`, 'text/csv; charset=utf-8'],
      [`/${code}/api/v1/bulk/zips.parquet`, 'application/vnd.apache.parquet'],
      [`/${code}/changes.xml`, 'application/atom+xml; charset=utf-8'],
      [`/${code}/llms.txt`, 'text/plain; charset=utf-8'],
      [`/${code}/zip/${zip}/`, 'text/html; charset=utf-8'],
      [`/${code}/es/zip/${zip}/`, 'text/html; charset=utf-8'],
    ] as const) {
      const r = await get(path);
      expect([r.status, header(r, 'content-type')], path).toEqual([200, type]);
      expectContractHeaders(r, path);
    }
  });

  it('answers CORS preflight with 204, and other methods with 405 and Allow: JSON under /api/, the page in the language of the path', async () => {
    const preflight = await get(`/${code}/api/v1/index.json`, { method: 'OPTIONS', headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' } });
    expect([preflight.status, header(preflight, 'access-control-allow-origin')]).toEqual([204, '*']);
    const api = await get(`/${code}/api/v1/zip/${zip}.json`, { method: 'POST' });
    expect([api.status, header(api, 'allow'), header(api, 'content-type')]).toEqual([405, 'GET, HEAD, OPTIONS', 'application/problem+json; charset=utf-8']);
    const page = await get(`/${code}/so/zip/${zip}/`, { method: 'DELETE' });
    expect([page.status, header(page, 'allow')]).toEqual([405, 'GET, HEAD, OPTIONS']);
    expect(page.body.toString()).toContain('<html lang="so"');
  });

  it("answers its unknown ZIP code and page with its own 404, in its state's words and the path's language", async () => {
    const missing = await get(`/${code}/api/v1/zip/00000.json`);
    expect([missing.status, header(missing, 'content-type')]).toEqual([404, 'application/problem+json; charset=utf-8']);
    expect((JSON.parse(missing.body.toString()) as { detail: string }).detail).toContain(`${state.name} ZIP code`);
    const page = await get(`/${code}/no-such-page/`);
    expect([page.status, header(page, 'content-type')]).toEqual([404, 'text/html; charset=utf-8']);
    expectContractHeaders(page, 'a 404 page');
    expect(page.body.toString()).toContain(`${state.name} Rent Data Service`);
    const spanish = await get(`/${code}/es/no-such-page/`);
    expect([spanish.status, spanish.body.toString().includes('<html lang="es"')]).toEqual([404, true]);
  });

  it("its agent server: the MCP SDK's client lists the tools and gets the state's records, equal to its built JSON", async () => {
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(TOOL_NAMES);
    const answer = await client.callTool({ name: 'get_zip', arguments: { zip } });
    expect(answer.structuredContent).toEqual(JSON.parse(await readFile(join(dir(), `api/v1/zip/${zip}.json`), 'utf8')));
    // Another state's ZIP code is not this state's: its Worker answers in its own words.
    const other = stateOf(CODES.find((c) => c !== code) ?? 'wi').example.zip;
    const elsewhere = await client.callTool({ name: 'get_zip', arguments: { zip: other } });
    expect(JSON.stringify(elsewhere.content)).toContain(state.name);
  });
});

describe('the whole country in one file', () => {
  const bulk = () => join(states, 'api/v1/bulk');
  const ownLines = async (table: string) => {
    const lines: string[] = [];
    for (const s of STATES) {
      const text = await readFile(join(states, s.code.toLowerCase(), `api/v1/bulk/${table}.csv`), 'utf8').catch(() => undefined);
      if (text !== undefined) lines.push(...text.split('\n').slice(1).filter(Boolean).map((line) => `"${s.code}",${line}`));
    }
    return lines;
  };

  it.each(['zips', 'counties', 'housing_agencies', 'agency_counties'])("%s.csv: every state's rows, row for row its own with the state's code first", async (table) => {
    const national = (await readFile(join(bulk(), `${table}.csv`), 'utf8')).split('\n');
    expect(national[0]).toBe(`"state",${(await readFile(join(states, CODES[0] as string, `api/v1/bulk/${table}.csv`), 'utf8')).split('\n')[0]}`);
    expect(national.slice(1, -1)).toEqual(await ownLines(table));
    expect(national.at(-1)).toBe('');
  });

  it('zips.parquet and counties.parquet: DuckDB and polars read as many rows as the states have, state by state; DuckDB joins the agencies\' tables', async () => {
    const expected = new Map<string, number>();
    for (const line of await ownLines('zips')) expected.set(line.slice(1, 3), (expected.get(line.slice(1, 3)) ?? 0) + 1);
    const db = await (await DuckDBInstance.create(':memory:')).connect();
    const rows = (await db.runAndReadAll(`SELECT state, count(*)::INTEGER AS n FROM read_parquet('${join(bulk(), 'zips.parquet')}') GROUP BY state ORDER BY state`)).getRowObjects();
    expect(new Map(rows.map((r) => [String(r.state), Number(r.n)]))).toEqual(new Map([...expected].sort()));
    const zips = pl.readParquet(join(bulk(), 'zips.parquet'));
    expect(zips.height).toBe((await ownLines('zips')).length);
    expect(zips.columns.slice(0, 3)).toEqual(['state', 'zip', 'city']);
    const counties = pl.readParquet(join(bulk(), 'counties.parquet'));
    expect(counties.height).toBe((await ownLines('counties')).length);
    // A value read back equals the state's own JSON.
    const code = CODES[0] as string;
    const zip = stateOf(code).example.zip;
    const record = JSON.parse(await readFile(join(states, code, `api/v1/zip/${zip}.json`), 'utf8')) as { fmr: { br2: number } };
    const [row] = (await db.runAndReadAll(`SELECT fmr_br2 FROM read_parquet('${join(bulk(), 'zips.parquet')}') WHERE zip = '${zip}'`)).getRowObjects();
    expect(Number(row?.fmr_br2)).toBe(record.fmr.br2);
    // Who runs vouchers where, across the country: Minnesota's Metro HRA in the four counties its area covers, joined to its record.
    if (!CODES.includes('mn')) return;
    const served = (await db.runAndReadAll(
      `SELECT c.county_slug, c.serves_here, a.voucher_count FROM read_parquet('${join(bulk(), 'agency_counties.parquet')}') c JOIN read_parquet('${join(bulk(), 'housing_agencies.parquet')}') a USING (state, code) WHERE c.state = 'MN' AND c.code = 'MN163' ORDER BY c.county_slug`,
    )).getRowObjects();
    expect(served.map((r) => `${String(r.county_slug)} ${String(r.serves_here)} ${Number(r.voucher_count)}`)).toEqual(['anoka all 7104', 'carver all 7104', 'hennepin part 7104', 'ramsey part 7104']);
  });

  it("datapackage.json: datapackage-js (Frictionless) accepts it, each file's size and sha256 are right, and the foreign keys hold", async () => {
    const pkg = await Package.load(join(bulk(), 'datapackage.json'), { strict: true });
    expect(pkg.valid, pkg.errors.map((e) => e.message).join('\n')).toBe(true);
    const descriptor = JSON.parse(await readFile(join(bulk(), 'datapackage.json'), 'utf8')) as { resources: { path: string; bytes: number; hash: string }[] };
    expect(descriptor.resources.map((r) => r.path)).toEqual(['zips.csv', 'counties.csv', 'housing_agencies.csv', 'agency_counties.csv', 'zips.parquet', 'counties.parquet', 'housing_agencies.parquet', 'agency_counties.parquet']);
    for (const r of descriptor.resources) {
      const bytes = await readFile(join(bulk(), r.path));
      expect([bytes.length, `sha256:${createHash('sha256').update(bytes).digest('hex')}`], r.path).toEqual([r.bytes, r.hash]);
    }
    const zips = pkg.getResource('zips');
    const rows = await zips?.read({ keyed: true, relations: true, limit: 2000 });
    expect(rows?.length).toBeGreaterThan(0);
  });
});

describe("the root's openapi.json and llms.txt", () => {
  it("passes Spectral's spectral:oas ruleset with no error and no warning, and names every national file llms.txt links", async () => {
    const spectral = new spectralCore.Spectral();
    // The package's typings of its own ruleset lag its ruleset type; the value is the one the CLI uses for spectral:oas.
    spectral.setRuleset({ extends: [[spectralRulesets.oas as RulesetDefinition, 'recommended']] });
    const text = await readFile(join(states, 'openapi.json'), 'utf8');
    const results = await spectral.run(new spectralCore.Document(text, spectralParsers.Json, 'openapi.json'));
    expect(results.map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`)).toEqual([]);
    const doc = JSON.parse(text) as { paths: Record<string, { get: { parameters?: { schema: { enum: string[] } }[] } }> };
    const files = doc.paths['/api/v1/bulk/{file}']?.get.parameters?.[0]?.schema.enum ?? [];
    const llms = await readFile(join(states, 'llms.txt'), 'utf8');
    for (const file of files) {
      expect(llms, file).toContain(`](${site}/api/v1/bulk/${file})`);
      await expect(readFile(join(states, 'api/v1/bulk', file)), file).resolves.toBeDefined();
    }
    for (const code of CODES) expect(llms).toContain(`](${site}/${code}/llms.txt)`);
  });
});

describe('findable as a dataset: schema.org Dataset markup in JSON-LD', () => {
  /** The schema.org context as a vocabulary, so expansion needs no network. */
  const documentLoader = (url: string) =>
    url === 'https://schema.org' || url === 'https://schema.org/'
      ? Promise.resolve({ contextUrl: undefined, documentUrl: url, document: { '@context': { '@vocab': 'https://schema.org/' } } })
      : Promise.reject(new Error(`no context ${url} here`));
  const pages = () => [join(states, 'index.html'), ...CODES.map((code) => join(states, code, 'docs/index.html'))];

  it('on the root page and each state\'s /docs/: one Dataset that jsonld.js expands, with what Google Dataset Search reads, every download a file of the build', async () => {
    for (const page of pages()) {
      const html = await readFile(page, 'utf8');
      const scripts = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => m[1] ?? '');
      expect(scripts, page).toHaveLength(1);
      const doc = JSON.parse(scripts[0] as string) as Record<string, unknown>;
      const [expanded] = (await jsonld.expand(doc, { documentLoader, safe: true })) as Record<string, unknown[]>[];
      const S = 'https://schema.org/';
      expect(expanded?.['@type'], page).toEqual([`${S}Dataset`]);
      const value = (key: string) => (expanded?.[`${S}${key}`] as { '@value'?: unknown }[] | undefined)?.[0]?.['@value'];
      expect(String(value('name')).length, page).toBeGreaterThan(0);
      // Google: a description of 50 to 5,000 characters.
      expect(String(value('description')).length, page).toBeGreaterThanOrEqual(50);
      expect(String(value('description')).length, page).toBeLessThanOrEqual(5000);
      expect(value('license')).toBe('https://creativecommons.org/licenses/by/4.0/');
      expect(String(value('temporalCoverage'))).toMatch(/^\d{4}-10-01\/\d{4}-09-30$/);
      for (const key of ['creator', 'publisher', 'spatialCoverage', 'variableMeasured']) expect(expanded?.[`${S}${key}`], `${page} ${key}`).toBeDefined();
      const downloads = expanded?.[`${S}distribution`] as Record<string, { '@value': string }[]>[];
      expect(downloads.length, page).toBeGreaterThanOrEqual(5);
      for (const download of downloads) {
        const url = download[`${S}contentUrl`]?.[0]?.['@value'] ?? '';
        expect(download[`${S}encodingFormat`]?.[0]?.['@value'], url).toMatch(/^(text\/csv|application\/vnd\.apache\.parquet|application\/json)$/);
        expect(url.startsWith(`${site}/`), url).toBe(true);
        await expect(readFile(join(states, url.slice(site.length))), url).resolves.toBeDefined();
      }
    }
  });

  it('the root pages are valid HTML (html-validate)', async () => {
    const validator = new HtmlValidate({ extends: ['html-validate:recommended'] });
    for (const page of ['index.html', '404.html', 'errors/405/index.html']) {
      const report = await validator.validateString(await readFile(join(states, page), 'utf8'));
      expect(report.results.flatMap((r) => r.messages.map((m) => m.message)), page).toEqual([]);
    }
  });
});

describe.skipIf(given)('a failed step', () => {
  it('a failed fetch of the live site fails with one line and builds nothing; deploy:units refuses a folder with no index', async () => {
    const closed = await freePort();
    const unreachable = await npm('src/cli/deployment.ts', ['previous', '--site', `http://127.0.0.1:${closed}/`, '--outDir', join(scratch, 'nowhere')]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toBe(`deployment failed: http://127.0.0.1:${closed}/api/v1/meta.json: cannot be reached (ECONNREFUSED)\n`);
    const bare = join(scratch, 'bare');
    await mkdir(join(bare, 'vt'), { recursive: true });
    await writeFile(join(bare, 'vt/index.html'), '');
    const noIndex = await npm('src/cli/deployment.ts', ['units', '--dir', bare, '--out', join(scratch, 'bare-deploy')]);
    expect(noIndex.code).toBe(1);
    expect(noIndex.stderr).toBe(`deployment failed: ${bare} holds no state's build and no index.html at its root: run build:states (or --index-only) on it first\n`);
  });
});
