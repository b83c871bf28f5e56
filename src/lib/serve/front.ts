// A national deployment on Cloudflare (docs/deployment.md): no Worker version may hold more than
// 20,000 asset files on the free plan (100,000 paid), and the states together hold some 200,000, so
// each state is its own Worker with its own build as assets, and a front Worker holds the root's
// files and hands `/xx/…` to state xx's Worker through a service binding (same thread, no network,
// no extra request billed). Web-standard Request and Response only.
import { answerEdge, type StaticFiles } from './edge.ts';

/** The front's service binding to state xx's Worker: `STATE_MN`. */
export const stateBindingName = (code: string) => `STATE_${code.toUpperCase()}`;

/**
 * Every request to the front: a path under a state with a Worker goes to that Worker as it came
 * (`/mn` alone is sent to `/mn/`); the rest (the root page, states.json, the national tables, a state
 * with no Worker) is answered from the front's own files with the same contract.
 */
export async function answerFront(request: Request, files: StaticFiles, stateWorker: (code: string) => StaticFiles | undefined): Promise<Response> {
  const url = new URL(request.url);
  const [, code, rest] = /^\/([a-z]{2})(\/|$)/.exec(url.pathname) ?? [];
  const worker = code === undefined ? undefined : stateWorker(code);
  if (code !== undefined && worker) {
    if (rest === '') return new Response(null, { status: 301, headers: { location: `/${code}/${url.search}`, 'cache-control': 'public, max-age=86400' } });
    return worker.fetch(request);
  }
  return answerEdge(request, files);
}

/**
 * A state Worker's assets, which are its build alone (paths from its root), as the files answerEdge
 * asks for under the state's path on the host (`/mn/zip/55104/` → `/zip/55104/`). A redirect the
 * assets answer (a folder without its slash) gets the path back in its Location.
 */
export function filesUnder(files: StaticFiles, path: string): StaticFiles {
  return {
    async fetch(request) {
      const url = new URL(request.url);
      if (!url.pathname.startsWith(`${path}/`)) return new Response('Not Found\n', { status: 404 });
      url.pathname = url.pathname.slice(path.length);
      const response = await files.fetch(new Request(url, request));
      const location = response.headers.get('location');
      if (!location?.startsWith('/')) return response;
      const headers = new Headers(response.headers);
      headers.set('location', `${path}${location}`);
      return new Response(response.body, { status: response.status, headers });
    },
  };
}
