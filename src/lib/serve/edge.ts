// The built site on an edge host that runs a function in front of its static files (a Cloudflare
// Worker with static assets, Deno): the HTTP contract of CONTRACT-NOTES for every file, as nginx's
// block keeps it, and the agent server at /mcp. A folder of states (build:states) is served the same
// way under each state's prefix (/wi/api/…, /wi/mcp). Web-standard Request and Response only.
import { ApiReader } from '../mcp/api-reader.ts';
import { answerMcp } from '../mcp/web.ts';
import { type Context, contextOf } from '../context.ts';
import { TRANSLATED } from '../languages.ts';
import { STATES } from '../states.ts';
import { CONTRACT_HEADERS } from './headers.ts';

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

function contractResponse(body: BodyInit | null, status: number, headers: HeadersInit): Response {
  const all = new Headers(headers);
  for (const [name, value] of Object.entries(CONTRACT_HEADERS)) all.set(name, value);
  return new Response(body, { status, headers: all });
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
 * The page of an error (404, 405) for a path: in the language its path is under (`/es/…` → /es/404/,
 * /es/errors/405/), of the state's folder where there is one; else the state's English one, else the root's.
 */
async function errorPage(files: StaticFiles, url: URL, status: 404 | 405): Promise<Response> {
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

async function problem(files: StaticFiles, url: URL, status: 404 | 405, extra: HeadersInit = {}): Promise<Response> {
  const doc = await ownOrRoot(files, url, `/api/problems/${status}.json`);
  return contractResponse(await doc.text(), status, { 'content-type': 'application/problem+json; charset=utf-8', ...Object.fromEntries(new Headers(extra)) });
}

/** The file a path names. */
async function staticFile(request: Request, files: StaticFiles, url: URL): Promise<Response> {
  const path = url.pathname;
  const conditional = request.headers.get('if-none-match');
  const get = (target: string) => files.fetch(new Request(`${url.origin}${target}`, { headers: conditional ? { 'if-none-match': conditional } : {} }));
  const response = await get(path);
  if (response.status === 404) {
    await response.body?.cancel();
    if (isApi(path)) return problem(files, url, 404);
    const page = await errorPage(files, url, 404);
    return contractResponse(page.body, 404, { 'content-type': 'text/html; charset=utf-8' });
  }
  const headers = new Headers(response.headers);
  const type = TYPES.find(([pattern]) => pattern.test(path))?.[1];
  if (type) headers.set('content-type', type);
  if (COMPRESSIBLE.test(path)) headers.set('vary', 'Accept-Encoding');
  if (request.method === 'HEAD') await response.body?.cancel();
  return contractResponse(request.method === 'HEAD' ? null : response.body, response.status, headers);
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
  const url = new URL(request.url);
  const prefix = prefixOf(url.pathname);
  if (url.pathname === `${prefix}${EDGE_MCP_PATH}`) {
    const api = assetReader(files, `${url.origin}${prefix}`);
    // Requests for several states share one isolate and interleave: each answer gets its own
    // request's context, made here from the state its API's meta.json names.
    let context: Context;
    try {
      context = contextOf((await api.meta()).state.code);
    } catch {
      // The root of a folder of states has no API of its own: each state's server is under its prefix.
      const body = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: `No agent server at ${url.pathname}: this deployment serves one under each state's path, such as /mn${EDGE_MCP_PATH}` }, id: null });
      return new Response(body, { status: 404, headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' } });
    }
    return answerMcp(request, api, context);
  }
  if (request.method === 'OPTIONS') {
    return contractResponse(null, 204, {
      'access-control-allow-methods': ALLOW,
      'access-control-allow-headers': request.headers.get('access-control-request-headers') ?? '',
      'access-control-max-age': '86400',
    });
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    if (isApi(url.pathname)) return problem(files, url, 405, { allow: ALLOW });
    const page = await errorPage(files, url, 405);
    return contractResponse(page.body, 405, { allow: ALLOW, 'content-type': 'text/html; charset=utf-8' });
  }
  return staticFile(request, files, url);
}
