// A built folder as the static files an edge handler serves, for runtimes without a host's asset
// store (Deno Deploy, `deno serve`): a regular file by its URL path, index.html for a path that ends
// in a slash and names a folder, the build's .br or .gz sibling when the request accepts it, an
// ETag, and 404 for anything else (a folder without its slash, a file with one, a symbolic link, a
// path outside the folder). Redirects and conditional requests are the edge handler's (edge.ts).
// Reads through node:fs, which Node and Deno both have.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { StaticFiles } from './edge.ts';
import { entryInFolder } from '../inside-folder.ts';

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

/** The build's siblings, best first, by the token of Accept-Encoding that asks for each. */
const SIBLINGS = [
  { token: 'br', ending: '.br' },
  { token: 'gzip', ending: '.gz' },
] as const;

/** Whether Accept-Encoding accepts `token` (present, and not with q=0). */
export function accepts(acceptEncoding: string, token: string): boolean {
  return acceptEncoding.split(',').some((part) => {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return name.trim() === token && (q === undefined || Number(q.slice(2)) > 0);
  });
}

export function folderFiles(dir: string): StaticFiles {
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
      const entry = await entryInFolder(dir, path);
      const wantsFolder = path.endsWith('/');
      if (entry === undefined || (entry.kind === 'folder') !== wantsFolder) return notFound();
      const filePath = entry.kind === 'folder' ? `${path}index.html` : path;
      const file = entry.kind === 'folder' ? await entryInFolder(dir, filePath) : entry;
      if (file?.kind !== 'file') return notFound();
      const acceptEncoding = request.headers.get('accept-encoding') ?? '';
      let body: Buffer<ArrayBuffer> | undefined;
      let encoding: string | undefined;
      for (const sibling of SIBLINGS) {
        if (!accepts(acceptEncoding, sibling.token)) continue;
        const found = await entryInFolder(dir, `${filePath}${sibling.ending}`);
        if (found?.kind !== 'file') continue;
        body = await readFile(found.path);
        encoding = sibling.token;
        break;
      }
      body ??= await readFile(file.path);
      const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;
      const headers: Record<string, string> = { 'content-type': TYPES[extname(file.path)] ?? 'application/octet-stream', etag };
      if (encoding) headers['content-encoding'] = encoding;
      return new Response(body, { status: 200, headers });
    },
  };
}
