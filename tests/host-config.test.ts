// The three ways the contract is stated for hosts must agree: nginx's block, _headers/_redirects
// (Netlify, Cloudflare Pages) and the preview server's headers.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import astroConfig from '../astro.config.mjs';
import { apiPath, ENDPOINTS } from '../src/lib/contract/schemas.ts';
import { BULK_DIR, BULK_TABLES, MEDIA_TYPES } from '../src/lib/contract/bulk-tables.ts';
import { problemPath } from '../src/lib/publication/problems.ts';
import { CHANGES_FEED_PATH } from '../src/lib/contract/routes.ts';
import { cspHash, inlineCodeOf } from '../src/lib/build/inline-code.ts';
import { CONTRACT_HEADERS, HOST_HEADERS_NGINX, IMMUTABLE_CACHE, NOT_FOUND_CACHE, securityHeaders, STRICT_TRANSPORT_SECURITY } from '../src/lib/serve/headers.ts';
import { withHeadersForEvery } from '../src/lib/serve/host-files.ts';
import { SHIPPED_CONF, serverBlock } from '../src/lib/serve/nginx.ts';
import { PROJECT_ROOT } from './helpers/paths.ts';

const nginx = await readFile(SHIPPED_CONF, 'utf8');
const headersFile = await readFile(join(PROJECT_ROOT, 'public/_headers'), 'utf8');
const redirectsFile = await readFile(join(PROJECT_ROOT, 'public/_redirects'), 'utf8');

/** `add_header Name "value" always;` lines whose value is a constant. */
function nginxConstantHeaders(conf: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const m of conf.matchAll(/^\s*add_header\s+([\w-]+)\s+"([^"$]*)"\s+always;/gm)) found[m[1] as string] = m[2] as string;
  return found;
}

/** The `_headers` format: a path line, then indented `Name: value` lines. */
function parseHeadersFile(text: string): Record<string, Record<string, string>> {
  const rules: Record<string, Record<string, string>> = {};
  let current: Record<string, string> | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    if (!/^\s/.test(line)) rules[line.trim()] = current = {};
    else if (current) {
      const [name, ...value] = line.trim().split(':');
      current[(name as string).trim()] = value.join(':').trim();
    }
  }
  return rules;
}

describe('host configurations', () => {
  it('nginx adds every contract header on every response (always), the cache by what is answered, and the build\'s security headers', () => {
    const { 'Cache-Control': cache, ...constant } = CONTRACT_HEADERS;
    expect(nginxConstantHeaders(nginx)).toEqual(constant);
    expect(nginx).toMatch(/add_header Cache-Control \$mnrent_cache_control always;/);
    const cacheMap = /map "\$status \$uri" \$mnrent_cache_control \{([^]*?)\n\}/.exec(nginx)?.[1] ?? '';
    expect(cacheMap).toContain(`"~^404 "                            "${NOT_FOUND_CACHE}";`);
    expect(cacheMap).toMatch(new RegExp(`_astro/"\\s+"${IMMUTABLE_CACHE}";`));
    expect(cacheMap).toMatch(new RegExp(`default\\s+"${cache}";`));
    expect(nginx).toContain(`on      "${STRICT_TRANSPORT_SECURITY['Strict-Transport-Security']}";`);
    expect(nginx).toMatch(new RegExp(`^\\s+include /var/www/mnrent/${HOST_HEADERS_NGINX};$`, 'm'));
  });

  it('_headers gains the security headers in its /* rule, each once, the rest kept', () => {
    const security = securityHeaders({ scripts: ['sha256-a'], styles: ['sha256-b'] });
    const once = withHeadersForEvery(headersFile, security);
    const twice = withHeadersForEvery(once, security);
    expect(twice).toBe(once);
    expect(parseHeadersFile(once)['/*']).toEqual({ ...CONTRACT_HEADERS, ...security });
    expect(parseHeadersFile(once)['/api/problems/*']).toEqual(parseHeadersFile(headersFile)['/api/problems/*']);
    expect(security['Content-Security-Policy']).toBe("default-src 'self'; script-src 'self' 'sha256-a'; style-src 'self' 'sha256-b'; img-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'");
  });

  it('hashes inline code as a browser reads it: comments, quoted attributes, data blocks and sources told apart', () => {
    const page = [
      '<!-- <script>not code</script> -->',
      '<style>a{color:red}</style>',
      '<script type="module" data-x="a > b">run()</script>',
      '<script type="application/ld+json">{"a":1}</script>',
      '<script type="application/json" id="fit-place">{}</script>',
      '<script src="/_astro/x.js" type="module"></script>',
      '<SCRIPT>upper()</SCRIPT >',
      '<p title="<style>">x</p>',
    ].join('\n');
    expect(inlineCodeOf(page)).toEqual({ scripts: [cspHash('run()'), cspHash('upper()')], styles: [cspHash('a{color:red}')], refused: undefined });
    expect(cspHash('')).toBe('sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
    for (const bad of ['<p style="color:red">', '<a onclick="go()">', '<a href="javascript:go()">', '<img src = \'javascript:x\'>']) expect(inlineCodeOf(bad).refused, bad).toBe(bad);
    expect(inlineCodeOf('<p data-style="x" title="onclick=1">').refused).toBeUndefined();
  });

  it('_headers states the same headers for every path, and one content type for each file under /api/', () => {
    const rules = parseHeadersFile(headersFile);
    expect(rules['/*']).toEqual({ ...CONTRACT_HEADERS });
    // Every endpoint, problem document and bulk file matches exactly one content-type rule (hosts join the values of two).
    const typeRules = Object.entries(rules).filter(([path]) => path !== '/*');
    const typeOf = (path: string) => {
      const matching = typeRules.filter(([rule]) => new RegExp(`^${rule.replace(/[.]/g, '\\.').replace('*', '.*')}$`).test(path));
      expect(matching.map(([rule]) => rule), path).toHaveLength(1);
      return matching[0]?.[1]['Content-Type'];
    };
    for (const endpoint of ENDPOINTS) expect(typeOf(apiPath(endpoint.operation_id, { zip: '55104', slug: 'st-louis' }))).toBe('application/json; charset=utf-8');
    expect(typeOf(problemPath(404))).toBe('application/problem+json; charset=utf-8');
    expect(typeOf(CHANGES_FEED_PATH)).toBe('application/atom+xml; charset=utf-8');
    for (const table of BULK_TABLES) {
      expect(typeOf(`${BULK_DIR}${table}.csv`)).toBe(MEDIA_TYPES.csv);
      expect(typeOf(`${BULK_DIR}${table}.parquet`)).toBe(MEDIA_TYPES.parquet);
    }
    expect(typeOf(`${BULK_DIR}datapackage.json`)).toBe(MEDIA_TYPES.json);
    expect(nginx).toMatch(/text\/csv csv;/);
    expect(nginx).toMatch(/application\/vnd\.apache\.parquet parquet;/);
    expect(nginx).toMatch(/charset_types [^;]*text\/csv/);
    expect(nginx).toMatch(/charset utf-8;/);
    expect(nginx).toMatch(/charset_types [^;]*application\/json/);
  });

  it('_redirects sends unknown /api/ paths to the same 404 document nginx serves', () => {
    const rules = redirectsFile.split('\n').filter((l) => l.trim() && !l.startsWith('#')).map((l) => l.trim().split(/\s+/));
    expect(rules).toEqual([['/api/*', problemPath(404), '404']]);
    expect(problemPath(404)).toBe('/api/problems/404.json');
    expect(nginx).toContain('/api/problems/$status.json;');
  });

  it('the preview server sends the same headers', () => {
    expect(astroConfig.server).toMatchObject({ headers: { ...CONTRACT_HEADERS } });
  });

  it('puts the folder and port in place of the shipped defaults, and brotli on when asked', () => {
    const conf = serverBlock(nginx, '/srv/site', '127.0.0.1:9000', true);
    expect(conf).toMatch(/^\s+listen 127\.0\.0\.1:9000;$/m);
    expect(conf).toMatch(/^\s+root \/srv\/site;$/m);
    expect(conf).toMatch(/^\s+brotli_static on;$/m);
    expect(serverBlock(nginx, '/srv/site', '127.0.0.1:9000', false)).toMatch(/^\s+# brotli_static on;$/m);
  });
});
