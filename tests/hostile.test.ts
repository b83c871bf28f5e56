// Hostile traffic against every way the built site is served (nginx with the shipped block, the
// Worker in workerd, Deno, and the agent server over HTTP), from one table of cases. Each case
// states the answer every host must give; where a host answers otherwise by design, the table says
// why. The folder served holds planted traps: symbolic links to /etc/passwd and /etc, a named pipe,
// and a secret beside the folder. The answers of every host are written to
// test-output/hostile-answers.md, the table of the note.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { publishedFiles } from '../src/lib/build/output-folder.ts';
import { HOST_HEADERS_JSON } from '../src/lib/serve/headers.ts';
import { runCommand } from './helpers/build.ts';
import { PROJECT_ROOT } from './helpers/paths.ts';
import { exchange, type RawAnswer, type RawExchange } from './helpers/raw-socket.ts';
import { borrowed, freePort, MCP_INITIALIZE, serveWithDeno, serveWithMcpHttp, serveWithNginx, type Served } from './helpers/servers.ts';

type Host = 'nginx' | 'edge' | 'deno' | 'mcp';
const HOSTS: readonly Host[] = ['nginx', 'edge', 'deno', 'mcp'];
const STATIC_HOSTS: readonly Host[] = ['nginx', 'edge', 'deno'];

const built = inject('builtSite');
const SECRET = inject('secretBesideSite');
const PASSWD = readFileSync('/etc/passwd', 'utf8').split('\n')[0] as string;

/** What a case requires of an answer, beyond its status. */
interface Expected {
  status: readonly number[];
  /** Text that must not appear in the answer (a file from outside the folder). */
  never?: readonly string[];
  /** A Location, when there is one, is a path of this site: `/x`, never `//host` or `/\host`. */
  location?: string;
  check?: (answer: RawAnswer, context: CaseContext) => void;
}

interface CaseContext {
  host: Host;
  /** The site's security headers as the build wrote them. */
  security: Record<string, string>;
  file: (path: string) => Buffer;
  /** The name of one of the build's hashed scripts under /_astro/. */
  asset: string;
}

interface Case {
  name: string;
  hosts: readonly Host[];
  request: RawExchange | ((context: CaseContext, base: string) => Promise<RawExchange>);
  expected: Expected;
  /** A host whose answer differs by design: what it gives, and why. */
  differs?: Partial<Record<Host, Expected & { why: string }>>;
}

const mustNotLeak = [SECRET, PASSWD];
const outside = { status: [400, 404], never: mustNotLeak } as const;
const siteLocation = (answer: RawAnswer) => {
  const location = answer.headers.location;
  if (location === undefined) return;
  expect(location, 'a Location on this site').toMatch(/^\/(?![/\\])/);
};
const JSON_RPC = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const rpc = (method: string, params: Record<string, unknown> = {}, id: number | string = 1) => ({ jsonrpc: '2.0', id, method, params });
const initialize = MCP_INITIALIZE;
const mcpPost = (body: unknown, headers: Record<string, string> = {}): RawExchange => ({ method: 'POST', target: '/mcp', headers: { ...JSON_RPC, ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
const MB = 1024 * 1024;
const CUT_IN_DEV = 'wrangler dev\'s local proxy (miniflare\'s ProxyWorker) answers "Network connection lost" before the Worker runs, and goes on serving';
/** Over the agent server's 1 MiB limit. */
const OVERSIZED = JSON.stringify({ ...initialize, params: { ...initialize.params, padding: 'x'.repeat(1.2 * MB) } });
const PUBLIC_AGENT = 'a public deployment\'s agent server: any origin and host may call it (CORS *), its data is public';

const CASES: readonly Case[] = [
  // Paths that climb out of the folder, in every encoding.
  { name: 'traversal: /../../secret.txt', hosts: STATIC_HOSTS, request: { target: '/../../secret.txt' }, expected: outside },
  { name: 'traversal: %2e%2e segments', hosts: STATIC_HOSTS, request: { target: '/%2e%2e/%2e%2e/secret.txt' }, expected: outside },
  { name: 'traversal: double-encoded %252e', hosts: STATIC_HOSTS, request: { target: '/%252e%252e/%252e%252e/secret.txt' }, expected: outside },
  { name: 'traversal: encoded slashes ..%2f', hosts: STATIC_HOSTS, request: { target: '/api/v1/zip/..%2f..%2f..%2f..%2fsecret.txt' }, expected: outside },
  { name: 'traversal: encoded backslashes ..%5c', hosts: STATIC_HOSTS, request: { target: '/..%5c..%5csecret.txt' }, expected: outside },
  { name: 'traversal: raw backslashes', hosts: STATIC_HOSTS, request: { target: '/..\\..\\secret.txt' }, expected: outside },
  { name: 'traversal: overlong UTF-8 %c0%ae', hosts: STATIC_HOSTS, request: { target: '/%c0%ae%c0%ae/secret.txt' }, expected: outside },
  { name: 'a NUL in the path', hosts: STATIC_HOSTS, request: { target: '/api/v1/zip/55104.json%00.txt' }, expected: outside },
  { name: 'dot segments that stay inside are the file', hosts: STATIC_HOSTS, request: { target: '/api/v1/%2e%2e/v1/meta.json' }, expected: { status: [200], check: (a, c) => expect(a.body.equals(c.file('api/v1/meta.json'))).toBe(true) } },
  // Redirects never leave the site.
  { name: 'open redirect: //evil.example/%2e%2e%2fzip/55104', hosts: STATIC_HOSTS, request: { target: '//evil.example/%2e%2e%2fzip/55104' }, expected: { status: [301, 404], check: siteLocation } },
  { name: 'open redirect: /\\evil.example/%2e%2e%2fzip/55104', hosts: STATIC_HOSTS, request: { target: '/\\evil.example/%2e%2e%2fzip/55104' }, expected: { status: [301, 404], check: siteLocation } },
  { name: 'open redirect: //evil.example', hosts: STATIC_HOSTS, request: { target: '//evil.example' }, expected: { status: [404], check: siteLocation } },
  { name: 'open redirect: /%2fevil.example/zip', hosts: STATIC_HOSTS, request: { target: '/%2fevil.example/zip' }, expected: { status: [301, 404], check: siteLocation } },
  { name: 'a folder without its slash: 301 to it', hosts: STATIC_HOSTS, request: { target: '/zip/55104?x=1' }, expected: { status: [301], check: (a) => expect(a.headers.location).toBe('/zip/55104/?x=1') } },
  { name: 'a file with a slash after it', hosts: STATIC_HOSTS, request: { target: '/api/v1/zip/55104.json/' }, expected: { status: [404] } },
  { name: 'a page with its slash', hosts: STATIC_HOSTS, request: { target: '/zip/55104/' }, expected: { status: [200] } },
  // Files that are not regular files of the folder.
  {
    name: 'a symbolic link to /etc/passwd',
    hosts: STATIC_HOSTS,
    request: { target: '/api/v1/zip/00001.json' },
    expected: { status: [404], never: mustNotLeak },
    differs: { edge: { status: [404], why: 'serve:edge refuses a folder holding a link (the Worker\'s assets are copies wrangler makes, following links); served here from the same folder without the traps' } },
  },
  { name: 'a symbolic link to /etc, and a file in it', hosts: STATIC_HOSTS, request: { target: '/etc-link/passwd' }, expected: { status: [404], never: mustNotLeak } },
  { name: 'a named pipe', hosts: STATIC_HOSTS, request: { target: '/api/v1/zip/00003.json', waitMs: 10_000 }, expected: { status: [404] } },
  { name: 'the build\'s files for hosts', hosts: STATIC_HOSTS, request: { target: `/${HOST_HEADERS_JSON}` }, expected: { status: [404] } },
  // Sizes, methods, ranges, conditions, encodings.
  { name: 'a URL of 20,000 characters', hosts: HOSTS, request: { target: `/zip/${'a'.repeat(20_000)}` }, expected: { status: [404, 414, 431] } },
  ...['POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'PROPFIND', 'BREW'].map(
    (method): Case => ({
      name: `${method} on a file: 405`,
      hosts: STATIC_HOSTS,
      request: { method, target: '/api/v1/zip/55104.json', ...(method === 'TRACE' ? {} : { body: '{}' }) },
      expected: { status: [405] },
      differs: method === 'TRACE' || method === 'BREW' ? { edge: { status: [405, 501], why: 'workerd\'s HTTP server answers an unknown or TRACE method with 501 before the Worker runs' }, deno: { status: [400, 405, 501], why: 'Deno\'s HTTP server refuses methods it does not know before the handler runs' } } : {},
    }),
  ),
  { name: 'OPTIONS: the CORS preflight', hosts: STATIC_HOSTS, request: { method: 'OPTIONS', target: '/api/v1/meta.json', headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' } }, expected: { status: [204], check: (a) => expect(a.headers['access-control-allow-origin']).toBe('*') } },
  { name: 'Range: the first ten bytes', hosts: STATIC_HOSTS, request: { target: '/api/v1/meta.json', headers: { range: 'bytes=0-9' } }, expected: { status: [200, 206] } },
  { name: 'Range: past the end', hosts: STATIC_HOSTS, request: { target: '/api/v1/meta.json', headers: { range: 'bytes=99999999-' } }, expected: { status: [200, 416] } },
  { name: 'Range: many ranges', hosts: STATIC_HOSTS, request: { target: '/api/v1/meta.json', headers: { range: `bytes=${Array.from({ length: 500 }, (_, i) => `${i}-${i}`).join(',')}` } }, expected: { status: [200, 206, 416] } },
  { name: 'If-None-Match: *', hosts: STATIC_HOSTS, request: { target: '/api/v1/meta.json', headers: { 'if-none-match': '*' } }, expected: { status: [304] } },
  {
    name: 'If-None-Match: the ETag, weak',
    hosts: STATIC_HOSTS,
    request: async (_c, base) => ({ target: '/api/v1/meta.json', headers: { 'if-none-match': `W/${(await exchange(base, { target: '/api/v1/meta.json' })).headers.etag?.replace(/^W\//, '')}` } }),
    expected: { status: [304] },
  },
  {
    name: 'If-None-Match: a list holding the ETag',
    hosts: STATIC_HOSTS,
    request: async (_c, base) => ({ target: '/api/v1/meta.json', headers: { 'if-none-match': `"nope", ${(await exchange(base, { target: '/api/v1/meta.json' })).headers.etag}` } }),
    expected: { status: [304] },
  },
  { name: 'If-None-Match: another ETag', hosts: STATIC_HOSTS, request: { target: '/api/v1/meta.json', headers: { 'if-none-match': '"nope"' } }, expected: { status: [200] } },
  ...(['gzip', 'br', 'gzip;q=0, br;q=0', 'identity', '*', 'br;q=0, gzip', 'deflate', 'x'.repeat(4000)] as const).map(
    (acceptEncoding): Case => ({
      name: `Accept-Encoding: ${acceptEncoding.slice(0, 30)}`,
      hosts: STATIC_HOSTS,
      request: { target: '/api/v1/index.json', headers: { 'accept-encoding': acceptEncoding } },
      expected: {
        status: [200],
        check: (a, c) => {
          const encoding = a.headers['content-encoding'];
          if (encoding !== undefined) {
            expect(acceptEncoding === '*' || acceptEncoding.split(',').some((part) => part.trim() === encoding), `${encoding} was asked for`).toBe(true);
            expect(a.headers.vary).toMatch(/accept-encoding/i);
          }
          expect(a.body.equals(c.file('api/v1/index.json')), 'the file, decoded').toBe(true);
        },
      },
    }),
  ),
  // Unknown values and the answers' headers.
  {
    name: 'an unknown ZIP: the JSON problem, cached briefly',
    hosts: STATIC_HOSTS,
    request: { target: '/api/v1/zip/00000.json' },
    expected: {
      status: [404],
      check: (a) => {
        expect(a.headers['content-type']).toBe('application/problem+json; charset=utf-8');
        expect(a.headers['cache-control']).toBe('public, max-age=300');
      },
    },
  },
  { name: 'an unknown county', hosts: STATIC_HOSTS, request: { target: '/api/v1/county/nowhere.json' }, expected: { status: [404], check: (a) => expect(JSON.parse(a.body.toString())).toMatchObject({ status: 404 }) } },
  { name: 'an unknown ZIP\'s page', hosts: STATIC_HOSTS, request: { target: '/zip/00000/' }, expected: { status: [404], check: (a) => expect(a.headers['content-type']).toMatch(/^text\/html/) } },
  {
    name: 'a page: every security header',
    hosts: STATIC_HOSTS,
    request: { target: '/zip/55104/' },
    expected: {
      status: [200],
      check: (a, c) => {
        for (const [name, value] of Object.entries(c.security)) expect(a.headers[name.toLowerCase()], name).toBe(value);
        expect(a.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
        // Plain HTTP here: HSTS is for the hosts that serve TLS. wrangler dev hands the Worker every
        // request as https (the zone it stands in for), so the Worker sends it; browsers ignore HSTS
        // over plain HTTP (RFC 6797, 8.1).
        expect(a.headers['strict-transport-security']).toBe(c.host === 'edge' ? 'max-age=31536000' : undefined);
        expect(a.headers['access-control-allow-origin']).toBe('*');
      },
    },
  },
  {
    name: 'a hashed asset: cached as immutable',
    hosts: STATIC_HOSTS,
    request: (c) => Promise.resolve({ target: `/_astro/${c.asset}` }),
    expected: { status: [200], check: (a) => expect(a.headers['cache-control']).toBe('public, max-age=31536000, immutable') },
  },
  // The agent server.
  { name: 'agent: a chunked body of 1.2 MB, no Content-Length', hosts: ['mcp', 'edge', 'deno'], request: { ...mcpPost(OVERSIZED), chunked: true }, expected: { status: [413] } },
  { name: 'agent: a Content-Length of 1.2 MB', hosts: ['mcp', 'edge', 'deno'], request: mcpPost(OVERSIZED), expected: { status: [413] } },
  { name: 'agent: a body cut short', hosts: ['mcp', 'edge', 'deno'], request: { ...mcpPost(initialize), headers: { ...JSON_RPC, 'content-length': '5000' }, cut: 40, waitMs: 8_000 }, expected: { status: [0, 400, 408] }, differs: { edge: { status: [500], why: CUT_IN_DEV } } },
  { name: 'agent: a chunked body cut short', hosts: ['mcp', 'edge', 'deno'], request: { ...mcpPost(OVERSIZED), chunked: true, cut: 300_000, waitMs: 8_000 }, expected: { status: [0, 400, 408, 413] }, differs: { edge: { status: [500], why: CUT_IN_DEV } } },
  { name: 'agent: malformed JSON', hosts: ['mcp', 'edge', 'deno'], request: mcpPost('{"jsonrpc": "2.0", "id": 1, "method": '), expected: { status: [400] } },
  { name: 'agent: JSON nested 100,000 deep', hosts: ['mcp', 'edge', 'deno'], request: mcpPost(`${'['.repeat(100_000)}${']'.repeat(100_000)}`), expected: { status: [400] } },
  { name: 'agent: a batch of 1,000 requests', hosts: ['mcp', 'edge', 'deno'], request: mcpPost(Array.from({ length: 1000 }, (_, i) => rpc('tools/list', {}, i))), expected: { status: [200, 400] } },
  {
    name: 'agent: a foreign Origin',
    hosts: ['mcp', 'edge', 'deno'],
    request: mcpPost(initialize, { origin: 'https://evil.example' }),
    expected: { status: [403] },
    differs: { edge: { status: [200], why: PUBLIC_AGENT }, deno: { status: [200], why: PUBLIC_AGENT } },
  },
  {
    name: 'agent: a foreign Host',
    hosts: ['mcp', 'edge', 'deno'],
    request: mcpPost(initialize, { host: 'evil.example' }),
    expected: { status: [403] },
    differs: { edge: { status: [200], why: PUBLIC_AGENT }, deno: { status: [200], why: PUBLIC_AGENT } },
  },
  {
    name: 'agent: get_zip of a symbolic link to /etc/passwd',
    hosts: ['mcp', 'deno'],
    request: mcpPost(rpc('tools/call', { name: 'get_zip', arguments: { zip: '00001' } })),
    expected: { status: [200], never: mustNotLeak },
  },
  { name: 'agent: GET /mcp', hosts: ['mcp'], request: { target: '/mcp' }, expected: { status: [405] } },
  { name: 'agent: a path other than /mcp', hosts: ['mcp'], request: { target: '//evil.example/mcp' }, expected: { status: [404], check: siteLocation } },
];

const answers = new Map<string, Map<Host, string>>();
let scratch: string;
let trapped: string;
const running = new Map<Host, Served & { child?: ChildProcess }>();
let security: Record<string, string>;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'mnrent-hostile-'));
  // A hard-linked copy of the built site with the traps. The Worker refuses such a folder: it is the
  // run's shared one, over the build itself, beside which the global set-up put the same secret.
  trapped = join(scratch, 'site');
  spawnSync('cp', ['-al', built, trapped], { stdio: 'inherit' });
  writeFileSync(join(scratch, 'secret.txt'), `${SECRET}\n`);
  symlinkSync('/etc/passwd', join(trapped, 'api/v1/zip/00001.json'));
  symlinkSync('/etc', join(trapped, 'etc-link'));
  spawnSync('mkfifo', [join(trapped, 'api/v1/zip/00003.json')]);
  security = (JSON.parse(readFileSync(join(built, HOST_HEADERS_JSON), 'utf8')) as { headers: Record<string, string> }).headers;
  const [nginx, deno, mcp] = await Promise.all([serveWithNginx(trapped), serveWithDeno(trapped), serveWithMcpHttp(trapped)]);
  running.set('nginx', nginx).set('edge', borrowed(inject('servers').edge)).set('deno', deno).set('mcp', mcp);
}, 120_000);

afterAll(async () => {
  await Promise.all([...running.values()].map((server) => server.stop()));
  const lines = ['| case | ' + HOSTS.join(' | ') + ' |', `|---|${HOSTS.map(() => '---').join('|')}|`];
  for (const [name, byHost] of answers) lines.push(`| ${name.replaceAll('|', '\\|')} | ${HOSTS.map((host) => byHost.get(host) ?? '–').join(' | ')} |`);
  mkdirSync(join(PROJECT_ROOT, 'test-output'), { recursive: true });
  writeFileSync(join(PROJECT_ROOT, 'test-output', 'hostile-answers.md'), `${lines.join('\n')}\n`);
  rmSync(scratch, { recursive: true, force: true });
});


describe.each(HOSTS)('%s under hostile traffic', (host) => {
  const context = (): CaseContext => ({
    host,
    security,
    file: (path) => readFileSync(join(built, path)),
    asset: readdirSync(join(built, '_astro')).find((name) => name.endsWith('.js')) ?? '',
  });
  for (const testCase of CASES.filter((c) => c.hosts.includes(host))) {
    it(testCase.name, async () => {
      const server = running.get(host);
      if (!server) throw new Error(`${host} did not start`);
      const ctx = context();
      const request = typeof testCase.request === 'function' ? await testCase.request(ctx, server.url) : testCase.request;
      const answer = await exchange(server.url, request);
      const expected = testCase.differs?.[host] ?? testCase.expected;
      const row = answers.get(testCase.name) ?? new Map<Host, string>();
      row.set(host, `${answer.status || 'closed'}${answer.headers.location ? ` → ${answer.headers.location}` : ''}`);
      answers.set(testCase.name, row);
      expect(expected.status, `${host}: ${testCase.name}`).toContain(answer.status);
      for (const text of expected.never ?? []) expect(answer.body.toString('latin1')).not.toContain(text);
      expect(answer.headers.location ?? '/', 'a Location on this site').toMatch(/^\/(?![/\\])/);
      expected.check?.(answer, ctx);
    });
  }

  it('still serves after every case', async () => {
    const server = running.get(host);
    if (!server) throw new Error(`${host} did not start`);
    if (server.child) expect(server.child.exitCode, 'the agent server is still running').toBeNull();
    const answer = host === 'mcp' ? await exchange(server.url, mcpPost(initialize)) : await exchange(server.url, { target: '/api/v1/meta.json' });
    expect(answer.status).toBe(200);
  });
});

describe('a folder that holds a symbolic link', () => {
  it('is refused before publishing, in one line naming it', () => {
    expect(() => publishedFiles(trapped, '/srv/site')).toThrow(/^\/srv\/site\/(api\/v1\/zip\/0000[13]\.json|etc-link): is (a symbolic link|not a regular file \(a device, socket or pipe\)); a published site holds regular files only/);
    expect(() => publishedFiles(built)).not.toThrow();
  });

  it('is refused by serve:edge in one line naming it', async () => {
    const run = await runCommand('src/cli/serve-edge.ts', ['--dir', trapped, '--port', String(await freePort())]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^serve:edge: .*(00001\.json|etc-link|00003\.json): is (a symbolic link|not a regular file)/);
  });
});
