// The built site on an edge host that runs a function in front of its static files (a Cloudflare
// Worker with static assets, Deno): the HTTP contract of CONTRACT-NOTES for every file, as nginx's
// block keeps it, and the agent server at /mcp. A folder of states (build:states) is served the same
// way under each state's prefix (/wi/api/…, /wi/mcp). Web-standard Request and Response only.
import { ApiReader } from '../mcp/api-reader.ts';
import { answerMcp } from '../mcp/web.ts';
import { type Context, contextOf } from '../context.ts';
import { TRANSLATED } from '../languages.ts';
import { STATES } from '../states.ts';
import { SEARCH_INDEX_PATH } from '../contract/routes.ts';
import { fromSearchIndex, type SearchIndex } from '../derive/search.ts';
import { searchLanding } from './search-landing.ts';
import { CONTRACT_HEADERS, HASHED_ASSETS, HOST_FOLDER, HOST_HEADERS_JSON, IMMUTABLE_CACHE, NOT_FOUND_CACHE, securityHeaders, STRICT_TRANSPORT_SECURITY } from './headers.ts';

/** Where the agent server answers on a deployment (under a state's prefix in a folder of states). */
const EDGE_MCP_PATH = '/mcp';

/** The state prefix of a path in a folder of states (`/wi`), or '' at a single state's root. */
const prefixOf = (path: string) => {
  const segment = /^\/([a-z]{2})(?=\/)/.exec(path)?.[1];
  return segment && STATES.some((s) => s.code.toLowerCase() === segment) ? `/${segment}` : '';
};

/** The static files: a Worker's ASSETS binding, or any function from a request to the file's response. */
export interface StaticFiles {
  fetch(request: Request): Promise<Response>;
}

const ALLOW = 'GET, HEAD, OPTIONS';
/** Types the contract names, by ending; other files keep the type the host gives them. */
const TYPES: [RegExp, string][] = [
  [/(^|\/)changes\.xml$/, 'application/atom+xml; charset=utf-8'],
  [/\.json$/, 'application/json; charset=utf-8'],
  [/\.txt$/, 'text/plain; charset=utf-8'],
  [/\.csv$/, 'text/csv; charset=utf-8'],
  [/\.parquet$/, 'application/vnd.apache.parquet'],
];
/**
 * Text the host compresses. A Worker sees every request's Accept-Encoding rewritten to "gzip, br",
 * so it cannot serve the build's .gz and .br siblings by what the client accepts: Cloudflare's edge
 * compresses by the client's own header instead (build with --no-compress for a Worker).
 */
const COMPRESSIBLE = /\.(json|txt|csv|xml|html|svg|js|css)$|\/$/;

const isApi = (path: string) => path.startsWith(`${prefixOf(path)}/api/`);

/**
 * A URL's path as a path of the folder: decoded, `\\` read as `/` (as browsers do), `.` and empty
 * segments dropped, `..` taking one back. Undefined when it climbs above the root or holds a NUL or
 * a bad escape. Every file read and every redirect is made from this form, so no Location starts
 * with `//` or `/\\` (which a browser follows to another host).
 */
export function normalisedPath(pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const segments: string[] = [];
  const parts = decoded.replaceAll('\\', '/').split('/');
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (segments.pop() === undefined) return undefined;
    } else segments.push(part);
  }
  const last = parts.at(-1);
  const trailing = segments.length > 0 && (last === '' || last === '.' || last === '..');
  return `/${segments.join('/')}${trailing ? '/' : ''}`;
}

/** A normalised path as a URL path again, each segment escaped (a decoded `?` or `#` stays in its segment). */
const encodedPath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

function contractResponse(body: BodyInit | null, status: number, headers: HeadersInit, security: Record<string, string>): Response {
  const all = new Headers(headers);
  for (const [name, value] of Object.entries(CONTRACT_HEADERS)) all.set(name, value);
  for (const [name, value] of Object.entries(security)) all.set(name, value);
  if (status === 404) all.set('cache-control', NOT_FOUND_CACHE);
  return new Response(body, { status, headers: all });
}

/** What one request is answered with: the files, its URL with the normalised path, and the site's security headers. */
interface Answering {
  files: StaticFiles;
  url: URL;
  security: Record<string, string>;
}

/** A file of the state's folder the path is under, else of the root (a state code that is no folder here). */
async function ownOrRoot(files: StaticFiles, url: URL, path: string): Promise<Response> {
  const prefix = prefixOf(url.pathname);
  const own = await files.fetch(new Request(`${url.origin}${prefix}${path}`));
  if (own.status !== 404 || prefix === '') return own;
  await own.body?.cancel();
  return files.fetch(new Request(`${url.origin}${path}`));
}

/**
 * The security headers the build wrote for this site (HOST_HEADERS_JSON), read on every request so a
 * rebuilt folder is served with its own hashes at once; HSTS where the request came over TLS. A
 * folder built without them (or a file that is no such JSON) gets the headers that need no hash.
 */
async function securityOf(files: StaticFiles, url: URL): Promise<Record<string, string>> {
  const tls = url.protocol === 'https:' ? STRICT_TRANSPORT_SECURITY : {};
  const file = await ownOrRoot(files, url, `/${HOST_HEADERS_JSON}`);
  const written = file.status === 200 ? await file.json().then((doc: { headers?: unknown }) => doc.headers, () => undefined) : await file.body?.cancel();
  if (written !== null && typeof written === 'object') return { ...(written as Record<string, string>), ...tls };
  const { 'Content-Security-Policy': _policy, ...rest } = securityHeaders({ scripts: [], styles: [] });
  return { ...rest, ...tls };
}

type ErrorStatus = 400 | 404 | 405;

/**
 * The page of an error (400, 404, 405) for a path: in the language its path is under (`/es/…` →
 * /es/404/, /es/errors/405/), of the state's folder where there is one; else the state's English
 * one, else the root's.
 */
async function errorPage({ files, url }: Answering, status: ErrorStatus): Promise<Response> {
  const state = prefixOf(url.pathname);
  const page = status === 404 ? '404/' : `errors/${status}/`;
  const segment = /^\/([a-z]{2,3})(?=\/)/.exec(url.pathname.slice(state.length))?.[1];
  if (segment && TRANSLATED.some((language) => language.code === segment)) {
    const translated = await files.fetch(new Request(`${url.origin}${state}/${segment}/${page}`));
    if (translated.status === 200) return translated;
    await translated.body?.cancel();
  }
  return ownOrRoot(files, url, status === 404 ? '/404.html' : `/${page}`);
}

async function problem(answering: Answering, status: ErrorStatus, extra: HeadersInit = {}): Promise<Response> {
  const doc = await ownOrRoot(answering.files, answering.url, `/api/problems/${status}.json`);
  return contractResponse(await doc.text(), status, { 'content-type': 'application/problem+json; charset=utf-8', ...Object.fromEntries(new Headers(extra)) }, answering.security);
}

/** An error answer: the JSON problem under /api/, else the page. */
async function errorAnswer(answering: Answering, status: ErrorStatus, extra: HeadersInit = {}): Promise<Response> {
  if (isApi(answering.url.pathname)) return problem(answering, status, extra);
  const page = await errorPage(answering, status);
  return contractResponse(page.body, status, { ...Object.fromEntries(new Headers(extra)), 'content-type': 'text/html; charset=utf-8' }, answering.security);
}

/** Whether If-None-Match names this ETag, compared weakly (RFC 9110, 13.1.2), or is `*`. */
export function matchesEtag(ifNoneMatch: string, etag: string | null): boolean {
  if (etag === null) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** A path whose last segment has no dot may be a folder asked for without its slash. */
const mayBeFolder = (path: string) => !path.endsWith('/') && !/\.[^/]*$/.test(path);

/** The file a path names. */
async function staticFile(request: Request, answering: Answering): Promise<Response> {
  const { files, url, security } = answering;
  const path = url.pathname;
  const get = (target: string) => files.fetch(new Request(`${url.origin}${target}`, { headers: { 'accept-encoding': request.headers.get('accept-encoding') ?? '' } }));
  if (mayBeFolder(path)) {
    // nginx's answer to a folder without its slash: a redirect to it, made from the normalised path.
    const folder = await get(`${path}/`);
    await folder.body?.cancel();
    if (folder.status === 200) return contractResponse(null, 301, { location: `${path}/${url.search}` }, security);
  }
  const response = await get(path);
  const location = response.headers.get('location');
  if (response.status !== 200) {
    await response.body?.cancel();
    // The asset store's own redirect (a Worker's /x/index.html → /x/), from the path already normalised.
    if (response.status >= 300 && response.status < 400 && location?.startsWith('/') && !/^\/[/\\]/.test(location)) return contractResponse(null, response.status, { location }, security);
    return errorAnswer(answering, 404);
  }
  const headers = new Headers(response.headers);
  const type = TYPES.find(([pattern]) => pattern.test(path))?.[1];
  if (type) headers.set('content-type', type);
  if (COMPRESSIBLE.test(path)) headers.set('vary', 'Accept-Encoding');
  const answer = (body: BodyInit | null, status: number) => {
    const done = contractResponse(body, status, headers, security);
    if (path.startsWith(`${prefixOf(path)}${HASHED_ASSETS}`)) done.headers.set('cache-control', IMMUTABLE_CACHE);
    return done;
  };
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch !== null && matchesEtag(ifNoneMatch, response.headers.get('etag'))) {
    await response.body?.cancel();
    for (const name of ['content-length', 'content-encoding']) headers.delete(name);
    return answer(null, 304);
  }
  if (request.method === 'HEAD') await response.body?.cancel();
  return answer(request.method === 'HEAD' ? null : response.body, 200);
}

/** The list of every ZIP by city, under a state's and a language's prefix: where the search form goes without JavaScript. */
const ZIPS_PAGE = /^((?:\/[a-z]{2})?(?:\/[a-z]{2,3})?)\/zips\/$/;

/**
 * The search form without JavaScript (/zips/?q=…): a query that names a place is sent on to it (303), by
 * the search the box runs, over the state's search index; otherwise undefined, and the list is served.
 */
async function searchRedirect({ files, url, security }: Answering, prefix: string): Promise<Response | undefined> {
  const query = url.searchParams.get('q')?.trim();
  const base = ZIPS_PAGE.exec(url.pathname)?.[1];
  if (!query || base === undefined) return undefined;
  const found = await files.fetch(new Request(`${url.origin}${prefix}${SEARCH_INDEX_PATH}`));
  if (found.status !== 200) {
    await found.body?.cancel();
    return undefined;
  }
  const index = (await found.json()) as SearchIndex;
  const target = searchLanding(fromSearchIndex(index), query, index.state);
  return target === undefined ? undefined : contractResponse(null, 303, { location: `${base}${target}` }, security);
}

/**
 * A reader of the built API from the static files themselves (`root`: the site's, or a state's): what
 * /mcp answers from. One per request: a Worker may not settle one request's promise (a cached read)
 * in another.
 */
function assetReader(files: StaticFiles, root: string): ApiReader {
  return new ApiReader(async (path) => {
    const response = await files.fetch(new Request(`${root}/${path}`));
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`${path} answered HTTP ${response.status}`);
    return response.text();
  }, { refreshMs: 0 });
}

/** Every request to the deployment; the agent server answers in the state of its API's meta.json. */
export async function answerEdge(request: Request, files: StaticFiles): Promise<Response> {
  const given = new URL(request.url);
  const path = normalisedPath(given.pathname);
  if (path === undefined) {
    // Above the root, a NUL, a bad escape: nginx's 400, with the root's page for it.
    const root = new URL('/', given);
    return errorAnswer({ files, url: root, security: await securityOf(files, root) }, 400);
  }
  const url = new URL(`${encodedPath(path)}${given.search}`, given.origin);
  const prefix = prefixOf(path);
  if (path === `${prefix}${EDGE_MCP_PATH}`) {
    const api = assetReader(files, `${url.origin}${prefix}`);
    // Requests for several states share one isolate and interleave: each answer gets its own
    // request's context, made here from the state its API's meta.json names.
    let context: Context;
    try {
      context = contextOf((await api.meta()).state.code);
    } catch {
      // The root of a folder of states has no API of its own: each state's server is under its prefix.
      const body = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: `No agent server at ${path}: this deployment serves one under each state's path, such as /mn${EDGE_MCP_PATH}` }, id: null });
      return new Response(body, { status: 404, headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' } });
    }
    return answerMcp(request, api, context);
  }
  // Read here, after /mcp: the agent server's JSON answers need no page policy.
  const answering: Answering = { files, url, security: await securityOf(files, url) };
  // The build's files for hosts are no page of the site.
  if (path.startsWith(`${prefix}/${HOST_FOLDER}/`)) return errorAnswer(answering, 404);
  if (request.method === 'OPTIONS') {
    return contractResponse(null, 204, {
      'access-control-allow-methods': ALLOW,
      'access-control-allow-headers': request.headers.get('access-control-request-headers') ?? '',
      'access-control-max-age': '86400',
    }, answering.security);
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') return errorAnswer(answering, 405, { allow: ALLOW });
  return (await searchRedirect(answering, prefix)) ?? staticFile(request, answering);
}
