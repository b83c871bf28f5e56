// The site's security headers as each host takes them, written by the build beside the pages it
// hashed: _host/security-headers.json for the edge handler (the Worker, Deno), an include of
// add_header lines for nginx, and the `/*` rule of _headers for Netlify and Cloudflare Pages. The
// policy itself is written once, in serve/headers.ts.
import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { ExpectedError } from '../errors.ts';
import { HOST_HEADERS_JSON, HOST_HEADERS_NGINX, type InlineHashes, securityHeaders, STRICT_TRANSPORT_SECURITY } from '../serve/headers.ts';
import { withHeadersForEvery } from '../serve/host-files.ts';
import { inlineCodeOf, joinHashes } from './inline-code.ts';

/** What HOST_HEADERS_JSON holds: the headers, and the hashes they were made from (a folder of states joins them). */
export interface HostHeaders {
  headers: Record<string, string>;
  hashes: InlineHashes;
}

/** The hashes of the pages' inline code; a page with an attribute no hash can allow is refused in one line. */
export function hashesOfPages(dir: string, files: readonly string[]): InlineHashes {
  return joinHashes(
    files
      .filter((file) => file.endsWith('.html'))
      .map((file) => {
        const code = inlineCodeOf(readFileSync(file, 'utf8'));
        if (code.refused !== undefined) throw new ExpectedError(`${relative(dir, file)}: ${code.refused}: the Content-Security-Policy allows no event handler, style attribute or javascript: URL; move it into a script or the stylesheet`);
        return code;
      }),
  );
}

/** nginx's include: the same headers on every answer; HSTS only where nginx itself serves TLS ($https). */
export function nginxInclude(headers: Record<string, string>): string {
  const quoted = (value: string) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  return [
    '# Written by `npm run build` from src/lib/serve/headers.ts and the hashes of this build\'s inline code.',
    '# src/serve/nginx/mnrent.conf includes it; reload nginx after each build.',
    ...Object.entries(headers).map(([name, value]) => `add_header ${name} ${quoted(value)} always;`),
    '',
  ].join('\n');
}

/** Writes the three forms of the site's security headers into the built folder `dir`. */
export async function writeHostHeaders(dir: string, hashes: InlineHashes): Promise<HostHeaders> {
  const headers = securityHeaders(hashes);
  const written: HostHeaders = { headers, hashes };
  await mkdir(dirname(join(dir, HOST_HEADERS_JSON)), { recursive: true });
  await writeFile(join(dir, HOST_HEADERS_JSON), `${JSON.stringify(written, null, 2)}\n`);
  await writeFile(join(dir, HOST_HEADERS_NGINX), nginxInclude(headers));
  // Netlify and Cloudflare Pages serve only over TLS: HSTS is theirs to send.
  const rules = await readFile(join(dir, '_headers'), 'utf8').catch(() => undefined);
  if (rules !== undefined) await writeFile(join(dir, '_headers'), withHeadersForEvery(rules, { ...headers, ...STRICT_TRANSPORT_SECURITY }));
  return written;
}

/** The hashes a built site's folder was published with (empty when it was built before them). */
export async function hashesOfBuilt(dir: string): Promise<InlineHashes> {
  const text = await readFile(join(dir, HOST_HEADERS_JSON), 'utf8').catch(() => undefined);
  return text === undefined ? { scripts: [], styles: [] } : (JSON.parse(text) as HostHeaders).hashes;
}
