// The HTTP contract (CONTRACT-NOTES, "HTTP") on a real nginx with the shipped block, on the preview
// server and on the Cloudflare Worker in workerd (npm run serve:edge), each on a loopback port, over
// the site built from the snapshot.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CONTRACT_HEADERS, NOT_FOUND_CACHE } from '../src/lib/serve/headers.ts';
import { rawRequest } from './helpers/raw-http.ts';
import { borrowed, serveWithNginx, serveWithPreview, type Served } from './helpers/servers.ts';

const site = inject('builtSite');
const SECRET = inject('secretBesideSite');

/**
 * What `npm run preview` cannot keep, and why. Astro's static preview is Vite's preview server (sirv),
 * and Astro drops user Vite plugins from it (its static preview server), so no
 * middleware can be added: only `server.headers`, applied to the files it serves, and Vite's CORS.
 */
const PREVIEW_GAPS = {
  charset: 'sirv sends application/json and text/plain without "; charset=utf-8"',
  methods: 'POST and other methods are answered like GET instead of 405',
  apiErrors: 'an unknown path under /api/ gets the site 404 page (HTML), not the JSON problem',
  errorHeaders: 'its 404 answers carry Vite\'s CORS header but not the cache and nosniff headers',
  languageErrors: 'it answers a missing page under /es/ with the English 404 page (a host serves each language its own)',
  parquet: 'sirv\'s MIME table (mrmime) has no .parquet, so it sends no application/vnd.apache.parquet',
  atom: 'sirv\'s MIME table sends .xml as XML, not as application/atom+xml',
  vary: 'it gzips on the fly without "Vary: Accept-Encoding", so a shared cache could hand gzip to a client that cannot read it',
} as const;

/**
 * What the Worker does its own way. A Worker sees every request's Accept-Encoding rewritten to
 * "gzip, br", so it cannot choose the build's .gz and .br siblings by what the client accepts: the
 * runtime compresses on the fly by the client's own header instead.
 */
const EDGE_GAPS = {
  siblings: 'the runtime compresses on the fly instead of sending the build\'s .gz and .br siblings',
  csv: 'workerd on this machine compresses JSON, HTML, plain text and XML, but not text/csv or Atom',
} as const;

const header = (r: { headers: Record<string, string | string[] | undefined> }, name: string) => {
  const v = r.headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : v;
};
/** The contract's headers; a 404 is cached for minutes, not the day (NOT_FOUND_CACHE). */
const expectContractHeaders = (r: { status: number; headers: Record<string, string | string[] | undefined> }) => {
  for (const [name, value] of Object.entries(CONTRACT_HEADERS)) expect(header(r, name), name).toBe(name === 'Cache-Control' && r.status === 404 ? NOT_FOUND_CACHE : value);
};

// nginx, the Worker and Deno are the run's shared servers over this build; the preview server is this file's own.
const shared = inject('servers');
describe.each([
  ['nginx', () => Promise.resolve(borrowed(shared.nginx))],
  ['preview', () => serveWithPreview(site)],
  ['edge', () => Promise.resolve(borrowed(shared.edge))],
  ['deno', () => Promise.resolve(borrowed(shared.deno))],
] as const)('%s', (name, start) => {
  let server: Served;
  const isPreview = name === 'preview';
  beforeAll(async () => {
    server = await start();
  }, 60_000);
  afterAll(() => server.stop());
  const get = (path: string, init: { method?: string; headers?: Record<string, string> } = {}) => rawRequest(server.url, path, init);

  it('serves a ZIP file as JSON with every contract header and an ETag', async () => {
    const r = await get('/api/v1/zip/55104.json');
    expect(r.status).toBe(200);
    expect(header(r, 'content-type')).toBe(isPreview ? 'application/json' : 'application/json; charset=utf-8'); // preview: PREVIEW_GAPS.charset
    expectContractHeaders(r);
    expect(header(r, 'etag')).toBeTruthy();
    expect(r.body.equals(await readFile(join(site, 'api/v1/zip/55104.json')))).toBe(true);
  });

  it('serves the bulk files as CSV and Parquet with every contract header, and CSV precompressed', async () => {
    const csv = await get('/api/v1/bulk/zips.csv');
    expect(csv.status).toBe(200);
    expect(header(csv, 'content-type')).toBe(isPreview ? 'text/csv' : 'text/csv; charset=utf-8'); // preview: PREVIEW_GAPS.charset
    expectContractHeaders(csv);
    expect(csv.body.equals(await readFile(join(site, 'api/v1/bulk/zips.csv')))).toBe(true);
    const parquet = await get('/api/v1/bulk/zips.parquet');
    expect(parquet.status).toBe(200);
    if (!isPreview) expect(header(parquet, 'content-type')).toBe('application/vnd.apache.parquet'); // preview: PREVIEW_GAPS.parquet
    expectContractHeaders(parquet);
    expect(parquet.body.subarray(0, 4).toString()).toBe('PAR1');
    const gz = await get('/api/v1/bulk/zips.csv', { headers: { 'accept-encoding': 'gzip' } });
    if (name === 'edge') expect(header(gz, 'content-encoding'), EDGE_GAPS.csv).toBeUndefined();
    else if (!isPreview) {
      expect(header(gz, 'content-encoding')).toBe('gzip');
      expect(gunzipSync(gz.body).equals(csv.body)).toBe(true);
    }
  });

  it('serves the change log\'s Atom feed as application/atom+xml, precompressed', async () => {
    const feed = await get('/changes.xml');
    expect(feed.status).toBe(200);
    if (!isPreview) expect(header(feed, 'content-type')).toBe('application/atom+xml; charset=utf-8'); // preview: PREVIEW_GAPS.atom
    expectContractHeaders(feed);
    expect(feed.body.equals(await readFile(join(site, 'changes.xml')))).toBe(true);
  });

    it('answers HEAD with the headers and no body', async () => {
    const r = await get('/api/v1/index.json', { method: 'HEAD' });
    expect(r.status).toBe(200);
    expect(r.body.length).toBe(0);
    expect(header(r, 'access-control-allow-origin')).toBe('*');
  });

  it('answers If-None-Match with 304, CORS included', async () => {
    const first = await get('/api/v1/meta.json');
    const r = await get('/api/v1/meta.json', { headers: { 'if-none-match': header(first, 'etag') as string } });
    expect(r.status).toBe(304);
    expect(header(r, 'access-control-allow-origin')).toBe('*');
    if (!isPreview) expectContractHeaders(r);
  });

  it('answers a CORS preflight with 204', async () => {
    const r = await get('/api/v1/meta.json', { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' } });
    expect(r.status).toBe(204);
    expect(header(r, 'access-control-allow-origin')).toBe('*');
    expect(header(r, 'access-control-allow-methods')?.replace(/\s/g, '')).toBe('GET,HEAD,OPTIONS');
    expect(header(r, 'access-control-max-age')).toBe('86400');
  });

  it('refuses other methods with 405 and Allow, as JSON under /api/', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const r = await get('/api/v1/zip/55104.json', { method });
      if (isPreview) {
        expect(r.status, `${method}: ${PREVIEW_GAPS.methods}`).toBe(200);
        continue;
      }
      expect(r.status).toBe(405);
      expect(header(r, 'allow')).toBe('GET, HEAD, OPTIONS');
      expect(header(r, 'content-type')).toBe('application/problem+json; charset=utf-8');
      expect(JSON.parse(r.body.toString())).toMatchObject({ status: 405, title: 'Method Not Allowed' });
      expectContractHeaders(r);
    }
  });

  it('refuses other methods on a page with 405 and the error page in the language of its path', async () => {
    if (isPreview) return;
    for (const [path, lang, title] of [['/zip/55104/', 'en', 'Method Not Allowed'], ['/es/zip/55104/', 'es', 'Método no permitido'], ['/hmn/county/hennepin/', 'hmn', 'Tsis pub ua li no']] as const) {
      const r = await get(path, { method: 'POST' });
      expect(r.status, path).toBe(405);
      expect(header(r, 'allow')).toBe('GET, HEAD, OPTIONS');
      expect(header(r, 'content-type')).toMatch(/^text\/html/);
      expect(r.body.toString(), path).toContain(`<html lang="${lang}">`);
      expect(r.body.toString(), path).toContain(`<h1>405 ${title}</h1>`);
    }
  });

  it('answers an unknown ZIP, an unknown county and a malformed value under /api/ with a JSON 404', async () => {
    for (const path of ['/api/v1/zip/99999.json', '/api/v1/county/atlantis.json', '/api/v1/zip/abc.json', '/api/v1/zip/55104', '/api/v2/index.json']) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(header(r, 'access-control-allow-origin')).toBe('*');
      if (isPreview) {
        expect(header(r, 'content-type'), `${path}: ${PREVIEW_GAPS.apiErrors}`).toMatch(/^text\/html/);
        expect(header(r, 'cache-control'), PREVIEW_GAPS.errorHeaders).toBeUndefined();
        continue;
      }
      expect(header(r, 'content-type')).toBe('application/problem+json; charset=utf-8');
      expect(JSON.parse(r.body.toString())).toEqual({ type: 'about:blank', title: 'Not Found', status: 404, detail: expect.stringContaining('/api/v1/index.json') });
      expectContractHeaders(r);
    }
  });

  it('answers an unknown page with the site 404 page', async () => {
    const r = await get('/no/such/page/');
    expect(r.status).toBe(404);
    expect(header(r, 'content-type')).toMatch(/^text\/html/);
    expect(r.body.toString()).toContain('<h1>Not found</h1>');
    // Under a translation's prefix, that language's 404 page.
    for (const [path, lang] of [['/es/zip/00000/', 'es'], ['/hmn/no/such/page/', 'hmn']] as const) {
      const translated = await get(path);
      expect(translated.status, path).toBe(404);
      expect(translated.body.toString(), isPreview ? PREVIEW_GAPS.languageErrors : path).toContain(isPreview ? '<html lang="en">' : `<html lang="${lang}">`);
    }
  });

  it('serves pages, text and XML with their types', async () => {
    const page = await get('/zip/55104/');
    expect(page.status).toBe(200);
    expect(header(page, 'content-type')).toMatch(/^text\/html/);
    const text = await get('/llms.txt');
    expect(header(text, 'content-type')).toBe(isPreview ? 'text/plain' : 'text/plain; charset=utf-8');
    expect((await get('/sitemap-index.xml')).status).toBe(200);
  });

  it('compresses with gzip for clients that accept it', async () => {
    const r = await get('/api/v1/index.json', { headers: { 'accept-encoding': 'gzip' } });
    expect(header(r, 'content-encoding')).toBe('gzip');
    if (isPreview) expect(header(r, 'vary'), PREVIEW_GAPS.vary).toBeUndefined();
    else expect(header(r, 'vary')).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(r.body).equals(await readFile(join(site, 'api/v1/index.json')))).toBe(true);
    if (!isPreview && name !== 'edge') expect(r.body.equals(await readFile(join(site, 'api/v1/index.json.gz')))).toBe(true);
    if (name === 'edge') expect(r.body.equals(await readFile(join(site, 'api/v1/index.json.gz'))), EDGE_GAPS.siblings).toBe(false);
  });

  it.skipIf(isPreview || name === 'edge')('serves the .br sibling to clients that accept brotli, when the module is there', async () => {
    const r = await get('/api/v1/index.json', { headers: { 'accept-encoding': 'br' } });
    if (!server.brotli) return expect(header(r, 'content-encoding')).toBeUndefined();
    expect(header(r, 'content-encoding')).toBe('br');
    expect(r.body.equals(await readFile(join(site, 'api/v1/index.json.br')))).toBe(true);
  });

  it('never reads outside the folder', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/api/..%2f..%2fsecret.txt', '/api/v1/%2e%2e/%2e%2e/%2e%2e/secret.txt', '/..%5csecret.txt', '/api/v1/zip/..\\..\\..\\secret.txt', '/api/v1/%00/../../secret.txt']) {
      const r = await get(path);
      expect(r.status, path).toBeGreaterThanOrEqual(400);
      expect(r.body.toString(), path).not.toContain(SECRET);
    }
  });
});

describe('nginx under fuzzing and load', () => {
  let server: Served;
  beforeAll(async () => {
    server = await serveWithNginx(site, 2);
  });
  afterAll(() => server.stop());

  it('never answers 5xx, never leaks a byte from outside the folder, always JSON on 4xx under /api/', async () => {
    const segment = fc.oneof(
      fc.constantFrom('api', 'v1', 'zip', 'county', 'problems', '55104.json', 'st-louis.json', 'index.json', 'secret.txt', 'etc', 'passwd', '..', '.', '', '%2e%2e', '%2E%2E', '%2e', '..%2f', '%2f', '%2F', '%5c', '\\', '..\\', '%00', '%', '%zz', '%c0%ae', ';', '?x=1', '#frag', '~', '*'),
      fc.string({ unit: 'grapheme', maxLength: 12 }).map(encodeURIComponent),
      fc.integer({ min: 1, max: 9000 }).map((n) => 'a'.repeat(n)),
    );
    const path = fc.tuple(fc.boolean(), fc.array(segment, { maxLength: 8 })).map(([api, parts]) => `${api ? '/api/' : '/'}${parts.join('/')}`);
    const headers = fc.record(
      {
        'accept-encoding': fc.constantFrom('gzip', 'br', 'gzip, br', 'identity', '*', 'x'),
        'if-none-match': fc.oneof(fc.constant('*'), fc.string({ maxLength: 20 }).map((s) => `"${s.replace(/["\\\r\n]/g, '')}"`)),
        range: fc.constantFrom('bytes=0-10', 'bytes=-5', 'bytes=999999-', 'bytes=abc'),
        origin: fc.constantFrom('https://app.example', 'null'),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(path, fc.constantFrom('GET', 'HEAD', 'POST', 'OPTIONS', 'PROPFIND'), headers, async (p, method, h) => {
        const r = await rawRequest(server.url, p, { method, headers: h });
        expect(r.status).toBeLessThan(500);
        expect(r.body.toString('latin1')).not.toContain(SECRET);
        expect(r.body.toString('latin1')).not.toContain('root:x:0:0');
        expect(header(r, 'access-control-allow-origin')).toBe('*');
        if (p.startsWith('/api/') && r.status >= 400 && method !== 'HEAD') {
          const body = header(r, 'content-encoding') === 'gzip' ? gunzipSync(r.body) : r.body;
          expect(header(r, 'content-type')).toBe('application/problem+json; charset=utf-8');
          expect(JSON.parse(body.toString())).toMatchObject({ status: r.status });
        }
      }),
      { numRuns: 400 },
    );
  }, 120_000);

  it('takes 5,000 requests over 100 connections on a mix of ZIP, county, index and missing paths: no error, no unexpected status', async () => {
    const expected: Record<string, number> = { '/api/v1/zip/55104.json': 200, '/api/v1/county/hennepin.json': 200, '/api/v1/index.json': 200, '/api/v1/zip/00000.json': 404, '/api/v1/county/nowhere.json': 404 };
    const unexpected: string[] = [];
    const result = await autocannon({
      url: server.url,
      connections: 100,
      // A count, not a duration: the same load on a fast machine and a busy one.
      amount: 5000,
      requests: Object.keys(expected).map((path) => ({
        path,
        method: 'GET',
        headers: { 'accept-encoding': 'gzip' },
        onResponse: (status: number) => {
          if (status !== expected[path] && unexpected.length < 10) unexpected.push(`${path} ${status}`);
        },
      })),
    });
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(unexpected).toEqual([]);
    expect(result.requests.total).toBe(5000);
    // Two of the five paths are 404s by design: 40% of the answers are non-2xx.
    expect(result.non2xx / result.requests.total).toBeCloseTo(0.4, 1);
  }, 60_000);
});
