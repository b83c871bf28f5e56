// A built folder as the static files an edge handler serves, for runtimes without a host's asset
// store (Deno Deploy, `deno serve`): a file by its URL path, index.html for a folder, a redirect to
// the slash, an ETag with 304 on If-None-Match, 404 for anything else. Reads through node:fs, which
// Node and Deno both have; never outside the folder.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import type { StaticFiles } from './edge.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.parquet': 'application/vnd.apache.parquet',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
};

export function folderFiles(dir: string): StaticFiles {
  const root = resolve(dir);
  const notFound = () => new Response('Not Found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return {
    async fetch(request) {
      const url = new URL(request.url);
      let path: string;
      try {
        path = decodeURIComponent(url.pathname);
      } catch {
        return notFound();
      }
      const file = resolve(root, `.${path}`);
      if (path.includes('\0') || (file !== root && !file.startsWith(root + sep))) return notFound();
      const info = await stat(file).catch(() => undefined);
      if (info?.isDirectory()) {
        if (!path.endsWith('/')) return new Response(null, { status: 307, headers: { location: `${url.pathname}/${url.search}` } });
        return this.fetch(new Request(new URL(`${url.pathname}index.html`, url), { headers: request.headers }));
      }
      if (!info?.isFile()) return notFound();
      const body = await readFile(file);
      const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;
      const headers = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', etag };
      if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
      return new Response(body, { status: 200, headers });
    },
  };
}

