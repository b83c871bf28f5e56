// The agent server with the SDK's own client: in-process, over stdio (the real mnrent-mcp process,
// started by the machine's Node) and over Streamable HTTP, on the site built from the snapshot.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiReader, type ApiSource } from '../src/lib/mcp/api-reader.ts';
import { countyKey } from '../src/lib/mcp/match.ts';
import { BUILD_TEST_TIMEOUT_MS, runBuild } from './helpers/build.ts';
import { inProcess, overHttp, overStdio, type Connected } from './helpers/mcp-clients.ts';
import { PROJECT_ROOT, source } from './helpers/paths.ts';
import { sourcesCopy } from './helpers/sources-copy.ts';

const site = inject('builtSite');
const TOOL_NAMES = ['get_zip', 'get_county', 'list_housing_agencies', 'search_places', 'nearest_zips', 'voucher_spread', 'voucher_fit', 'compare_zips', 'dataset_info'];

const call = async (c: Connected, name: string, args: Record<string, unknown> = {}) => (await c.client.callTool({ name, arguments: args })) as CallToolResult;
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the shape it asserts
const data = <T = Record<string, unknown>>(r: CallToolResult): T => {
  if (r.isError) throw new Error(`tool error: ${JSON.stringify(r.content)}`);
  return r.structuredContent as T;
};
/**
 * POSTs a body the server refuses by its Content-Length and closes on. The answer arrives while the
 * body is still being written, and the write may then fail (EPIPE, ECONNRESET) before node:http or
 * fetch has read the answer, which they then lose: a raw socket keeps every byte the server sent,
 * and the answer is read from them once the server has closed.
 */
function postRefusedEarly(url: string, body: string): Promise<{ status: number; body: string }> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const received: Buffer[] = [];
    socket.on('data', (d: Buffer) => received.push(d));
    // The refused write: expected; what the server answered is read on close.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const raw = Buffer.concat(received).toString('utf8');
      const split = raw.indexOf('\r\n\r\n');
      const head = raw.slice(0, split);
      const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1]);
      if (split < 0 || !status) {
        reject(new Error(`no HTTP answer before the server closed: ${JSON.stringify(raw.slice(0, 200))}`));
        return;
      }
      const rest = raw.slice(split + 4);
      resolve({ status, body: /^transfer-encoding: *chunked/im.test(head) ? dechunk(rest) : rest });
    });
    socket.write(
      [`POST ${pathname} HTTP/1.1`, `host: ${hostname}:${port}`, 'content-type: application/json', 'accept: application/json, text/event-stream', `content-length: ${Buffer.byteLength(body)}`, 'connection: close', '', ''].join('\r\n'),
    );
    socket.end(body);
  });
}

/** A chunked HTTP/1.1 body as its text (sizes in hex, each chunk and size line ended by CRLF). */
function dechunk(text: string): string {
  let out = '';
  for (let at = 0; ; ) {
    const end = text.indexOf('\r\n', at);
    const size = Number.parseInt(text.slice(at, end), 16);
    if (end < 0 || !(size > 0)) return out;
    out += text.slice(end + 2, end + 2 + size);
    at = end + 2 + size + 2;
  }
}
const text = (r: CallToolResult) => (r.content[0] as { text: string }).text;

describe.each([
  ['in-process', () => inProcess(site)],
  ['stdio', () => overStdio(['--dir', site])],
  ['http', () => overHttp(site)],
] as const)('over %s', (_name, connect) => {
  let c: Connected;
  beforeAll(async () => {
    c = await connect();
  }, 30_000);
  afterAll(() => c.close());

  it('lists the nine read-only tools with input and output schemas, and two resources', async () => {
    const { tools } = await c.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES);
    for (const tool of tools) {
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, openWorldHint: false });
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
    }
    const { resources } = await c.client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(['mnrent://openapi.json', 'mnrent://llms-full.txt']);
    const openapi = await c.client.readResource({ uri: 'mnrent://openapi.json' });
    expect(JSON.parse((openapi.contents[0] as { text: string }).text)).toMatchObject({ openapi: '3.1.0', info: { version: '1.0.0' } });
  });

  it('get_zip answers "can a voucher holder afford a 2-bedroom in 55104?" with data, vintage and attribution', async () => {
    const r = await call(c, 'get_zip', { zip: '55104' });
    const zip = data<{ fmr: { br2: number }; zori_latest: { rent: number; month: string }; spread: number; spread_pct: number; voucher_competitive: boolean; meta: { attribution: string; sources: unknown } }>(r);
    expect(zip).toMatchObject({ fmr: { br2: 1530 }, zori_latest: { month: '2023-10', rent: 1774 }, spread: 244, spread_pct: 15.9, voucher_competitive: false });
    expect(zip.meta.sources).toEqual({ hud_safmr: 'FY2026', zori: '2023-10' });
    // The same sentences as the ZIP page, on both bases.
    expect(text(r)).toContain('If your housing authority bases its payment standard on the Small Area FMR, the market rent index ($1,774 in October 2023) is $244 (15.9%) above the 2-bedroom Small Area FMR ($1,530)');
    expect(text(r)).toContain('If it uses the Minneapolis-St. Paul-Bloomington, MN-WI area FMR, the market rent index ($1,774 in October 2023) is $65 (3.8%) above the 2-bedroom area FMR ($1,709)');
    expect(text(r)).toContain('The market rent index is from October 2023, 27 months before this data was published');
    // Ramsey County's own series (row 128 of Zillow's county file: 1492.31 in January 2026), named as the county's.
    expect(text(r)).toContain("Zillow's market rent index for all of Ramsey County: $1,492 a month in January 2026 (the county's figure; newer than this ZIP code's own, which ends October 2023).");
    expect(text(r)).toContain('Source: Minnesota Rent Data Service (CC BY 4.0).');
    expect(zip).toEqual(JSON.parse(await readFile(join(site, 'api/v1/zip/55104.json'), 'utf8')));
  });

  it('get_county forgives how a county is written', async () => {
    for (const county of ['St Louis', 'Saint Louis County', 'st-louis', 'ST. LOUIS']) {
      expect(data(await call(c, 'get_county', { county }))).toMatchObject({ county: 'St. Louis', county_slug: 'st-louis', zip_count: 47, medians: { fmr2: 1120, market_rent: 1690, fmr2_yoy_pct: 8.2 } });
    }
    expect(data(await call(c, 'get_county', { county: 'Lac qui Parle County' }))).toMatchObject({ county_slug: 'lac-qui-parle' });
  });

  it("get_county gives Zillow's series for the county where it has one: Hennepin $1,710 in January 2026 (1709.90); Aitkin none", async () => {
    const hennepin = await call(c, 'get_county', { county: 'Hennepin' });
    expect(data(hennepin)).toMatchObject({ zori_county: { latest: { month: '2026-01', rent: 1710 } } });
    expect(text(hennepin)).toContain("Zillow's market rent index for the county as a whole: $1,710 a month in January 2026.");
    expect(text(await call(c, 'get_county', { county: 'Aitkin' }))).toContain('Zillow publishes no market rent index for the county as a whole.');
  });

  it("list_housing_agencies: who runs vouchers in a county, those that serve it first, as the county's JSON has them, each with its area, basis and how to reach it", async () => {
    const r = await call(c, 'list_housing_agencies', { county: 'Ramsey County' });
    const county = JSON.parse(await readFile(join(site, 'api/v1/county/ramsey.json'), 'utf8')) as { housing_agencies: { code: string; programs: string[] | null }[] };
    const listed = data<{ county_slug: string; housing_agencies: { code: string }[]; hud_list_url: string }>(r);
    expect(listed.county_slug).toBe('ramsey');
    expect(listed.housing_agencies).toEqual(county.housing_agencies);
    expect(listed.hud_list_url).toBe('https://www.hud.gov/sites/dfiles/PIH/documents/PHA_Contact_Report_MN.pdf');
    // By hand: St. Paul's agency from HUD's layer (its phone, office and vouchers), its area and basis from stpha.org (data/agency-areas/MN.json).
    expect(text(r)).toContain('2 housing agencies run vouchers in Ramsey County (which one serves a household depends on its city), then 2 with only an office there:');
    expect(text(r)).toContain(
      "1. Metro HRA, METROPOLITAN COUNCIL (MN163): serves most of suburban Ramsey County; payment standards from HUD's Small Area FMR of each ZIP code since 2020-07-01; vouchers (Section 8), 7104 vouchers; phone (651) 602-1187",
    );
    expect(text(r)).toContain(
      '2. St. Paul PHA, Public Housing Agency of the City of St Paul (MN001): serves the City of Saint Paul; payment standards from the area FMR; vouchers (Section 8) and public housing, 5086 vouchers; phone (651) 298-5664; office 555 Wabasha St N Ste 400, Saint Paul, MN 55102.',
    );
    expect(text(r)).toContain('3. MENTAL HEALTH RESOURCES (MN801): area served not known; vouchers (Section 8), 213 vouchers; phone (651) 659-2959');
    const vouchers = data<{ housing_agencies: { code: string }[] }>(await call(c, 'list_housing_agencies', { county: 'hennepin', vouchers_only: true }));
    expect(vouchers.housing_agencies.map((a) => a.code)).toEqual(['MN163', 'MN002', 'MN152', 'MN144', 'MN170', 'MN216']);
    // get_zip and get_county name who runs vouchers there, and carry the list.
    const hennepin = text(await call(c, 'get_county', { county: 'hennepin' }));
    expect(hennepin).toContain('6 housing agencies run vouchers in Hennepin County: Metro HRA (for most of suburban Hennepin County except Bloomington, Plymouth, Richfield and St. Louis Park); MPHA (for the City of Minneapolis);');
    expect(hennepin).toContain('Which one serves a household depends on the city it lives in, not on its ZIP code.');
    expect(text(await call(c, 'get_zip', { zip: '55104' }))).toContain('2 housing agencies run vouchers in Ramsey County: Metro HRA (for most of suburban Ramsey County); St. Paul PHA (for the City of Saint Paul).');
    expect(text(await call(c, 'list_housing_agencies', { county: 'Hennipen' }))).toMatch(/Did you mean: hennepin/);
  });

  it("voucher_fit names the agencies of the ZIP code's county: each basis's line starts with those that use it (55104: Metro HRA, St. Paul PHA)", async () => {
    const r = await call(c, 'voucher_fit', { zip: '55104', household_size: 3, annual_income: 30_000, rent_to_owner: 1_500, utility_allowance: 100 });
    const fit = data<{ summary: string[]; agencies: { code: string; name: string; serves: string; phone: string | null; payment_standard_basis: string | null }[] }>(r);
    expect(fit.agencies).toEqual([
      { code: 'MN163', name: 'Metro HRA', serves: 'most of suburban Ramsey County', serves_here: 'part', phone: '(651) 602-1187', payment_standard_basis: 'small_area', moving_to_work: null, own_rules_url: null },
      { code: 'MN001', name: 'St. Paul PHA', serves: 'the City of Saint Paul', serves_here: 'part', phone: '(651) 298-5664', payment_standard_basis: 'area', moving_to_work: null, own_rules_url: null },
    ]);
    expect(fit.summary).toHaveLength(4);
    expect(fit.summary[1]).toMatch(/^Metro HRA uses the Small Area FMR: you would pay \$/);
    expect(fit.summary[2]).toMatch(/^St\. Paul PHA uses the area FMR: you would pay \$/);
    expect(fit.summary[3]).toBe('Which one serves you depends on the city you live in: Metro HRA serves most of suburban Ramsey County and St. Paul PHA serves the City of Saint Paul.');
    expect(text(r)).toContain(fit.summary.join(' '));
  });

  it('search_places finds by city, ZIP prefix and county', async () => {
    const duluth = data<{ zips: { zip: string; city: string }[] }>(await call(c, 'search_places', { query: 'duluth', limit: 50 }));
    expect(duluth.zips.length).toBeGreaterThan(5);
    expect(duluth.zips.every((z) => z.city === 'Duluth')).toBe(true);
    expect(duluth.zips.map((z) => z.zip)).toContain('55814');
    const prefix = data<{ zips: { zip: string }[]; total_zips: number }>(await call(c, 'search_places', { query: '5510', limit: 100 }));
    expect(prefix.zips.every((z) => z.zip.startsWith('5510'))).toBe(true);
    expect(prefix.total_zips).toBe(prefix.zips.length);
    const county = data<{ counties: { county_slug: string; zip_count: number }[] }>(await call(c, 'search_places', { query: 'Hennepin County' }));
    expect(county.counties).toEqual([{ county: 'Hennepin', county_slug: 'hennepin', zip_count: 72 }]);
    // As people type it: St/Saint folded, a trailing state dropped, exact city names first.
    const saintPaul = data<{ zips: { zip: string; city: string }[] }>(await call(c, 'search_places', { query: 'St Paul', limit: 40 }));
    expect(saintPaul.zips[0]).toMatchObject({ zip: '55101', city: 'Saint Paul' });
    expect(saintPaul.zips.findIndex((z) => z.city !== 'Saint Paul')).toBeGreaterThan(20);
    expect(data<{ zips: { city: string }[] }>(await call(c, 'search_places', { query: 'Duluth, MN' })).zips[0]).toMatchObject({ city: 'Duluth' });
    // The same rules as the search box (src/lib/derive/search-words.ts): short, run-together and pasted forms.
    for (const [query, zip] of [['Mpls', '55401'], ['StCloud', '56301'], ['duluth mn 55802', '55802']]) {
      expect(data<{ zips: { zip: string }[] }>(await call(c, 'search_places', { query })).zips[0]?.zip, query).toBe(zip);
    }
    // Plurals: one ZIP code "matches", two "match".
    expect(text(await call(c, 'search_places', { query: 'Warroad' }))).toMatch(/^1 ZIP code matches "Warroad": 56763 Warroad\./);
    expect(text(await call(c, 'search_places', { query: 'Detroit Lakes' }))).toMatch(/^2 ZIP codes match "Detroit Lakes": 56501 Detroit Lakes; 56502 Detroit Lakes\./);
  });

  it('nearest_zips from a ZIP agrees with the published nearby list; from its point it finds the ZIP itself', async () => {
    const fromZip = data<{ zips: { zip: string; distance_km: number }[] }>(await call(c, 'nearest_zips', { zip: '55104' }));
    expect(fromZip.zips.map((z) => z.zip)).toEqual(['55105', '55114', '55108', '55103', '55102', '55406']);
    expect(fromZip.zips[0]?.distance_km).toBe(2.1); // 2.136 km, checked with an independent haversine
    const fromPoint = data<{ zips: { zip: string; distance_km: number }[] }>(await call(c, 'nearest_zips', { latitude: 44.953894, longitude: -93.164446, limit: 2 }));
    expect(fromPoint.zips).toMatchObject([{ zip: '55104', distance_km: 0 }, { zip: '55105' }]);
  });

  it('voucher_spread filters by county and competitiveness, sorts and limits', async () => {
    const table = JSON.parse(await readFile(join(site, 'api/v1/section-8.json'), 'utf8')) as { rows: { county_slug: string; voucher_competitive: boolean; spread_pct: number }[] };
    const expected = table.rows.filter((r) => r.county_slug === 'hennepin' && !r.voucher_competitive);
    const r = data<{ matched: { n: number }; rows: { county_slug: string; voucher_competitive: boolean; spread_pct: number }[] }>(
      await call(c, 'voucher_spread', { county: 'Hennepin County', voucher_competitive: false, sort: '-spread_pct', limit: 5 }),
    );
    expect(r.matched.n).toBe(expected.length);
    expect(r.rows).toHaveLength(Math.min(5, expected.length));
    expect(r.rows.every((row) => row.county_slug === 'hennepin' && !row.voucher_competitive)).toBe(true);
    expect(r.rows.map((row) => row.spread_pct)).toEqual([...r.rows.map((row) => row.spread_pct)].sort((a, b) => b - a));
    const all = data<{ matched: { n: number; voucher_competitive_count: number; median_spread_pct: number } }>(await call(c, 'voucher_spread', { limit: 1 }));
    expect(all.matched).toEqual({ n: 108, voucher_competitive_count: 79, area_voucher_competitive_count: 56, median_spread_pct: -6.6 });
    // On the area-wide basis: 56 competitive rows, sorted by the area spread.
    const area = data<{ matched: { n: number }; rows: { area_voucher_competitive: boolean; area_spread_pct: number }[] }>(
      await call(c, 'voucher_spread', { basis: 'area', voucher_competitive: true, sort: 'area_spread_pct', limit: 200 }),
    );
    expect(area.matched.n).toBe(56);
    expect(area.rows.every((row) => row.area_voucher_competitive)).toBe(true);
    expect(area.rows.map((row) => row.area_spread_pct)).toEqual([...area.rows.map((row) => row.area_spread_pct)].sort((a, b) => a - b));
  });

  it('compare_zips puts ZIPs side by side', async () => {
    const result = await call(c, 'compare_zips', { zips: ['55104', '56763'] });
    const r = data<{ zips: { zip: string; fmr: { br2: number }; spread: number | null; acs: { median_gross_rent: number } | null }[] }>(result);
    expect(r.zips).toMatchObject([
      { zip: '55104', fmr: { br2: 1530 }, spread: 244, acs: { median_gross_rent: 1159 }, area_fmr: { br2: 1709 }, area_spread: 65, area_voucher_competitive: false },
      { zip: '56763', fmr: { br2: 970 }, spread: null, acs: { median_gross_rent: 830 }, area_spread: null },
    ]);
    // The page's sentences, on both bases.
    expect(text(result)).toContain('If it uses the Minneapolis-St. Paul-Bloomington, MN-WI area FMR, the market rent index ($1,774 in October 2023) is $65 (3.8%) above the 2-bedroom area FMR ($1,709)');
  });

  it('dataset_info gives counts, vintages, licence and attribution', async () => {
    const r = await call(c, 'dataset_info');
    expect(data(r)).toMatchObject({ counts: { zips: 911, counties: 87, zips_with_market_rent: 108, section_8_rows: 108 }, meta: { license: 'CC BY 4.0' } });
    expect(text(r)).toContain('HUD SAFMR fiscal years 2021, 2022, 2023, 2024, 2025, 2026');
  });

  it('turns bad arguments into tool errors with suggestions, and keeps serving', async () => {
    const bad: [string, Record<string, unknown>, RegExp][] = [
      ['get_zip', { zip: 1e6 }, /^MCP error -32602: Input validation error: Invalid arguments for tool get_zip: [^\n]+$/],
      ['get_county', { county: '   ' }, /^Give a county name or its slug, such as "St\. Louis", "St\. Louis County" and "st-louis"\.$/],
      ['get_zip', { zip: '5510' }, /Invalid|pattern/i],
      ['get_zip', { zip: '55199' }, /ZIP 55199 is not published .* Closest published ZIPs: 55155, 55150, 55130, 55129, 55128\./],
      ['get_county', { county: 'Atlantis' }, /No Minnesota county matches "Atlantis"\. Did you mean:/],
      ['get_county', { county: 'Hennipen' }, /Did you mean: hennepin/],
      ['nearest_zips', { zip: '55104', limit: 500 }, /Invalid|too big|<=50/i],
      ['nearest_zips', { latitude: 45 }, /Give either zip, or both latitude and longitude/],
      ['voucher_spread', { county: 'Nowhere' }, /No Minnesota county matches "Nowhere"/],
      ['voucher_spread', { sort: 'price' }, /Invalid|expected one of/i],
      ['compare_zips', { zips: ['55104'] }, /Invalid|too small|>=2/i],
      ['compare_zips', { zips: ['55104', '00000'] }, /ZIP 00000 is not published; closest: 55001, 55003, 55005\./],
      ['no_such_tool', {}, /not found/],
    ];
    for (const [name, args, message] of bad) {
      const r = await call(c, name, args);
      expect(r.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(text(r)).toMatch(message);
    }
    expect(data(await call(c, 'get_zip', { zip: '55803' }))).toMatchObject({ city: 'Duluth' });
    // A ZIP given as a number, as agents often send it.
    expect(data(await call(c, 'get_zip', { zip: 55104 }))).toMatchObject({ zip: '55104', city: 'Saint Paul' });
  });
});

describe('mnrent-mcp as a process', () => {
  it('runs as a process and logs only to stderr', async () => {
    const s = await overStdio(['--dir', site]);
    try {
      expect(data(await call(s, 'dataset_info'))).toMatchObject({ counts: { zips: 911 } });
      expect(s.stderr()).toContain('mnrent-mcp: 911 ZIP codes, generated 2026-01-01T00:00:00Z');
    } finally {
      await s.close();
    }
  });

  it("npm run --silent mcp, as the README says: stdout holds the protocol alone; without --silent, npm's banner comes first and the server says so on stderr", async () => {
    const INITIALIZE = `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'mnrent-tests', version: '1' } } })}\n`;
    /** What the command writes to stdout (its lines with text) until it answers an initialize request, and to stderr by then. */
    const untilAnswered = (npmArgs: string[]) =>
      new Promise<{ lines: string[]; stderr: string }>((resolve, reject) => {
        // A group of its own: npm, its shell and the server stop together.
        // npm's settings of the run that started the tests (npm --silent test) are not this command's.
        const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_')));
        const child = spawn('npm', [...npmArgs, '--', '--dir', site], { cwd: PROJECT_ROOT, env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
        let stdout = '';
        let stderr = '';
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        child.stdout.on('data', (d: Buffer) => {
          stdout += d.toString();
          const lines = stdout.split('\n').filter((line) => line.trim() !== '');
          if (stdout.endsWith('\n') && lines.some((line) => line.startsWith('{'))) {
            if (child.pid !== undefined) process.kill(-child.pid);
            resolve({ lines, stderr });
          }
        });
        child.once('error', reject);
        child.stdin.write(INITIALIZE);
      });
    const quiet = await untilAnswered(['run', '--silent', 'mcp']);
    expect(quiet.lines).toHaveLength(1);
    expect((JSON.parse(quiet.lines[0] ?? '') as { result: { serverInfo: { name: string } } }).result.serverInfo.name).toBe('mnrent');
    expect(quiet.stderr).not.toContain('npm wrote its banner');
    const loud = await untilAnswered(['run', 'mcp']);
    expect(loud.lines[0]).toBe('> mnrent@1.0.0 mcp');
    expect(loud.stderr).toContain('mnrent-mcp: npm wrote its banner to stdout before this server started, and an MCP client reads stdout as the protocol: start it with npm run --silent mcp -- …');
  });

  describe('--base-url, reading a deployed copy behind nginx', () => {
    const nginx = inject('servers').nginx;

    it('answers from the deployed files', async () => {
      const s = await overStdio(['--base-url', nginx.url]);
      try {
        expect(data(await call(s, 'get_county', { county: 'Cook' }))).toMatchObject({ zip_count: 6, medians: { fmr2: 1100 } });
      } finally {
        await s.close();
      }
    });
  });
});

describe('the reader', () => {
  it('reads meta.json first and refetches other files only when its bytes changed', async () => {
    const files = new Map<string, string>();
    for (const path of ['api/v1/meta.json', 'api/v1/index.json']) files.set(path, await readFile(join(site, path), 'utf8'));
    const reads: string[] = [];
    const source: ApiSource = (path) => (reads.push(path), Promise.resolve(files.get(path)));
    let clock = 0;
    const reader = new ApiReader(source, { refreshMs: 1000, now: () => clock });
    await reader.index();
    await reader.index();
    expect(reads).toEqual(['api/v1/meta.json', 'api/v1/index.json']);
    clock = 2000; // meta.json is read again, unchanged: the index stays cached
    await reader.index();
    expect(reads).toEqual(['api/v1/meta.json', 'api/v1/index.json', 'api/v1/meta.json']);
    clock = 4000; // a regeneration: new meta.json bytes, so the index is read again
    files.set('api/v1/meta.json', (files.get('api/v1/meta.json') as string).replace('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'));
    await reader.index();
    expect(reads.slice(3)).toEqual(['api/v1/meta.json', 'api/v1/index.json']);
  });

  it('maps the ways people write counties to slugs', () => {
    expect(['St Louis', 'Saint Louis County', 'st-louis', 'St. Louis', 'Lake of the Woods County'].map(countyKey)).toEqual(['st-louis', 'st-louis', 'st-louis', 'st-louis', 'lake-of-the-woods']);
  });
});

describe('a hostile or changing world', () => {
  it('after a rebuild with the same SOURCE_DATE_EPOCH, get_zip and voucher_spread agree on the new value', async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'mnrent-mcp-rebuild-'));
    try {
      const dir = join(scratch, 'site');
      // The English build as the earlier output, as the rebuild is (runBuild's default): the agent server reads the JSON only.
      await cp(inject('builtSiteEnglish'), dir, { recursive: true });
      const c = await inProcess(dir);
      const before = data<{ fmr: { br2: number } }>(await call(c, 'get_zip', { zip: '55104' }));
      expect(before.fmr.br2).toBe(1530);
      // The same epoch, 55104's FY2026 2-bedroom FMR (line 15147) raised by $5: generated_at stays, the data moves.
      const path = 'hud_safmr/safmr_fy2026_national_from_worthwise_parquet.csv';
      const csv = (await readFile(source(path), 'utf8')).split('\n').map((l, i) => (i === 15146 ? l.replace('1110,1260,1530', '1110,1260,1535') : l)).join('\n');
      const run = await runBuild({ outDir: dir, sourcesDir: await sourcesCopy(join(scratch, 'sources'), { [path]: csv }) });
      expect(run.code, run.stderr).toBe(0);
      expect(data<{ fmr: { br2: number } }>(await call(c, 'get_zip', { zip: '55104' })).fmr.br2).toBe(1535);
      const spread = data<{ rows: { zip: string; fmr2: number }[] }>(await call(c, 'voucher_spread', { county: 'Ramsey', limit: 50 }));
      expect(spread.rows.find((r) => r.zip === '55104')?.fmr2).toBe(1535);
      await c.close();
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }, BUILD_TEST_TIMEOUT_MS);

  it('over stdio: a line that is not JSON gets -32700, a 2 MiB line -32600, and the server keeps answering', async () => {
    const child = spawn(process.execPath, [join(PROJECT_ROOT, 'src/cli/mcp.ts'), '--dir', site], { stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stdin.write('this is not json\n');
    child.stdin.write(`{"jsonrpc":"2.0","id":7,"method":"ping","params":{"pad":"${'x'.repeat(2 * 1024 * 1024)}"}}\n`);
    child.stdin.write('{"jsonrpc":"2.0","id":8,"method":"ping"}\n');
    child.stdin.write('{"hello":"world","id":9}\n');
    child.stdin.write('{"jsonrpc":"2.0","id":10,"method":"ping"}\n');
    // Malformed tool arguments: -32602 and one line, not -32603 with a zod dump.
    child.stdin.write('{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"get_zip","arguments":"55104"}}\n');
    child.stdin.write('{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"get_zip","arguments":[55104]}}\n');
    await new Promise<void>((resolve) => {
      const check = setInterval(() => out.split('\n').filter(Boolean).length >= 7 && (clearInterval(check), resolve()), 50);
    });
    child.kill();
    const replies = out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { id: unknown; error?: { code: number; message: string }; result?: unknown });
    // Error replies are written at once, answers when the server has them: compare without order.
    expect(replies).toHaveLength(7);
    expect(replies).toEqual(expect.arrayContaining([
      { jsonrpc: '2.0', id: 11, error: { code: -32602, message: 'Invalid params: params.arguments must be an object of named arguments, such as {"zip": "55104"}, not a string' } },
      { jsonrpc: '2.0', id: 12, error: { code: -32602, message: 'Invalid params: params.arguments must be an object of named arguments, such as {"zip": "55104"}, not an array' } },
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the line is not JSON' } },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: message over 1048576 bytes' } },
      { jsonrpc: '2.0', id: 8, result: {} },
      { jsonrpc: '2.0', id: 9, error: { code: -32600, message: 'Invalid Request: not a JSON-RPC 2.0 message' } },
      { jsonrpc: '2.0', id: 10, result: {} },
    ]));
  }, 30_000);

  it('over HTTP: a body over 1 MiB gets 413, malformed arguments -32602, and the server keeps answering', async () => {
    const c = await overHttp(site);
    try {
      const response = await postRefusedEarly(c.url, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(4 * 1024 * 1024) } }));
      expect(response.status).toBe(413);
      expect(JSON.parse(response.body)).toEqual({ jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request: body over 1048576 bytes' }, id: null });
      expect((await c.client.listTools()).tools).toHaveLength(TOOL_NAMES.length);
      const malformed = await fetch(c.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_zip', arguments: 55104 } }),
      });
      expect(await malformed.json()).toEqual({ jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'Invalid params: params.arguments must be an object of named arguments, such as {"zip": "55104"}, not a number' } });
    } finally {
      await c.close();
    }
  }, 60_000);
});
