// The agent server at a URL: the Cloudflare Worker of wrangler.jsonc in workerd (npm run serve:edge),
// and the same handler on Deno (npm run serve:deno, the recipe for Deno Deploy), the run's shared
// servers over the shared build, asked by the MCP SDK's Streamable HTTP client, by the MCP
// Inspector's CLI and by a page on another origin in Chromium; their answers equal the built JSON and
// the stdio server's. A build for a deployment (--no-compress --mcp-url --report-url) says so in
// its documents. The HTTP contract of their files is checked with nginx's in http-contract.test.ts.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { launchChromium } from './helpers/chromium.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MetaDoc } from '../src/lib/contract/schemas.ts';
import { DEFAULT_REPORT_URL } from '../src/lib/dataset/options.ts';
import { TOOLS } from '../src/lib/mcp/tools/index.ts';
import { serverJson } from '../src/packages/mnrent-mcp/manifest.ts';
import { answerEdge } from '../src/lib/serve/edge.ts';
import { folderFiles } from '../src/lib/serve/folder-files.ts';
import { BUILD_TEST_TIMEOUT_MS, runBuild } from './helpers/build.ts';
import { overStdio } from './helpers/mcp-clients.ts';
import { PROJECT_ROOT, TEST_SITE } from './helpers/paths.ts';
import { freePort } from './helpers/servers.ts';
import { contextOf } from '../src/lib/context.ts';

const MCP_URL = `${TEST_SITE}/mcp`;
const REPORT_URL = 'https://translations.example.net/mnrent/';
const TOOL_NAMES = TOOLS.map((t) => t.name);
let scratch: string;
let site: string;
const readJson = async (path: string) => JSON.parse(await readFile(join(site, path), 'utf8')) as unknown;
const run = promisify(execFile);

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'mnrent-edge-'));
  site = join(scratch, 'dist');
  // Every language: the translated pages carry --report-url.
  const build = await runBuild({ outDir: site, languages: 'every', args: ['--no-compress', '--mcp-url', MCP_URL, '--report-url', REPORT_URL] });
  if (build.code !== 0) throw new Error(build.stderr);
}, BUILD_TEST_TIMEOUT_MS);
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('--report-url: where readers of a translated page report a mistake', () => {
  it('is in meta.json and in the notice of every translated page; without it, the project\'s issues (package.json\'s bugs.url)', async () => {
    expect(((await readJson('api/v1/meta.json')) as MetaDoc).translation_reports_url).toBe(REPORT_URL);
    for (const path of ['es/zip/55104/index.html', 'hmn/county/hennepin/index.html', 'so/errors/405/index.html']) {
      expect(await readFile(join(site, path), 'utf8'), path).toMatch(new RegExp(`<details class="notice translated">[^]*<a href="${REPORT_URL}">`));
    }
    const plain = JSON.parse(await readFile(join(inject('builtSite'), 'api/v1/meta.json'), 'utf8')) as MetaDoc;
    expect(plain.translation_reports_url).toBe(DEFAULT_REPORT_URL);
  });
});

describe('--mcp-url: the deployment announces where it serves the agent server', () => {
  it('in meta.json, llms.txt, llms-full.txt, /docs/ and the registry\'s server.json; a build without it announces none', async () => {
    const meta = (await readJson('api/v1/meta.json')) as MetaDoc;
    expect(meta.agent_server).toEqual({ url: MCP_URL, transport: 'streamable-http' });
    expect(await readFile(join(site, 'llms.txt'), 'utf8')).toContain(`- [Agent server at a URL](${MCP_URL}): Streamable HTTP`);
    const full = await readFile(join(site, 'llms-full.txt'), 'utf8');
    expect(full).toContain(`This deployment also serves it at ${MCP_URL}`);
    expect(full).toContain(`claude mcp add --transport http mnrent ${MCP_URL}`);
    expect(await readFile(join(site, 'docs/index.html'), 'utf8')).toContain(`This deployment serves it at <code>${MCP_URL}</code>`);
    expect(serverJson({ context: contextOf('MN'), version: '1.1.0', site: TEST_SITE, meta, tools: TOOLS, example: { zip: '55104', text: '' } }).remotes).toEqual([{ type: 'streamable-http', url: MCP_URL }]);
    const without = inject('builtSite');
    const plain = JSON.parse(await readFile(join(without, 'api/v1/meta.json'), 'utf8')) as MetaDoc;
    expect(plain.agent_server).toBeNull();
    expect(serverJson({ context: contextOf('MN'), version: '1.1.0', site: TEST_SITE, meta: plain, tools: TOOLS, example: { zip: '55104', text: '' } })).not.toHaveProperty('remotes');
    for (const file of ['llms.txt', 'llms-full.txt', 'docs/index.html']) expect(await readFile(join(without, file), 'utf8'), file).not.toContain(MCP_URL);
  });
});

describe('a folder of states in one isolate', () => {
  it("answers each request in its own state's words, even when requests for two states interleave", async () => {
    // Two state folders of the one built API; the second's meta.json says Wisconsin.
    const states = join(scratch, 'two-states');
    for (const code of ['mn', 'wi']) {
      await mkdir(join(states, code, 'api/v1'), { recursive: true });
      await cp(join(site, 'api/v1/index.json'), join(states, code, 'api/v1/index.json'));
    }
    const meta = (await readJson('api/v1/meta.json')) as MetaDoc;
    await writeFile(join(states, 'mn/api/v1/meta.json'), JSON.stringify(meta));
    await writeFile(join(states, 'wi/api/v1/meta.json'), JSON.stringify({ ...meta, state: { code: 'WI', name: 'Wisconsin', fips: '55' } }));
    const files = folderFiles(states);
    const ask = async (code: string, id: number) => {
      const body = JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_zip', arguments: { zip: '99999' } } });
      const request = new Request(`https://rent.example.net/${code}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body });
      const response = await answerEdge(request, files);
      return JSON.stringify(await response.json());
    };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => ask(i % 2 ? 'wi' : 'mn', i)));
    answers.forEach((answer, i) => expect(answer, String(i)).toContain(`no HUD Small Area FMR for it in ${i % 2 ? 'Wisconsin' : 'Minnesota'}`));
  });
});

describe.each([
  ['the Worker in workerd', 'edge'],
  ['Deno', 'deno'],
] as const)('the agent server at a URL: %s', (_, name) => {
  const edge = inject('servers')[name];
  const served = inject('builtSite');
  const readServed = async (path: string) => JSON.parse(await readFile(join(served, path), 'utf8')) as unknown;
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'mnrent-edge-tests', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${edge.url}/mcp`)));
  }, 120_000);
  afterAll(() => client.close());

  it('lists the same tools as the stdio server, and answers 55104 and st-louis with the built JSON, as stdio does', async () => {
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(TOOL_NAMES);
    const stdio = await overStdio(['--dir', served]);
    try {
      for (const [tool, args, file] of [
        ['get_zip', { zip: '55104' }, 'api/v1/zip/55104.json'],
        ['get_county', { county: 'st-louis' }, 'api/v1/county/st-louis.json'],
      ] as const) {
        const atEdge = await client.callTool({ name: tool, arguments: args });
        expect(atEdge.structuredContent, tool).toEqual(await readServed(file));
        expect(atEdge, tool).toEqual(await stdio.client.callTool({ name: tool, arguments: args }));
      }
      const fit = { zip: '55401', household_size: 3, annual_income: 40_000, bedrooms: 2 };
      expect(await client.callTool({ name: 'voucher_fit', arguments: fit })).toEqual(await stdio.client.callTool({ name: 'voucher_fit', arguments: fit }));
    } finally {
      await stdio.close();
    }
  });

  it('answers what a stateless public endpoint should: 413 over 1 MiB, 405 to GET and DELETE, batches and unknown methods as the transport does, 415 to a body that is not JSON', async () => {
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${edge.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body });
    const big = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(1_100_000) } }));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
    for (const method of ['GET', 'DELETE']) {
      const r = await fetch(`${edge.url}/mcp`, { method, headers: { accept: 'text/event-stream' } });
      expect(r.status, method).toBe(405);
      expect(r.headers.get('allow')).toBe('POST, OPTIONS');
      expect(await r.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
    }
    // A batch is answered as the transport answers one, message by message; an unknown method is -32601.
    const batch = await post(JSON.stringify([1, 2].map((id) => ({ jsonrpc: '2.0', id, method: 'tools/list', params: {} }))));
    expect(((await batch.json()) as { id: number }[]).map((m) => m.id)).toEqual([1, 2]);
    const unknown = await post(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'nope/nothing', params: {} }));
    expect(await unknown.json()).toEqual({ jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'Method not found' } });
    const text = await post('tools/list', { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    expect(text.headers.get('access-control-allow-origin')).toBe('*');
    // And it goes on answering.
    expect((await client.listTools()).tools).toHaveLength(TOOL_NAMES.length);
  });

  it("the MCP Inspector's CLI lists the tools at the URL", async () => {
    const { stdout } = await run(process.execPath, [join(PROJECT_ROOT, 'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js'), '--cli', `${edge.url}/mcp`, '--transport', 'http', '--method', 'tools/list'], { timeout: 60_000 });
    expect((JSON.parse(stdout) as { tools: { name: string }[] }).tools.map((t) => t.name)).toEqual(TOOL_NAMES);
  }, 90_000);

  describe('from a page on another origin, in Chromium', () => {
    let page: Server;
    let pageUrl: string;
    beforeAll(async () => {
      const port = await freePort();
      page = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>elsewhere</title>'));
      await new Promise<void>((resolve) => page.listen(port, '127.0.0.1', resolve));
      // localhost, not 127.0.0.1: another origin than the Worker's.
      pageUrl = `http://localhost:${port}/`;
    });
    afterAll(() => new Promise<void>((resolve) => page.close(() => resolve())));

    it('initializes and lists the tools across origins (preflight included)', async () => {
      const browser = await launchChromium();
      try {
        const tab = await browser.newPage();
        await tab.goto(pageUrl);
        const names = await tab.evaluate(async (endpoint) => {
          const call = async (body: unknown) => {
            const r = await fetch(endpoint, {
              method: 'POST',
              headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
              body: JSON.stringify(body),
            });
            return (await r.json()) as { result?: { tools?: { name: string }[]; serverInfo?: { name: string } } };
          };
          const init = await call({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'page', version: '1' } } });
          const list = await call({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
          return { server: init.result?.serverInfo?.name, tools: list.result?.tools?.map((t) => t.name) };
        }, `${edge.url}/mcp`);
        expect(names).toEqual({ server: 'mnrent', tools: TOOL_NAMES });
      } finally {
        await browser.close();
      }
    });
  });
});
