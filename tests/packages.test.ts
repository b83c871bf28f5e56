// The two npm packages as a user meets them: `npm run pack`, each tarball installed alone into an
// empty folder outside the project (nothing from the project's node_modules), then run with the
// machine's own Node and nothing else on PATH against nginx serving a real build; the client also
// on Node 18, Deno, Bun and in Chromium.
import { execFile, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { lstat, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { launchChromium } from './helpers/chromium.ts';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clientTypes, CLIENT_TYPES_FILE } from '../src/lib/publication/client-types.ts';
import { PACKAGE_VERSION } from '../src/lib/contract/service.ts';
import { createRentClient } from '../src/packages/mnrent-client/index.ts';
import { MCP_BIN, SERVER_SCHEMA } from '../src/packages/mnrent-mcp/manifest.ts';
import { bun, deno, machineNode, nodeOfVersion } from './helpers/runtimes.ts';
import { PROJECT_ROOT, TEST_SITE } from './helpers/paths.ts';
import { freePort } from './helpers/servers.ts';

const run = promisify(execFile);
const site = inject('builtSite');
const node = machineNode();
/** What an MCP client's environment gives: the machine's Node (and npm, npx) and the system. */
const userEnv = () => ({ PATH: `${dirname(node)}:/usr/bin:/bin`, HOME: process.env.HOME ?? tmpdir() });

let packed: string;
const nginx = inject('servers').nginx;
let mcpHome: string;
let clientHome: string;

/**
 * npm install of one tarball into a new folder outside the project. `--offline` for the agent
 * server, which must need nothing else; the client's one dependency may come from npm's cache or
 * the registry (a clean CI cache holds tarballs but not the metadata that resolves a range).
 */
async function installAlone(tarball: string, network: '--offline' | '--prefer-offline'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'mnrent-user-'));
  await writeFile(join(dir, 'package.json'), '{ "name": "user", "private": true }\n');
  await run('npm', ['install', network, '--no-audit', '--no-fund', tarball], { cwd: dir, env: userEnv() });
  return dir;
}

async function du(path: string): Promise<number> {
  const info = await lstat(path);
  if (!info.isDirectory()) return info.size;
  let total = 0;
  for (const entry of await readdir(path)) total += await du(join(path, entry));
  return total;
}

const tarball = (name: string) => join(packed, `${name}-${PACKAGE_VERSION}.tgz`);

beforeAll(async () => {
  packed = await mkdtemp(join(tmpdir(), 'mnrent-packed-'));
  await run(process.execPath, [join(PROJECT_ROOT, 'src/cli/pack.ts'), '--from', site, '--out', packed], { cwd: PROJECT_ROOT });
  [mcpHome, clientHome] = await Promise.all([installAlone(tarball('mnrent-mcp'), '--offline'), installAlone(tarball('mnrent-client'), '--prefer-offline')]);
});

afterAll(async () => {
  await Promise.all([packed, mcpHome, clientHome].map((d) => rm(d, { recursive: true, force: true })));
});

async function connect(command: string, args: string[], cwd: string) {
  const transport = new StdioClientTransport({ command, args, cwd, env: userEnv(), stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: 'mnrent-package-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

/** A loopback HTTP server of a few in-memory files. */
async function serveFiles(files: Record<string, [string, string]>): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://x').pathname];
    response.writeHead(file ? 200 : 404, { 'content-type': file ? file[0] : 'text/plain' }).end(file ? file[1] : 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const structured = (result: Awaited<ReturnType<Client['callTool']>>) => result.structuredContent as Record<string, unknown>;

describe('mnrent-mcp, installed from its tarball alone', () => {
  it('is one bundled file with no dependency to install, well under 10 MB', async () => {
    expect(await readdir(join(mcpHome, 'node_modules'))).toEqual(expect.arrayContaining(['mnrent-mcp']));
    expect((await readdir(join(mcpHome, 'node_modules'))).filter((d) => !d.startsWith('.'))).toEqual(['mnrent-mcp']);
    const installed = await du(join(mcpHome, 'node_modules'));
    expect(installed).toBeLessThan(10 * 1024 * 1024);
    const manifest = JSON.parse(await readFile(join(mcpHome, 'node_modules/mnrent-mcp/package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: 'mnrent-mcp', version: PACKAGE_VERSION, bin: { 'mnrent-mcp': MCP_BIN }, engines: { node: '>=18' } });
    expect(manifest.dependencies).toBeUndefined();
  });

  it('starts with `npx mnrent-mcp` on the machine\'s Node and answers the SDK client with real values', async () => {
    const { client, stderr } = await connect('npx', ['mnrent-mcp', '--base-url', nginx.url], mcpHome);
    try {
      const tools = (await client.listTools()).tools.map((t) => t.name);
      expect(tools).toEqual(['get_zip', 'get_county', 'list_housing_agencies', 'search_places', 'nearest_zips', 'voucher_spread', 'voucher_fit', 'compare_zips', 'dataset_info']);
      // 55104, FY2026 SAFMR row for Saint Paul: 2 BR $1,530; its ZORI series ends 2023-10 at $1,774.
      const zip = structured(await client.callTool({ name: 'get_zip', arguments: { zip: '55104' } }));
      expect(zip).toMatchObject({ zip: '55104', city: 'Saint Paul', county: 'Ramsey', fmr: { br2: 1530 }, zori_latest: { month: '2023-10', rent: 1774 } });
      expect(zip).toEqual(JSON.parse(await readFile(join(site, 'api/v1/zip/55104.json'), 'utf8')));
      const county = structured(await client.callTool({ name: 'get_county', arguments: { county: 'Saint Louis County' } }));
      expect(county).toMatchObject({ county_slug: 'st-louis', zip_count: 47, medians: { fmr2: 1120 } });
      expect(stderr()).toContain(`mnrent-mcp: 911 ZIP codes, generated 2026-01-01T00:00:00Z, from ${nginx.url}`);
      expect(client.getServerVersion()?.version).toBe(PACKAGE_VERSION);
    } finally {
      await client.close();
    }
  });

  it.each([['18.20.8'], ['22.23.3'], ['24 (the project\'s own)']])('runs on Node %s', async (version) => {
    const binary = version.startsWith('24') ? process.execPath : await nodeOfVersion(version);
    const { client } = await connect(binary, [join(mcpHome, 'node_modules/mnrent-mcp', MCP_BIN), '--dir', site], mcpHome);
    try {
      expect(structured(await client.callTool({ name: 'dataset_info', arguments: {} }))).toMatchObject({ counts: { zips: 911, counties: 87 } });
      expect(structured(await client.callTool({ name: 'get_zip', arguments: { zip: 55803 } }))).toMatchObject({ city: 'Duluth' });
    } finally {
      await client.close();
    }
  });

  it('serves Streamable HTTP on Node 18, the oldest it supports', async () => {
    const port = await freePort();
    const child = spawn(await nodeOfVersion('18.20.8'), [join(mcpHome, 'node_modules/mnrent-mcp', MCP_BIN), '--dir', site, '--http', '--port', String(port)], { env: userEnv(), stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      await new Promise<void>((resolve, reject) => {
        let seen = '';
        child.stderr.on('data', (d: Buffer) => ((seen += d.toString()), seen.includes('Streamable HTTP at') && resolve()));
        child.once('exit', (code) => reject(new Error(`exited ${String(code)}: ${seen}`)));
      });
      const client = new Client({ name: 'mnrent-package-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${String(port)}/mcp`)));
      expect(structured(await client.callTool({ name: 'get_zip', arguments: { zip: '55104' } }))).toMatchObject({ fmr: { br2: 1530 } });
      await client.close();
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('reads the site it was packed from when given no flag', async () => {
    const { stdout } = await run('npx', ['mnrent-mcp', '--help'], { cwd: mcpHome, env: userEnv() });
    expect(stdout).toContain(`(default: ${TEST_SITE})`);
    // The test site is not served anywhere: the one line names where it looked, and the exit is 1.
    const child = spawn('npx', ['mnrent-mcp'], { cwd: mcpHome, env: userEnv(), stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    // npx itself may warn about this machine's npm configuration; the server's own output is one line.
    const own = stderr.trim().split('\n').filter((line) => !line.startsWith('npm warn'));
    expect(own).toEqual([expect.stringMatching(new RegExp(`^mnrent-mcp: cannot read the built API at ${TEST_SITE}: `))]);
    expect(code).toBe(1);
  });

  it('carries server.json for the MCP registry, a README with an answer, the vintage and the attribution', async () => {
    const pkg = join(mcpHome, 'node_modules/mnrent-mcp');
    const manifest = JSON.parse(await readFile(join(pkg, 'package.json'), 'utf8')) as { mcpName: string };
    const server = JSON.parse(await readFile(join(pkg, 'server.json'), 'utf8')) as Record<string, unknown> & { name: string; description: string; packages: Record<string, unknown>[] };
    expect(server).toMatchObject({ $schema: SERVER_SCHEMA, name: 'net.example.rent/mnrent', version: PACKAGE_VERSION });
    // The registry's rules: one slash in the name, a description of at most 100 characters, a
    // concrete package version, and package.json's mcpName equal to the name.
    expect(server.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    expect(server.description.length).toBeLessThanOrEqual(100);
    expect(server.packages).toEqual([expect.objectContaining({ registryType: 'npm', identifier: 'mnrent-mcp', version: PACKAGE_VERSION, transport: { type: 'stdio' }, runtimeHint: 'npx' })]);
    expect(manifest.mcpName).toBe(server.name);

    const readme = await readFile(join(pkg, 'README.md'), 'utf8');
    const meta = JSON.parse(await readFile(join(site, 'api/v1/meta.json'), 'utf8')) as { meta: { attribution: string } };
    expect(readme).toContain(`> ${meta.meta.attribution}`);
    expect(readme).toContain('HUD Small Area FMR FY2026, Zillow Observed Rent Index through 2023-10');
    expect(readme).toContain('> ZIP 55104, Saint Paul (Ramsey County');
    for (const snippet of ['"command": "npx"', '"-y",\n', '"mnrent-mcp"', 'npx @modelcontextprotocol/inspector npx -y mnrent-mcp', '.vscode/mcp.json']) expect(readme).toContain(snippet);
    const licences = await readFile(join(pkg, 'THIRD_PARTY_LICENSES.txt'), 'utf8');
    expect(licences).toMatch(/^@modelcontextprotocol\/sdk@\d/m);
    expect(licences).toMatch(/^zod@4/m);
  });
});

/** What the 20-line program prints, worked out from the build's files (55104, St. Louis county, section-8). */
const PROGRAM_ANSWER = {
  city: 'Saint Paul', fmr2: 1530, market: 1774, competitive: false,
  countyZips: 47, countyFmr2: 1120,
  indexCount: 911, section8Rows: 108, competitiveCount: 79,
  zips: 911, generated: '2026-01-01T00:00:00Z', missing: true, changed: false,
  // voucherFit, 3 persons, $40,000, one child, a unit at $1,500 (the default deductions, before HOTMA's: $480 a
  // dependent): adjusted $39,520, TTP $39,520 / 40 = $988 (with HOTMA's $500: $39,500, $987.50 → $988 as well);
  // 2-bedroom Small Area FMR $1,530 ≥ $1,500, so the housing authority pays $1,500 − $988 = $512.
  ttp: 988, familyShare: 988, hap: 512, passes: true,
};

describe('mnrent-client, installed from its tarball alone', () => {
  const tsc = join(PROJECT_ROOT, 'node_modules/typescript/bin/tsc');
  const tsconfig = { compilerOptions: { strict: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM'], types: [], outDir: 'out' }, files: ['main.ts'] };

  async function compile(program: string) {
    await writeFile(join(clientHome, 'main.ts'), program);
    await writeFile(join(clientHome, 'tsconfig.json'), JSON.stringify(tsconfig));
    await writeFile(join(clientHome, 'package.json'), '{ "name": "user", "private": true, "type": "module" }\n');
    return run(node, [tsc, '-p', clientHome], { cwd: clientHome, env: userEnv() });
  }

  it('types a 20-line program under tsc --strict that reads a ZIP, a county, the index, section-8 and meta, and answers a household with voucherFit', async () => {
    await compile(
      [
        "import { createRentClient, voucherFit, type ZipDetail } from 'mnrent-client';",
        '',
        `const rent = createRentClient({ baseUrl: '${nginx.url}' });`,
        "const zip: ZipDetail | undefined = await rent.zip('55104');",
        "if (!zip) throw new Error('55104 is published');",
        "const county = await rent.county('st-louis');",
        'const index = await rent.index();',
        'const section8 = await rent.sectionEight();',
        'const meta = await rent.meta();',
        "const missing = await rent.zip('99999');",
        'const again = await rent.changedSince(meta.meta.generated_at);',
        'const fit = voucherFit(zip, { household_size: 3, annual_income: 40_000, dependents: 1, rent_to_owner: 1_500 });',
        'console.log(JSON.stringify({',
        '  city: zip.city, fmr2: zip.fmr.br2, market: zip.zori_latest?.rent ?? null, competitive: zip.voucher_competitive,',
        '  countyZips: county?.zip_count, countyFmr2: county?.medians.fmr2,',
        '  indexCount: index.count, section8Rows: section8.rows.length, competitiveCount: section8.summary.voucher_competitive_count,',
        '  zips: meta.counts.zips, generated: meta.meta.generated_at, missing: missing === undefined, changed: again.changed,',
        '  ttp: fit.total_tenant_payment, familyShare: fit.small_area?.family_share, hap: fit.small_area?.housing_assistance_payment, passes: fit.small_area?.passes_40_percent,',
        '}));',
        '',
      ].join('\n'),
    );
    const { stdout } = await run(node, ['out/main.js'], { cwd: clientHome, env: userEnv() });
    expect(JSON.parse(stdout)).toEqual(PROGRAM_ANSWER);
  });

  // The compiled program of the test above, as it is, on the other runtimes the package names.
  it.each([
    ['Node 18', async () => [await nodeOfVersion('18.20.8'), 'out/main.js']],
    ['Deno', async () => [await deno(), 'run', '--allow-net', '--allow-read', '--allow-env', '--no-prompt', 'out/main.js']],
    ['Bun', async () => [await bun(), 'out/main.js']],
  ])('runs the same program on %s', async (_name, command: () => Promise<string[]>) => {
    const [binary, ...args] = await command();
    const scratch = await mkdtemp(join(tmpdir(), 'mnrent-runtime-'));
    try {
      const { stdout } = await run(binary as string, args, { cwd: clientHome, env: { ...userEnv(), DENO_DIR: scratch, BUN_INSTALL_CACHE_DIR: scratch, NO_COLOR: '1' } });
      expect(JSON.parse(stdout)).toEqual(PROGRAM_ANSWER);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it('runs in a browser: a page on another origin imports the package and reads the API across origins', async () => {
    const dist = join(clientHome, 'node_modules');
    // The page's module script, as a developer would write it; it leaves its answer on the title.
    const script = [
      "import { createRentClient } from 'mnrent-client';",
      `const rent = createRentClient({ baseUrl: '${nginx.url}' });`,
      "const zip = await rent.zip('55104');",
      "const again = await rent.zip('55104');",
      "const county = await rent.county('st-louis');",
      "const missing = (await rent.zip('99999')) === undefined;",
      'document.title = JSON.stringify({ city: zip?.city, fmr2: again?.fmr.br2, countyFmr2: county?.medians.fmr2, missing });',
    ].join('\n');
    const importMap = JSON.stringify({ imports: { 'mnrent-client': '/mnrent-client.js', 'openapi-fetch': '/openapi-fetch.js' } });
    const files: Record<string, [string, string]> = {
      '/': ['text/html', `<!doctype html><title>…</title><script type="importmap">${importMap}</script><script type="module">${script}</script>`],
      '/mnrent-client.js': ['text/javascript', await readFile(join(dist, 'mnrent-client/dist/index.js'), 'utf8')],
      '/openapi-fetch.js': ['text/javascript', await readFile(join(dist, 'openapi-fetch/dist/index.mjs'), 'utf8')],
    };
    // The page comes from another origin on loopback (Chrome keeps a public page from loopback
    // addresses), with the installed package's files; the API is nginx on its own port.
    const pageServer = await serveFiles(files);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const statuses: string[] = [];
      page.on('response', (r) => statuses.push(`${r.request().method()} ${new URL(r.url()).pathname} ${String(r.status())}`));
      await page.goto(`${pageServer.url}/`);
      await page.waitForFunction(() => document.title.startsWith('{'), undefined, { timeout: 10_000 }).catch(() => undefined);
      expect(errors).toEqual([]);
      const answer: unknown = JSON.parse(await page.title());
      // Cross-origin GETs, the second read of 55104 answered by the browser's cache or a 304.
      expect(statuses.filter((line) => line.startsWith('GET /api/'))).toEqual(expect.arrayContaining(['GET /api/v1/zip/55104.json 200', 'GET /api/v1/zip/99999.json 404']));
      expect(answer).toEqual({ city: 'Saint Paul', fmr2: 1530, countyFmr2: 1120, missing: true });
    } finally {
      await browser.close();
      await pageServer.close();
    }
  });

  it('refuses to compile a wrong field name', async () => {
    const failed = await compile(
      ["import { createRentClient } from 'mnrent-client';", `const zip = await createRentClient({ baseUrl: '${nginx.url}' }).zip('55104');`, 'console.log(zip?.fmr.br2, zip?.fair_market_rent);', ''].join('\n'),
    ).then(
      () => undefined,
      (error: unknown) => error as { stdout: string },
    );
    expect(failed?.stdout).toMatch(/main\.ts\(3,\d+\): error TS2339: Property 'fair_market_rent' does not exist on type/);
  });

  it('revalidates with If-None-Match: a second read of a file costs a 304, not its body', async () => {
    const statuses: number[] = [];
    const counting: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      statuses.push(response.status);
      return response;
    };
    const rent = createRentClient({ baseUrl: nginx.url, fetch: counting });
    const first = await rent.zip('55104');
    const second = await rent.zip('55104');
    expect(statuses).toEqual([200, 304]);
    expect(second).toEqual(first);
    expect(second?.fmr.br2).toBe(1530);
    const { changed } = await rent.changedSince('2025-12-01T00:00:00Z');
    expect(changed).toBe(true);
    const withoutCache = createRentClient({ baseUrl: nginx.url, fetch: counting, etag: false });
    statuses.length = 0;
    await withoutCache.meta();
    await withoutCache.meta();
    expect(statuses).toEqual([200, 200]);
  });

  it('throws RentApiError with the status for an answer that is neither 200 nor 404', async () => {
    const rent = createRentClient({ baseUrl: nginx.url, fetch: () => Promise.resolve(new Response('{"title":"Unavailable","status":503}', { status: 503, headers: { 'content-type': 'application/problem+json' } })) });
    await expect(rent.meta()).rejects.toMatchObject({ name: 'RentApiError', status: 503, problem: { title: 'Unavailable' } });
  });

  it('is generated from the built openapi.json: the committed types match it', async () => {
    const openapi = JSON.parse(await readFile(join(site, 'openapi.json'), 'utf8')) as object;
    expect(await clientTypes(openapi)).toBe(await readFile(join(PROJECT_ROOT, CLIENT_TYPES_FILE), 'utf8'));
  });
});
