// The one rule of every server that reads a built folder from disk (Deno's folderFiles in serve/,
// the agent server's folderSource in mcp/): only a regular file inside the folder, reached without a symbolic link.
// A link, a device, a socket or a path that climbs out is "no such file", never read. Node and Deno
// both have node:fs.
import { realpath, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';

export type FileInFolder = { kind: 'file' | 'folder'; path: string } | undefined;

/**
 * What `relative` (a path under the folder, `/`-separated, already decoded) names in `root`: a
 * regular file, a folder, or nothing. The real path must be the path itself: any symbolic link on
 * the way (the file, or a folder above it) makes it nothing.
 */
export async function entryInFolder(root: string, relative: string): Promise<FileInFolder> {
  if (relative.includes('\0')) return undefined;
  const base = await realpath(resolve(root)).catch(() => undefined);
  if (base === undefined) return undefined;
  const path = resolve(base, `.${sep}${relative}`);
  if (path !== base && !path.startsWith(base + sep)) return undefined;
  const real = await realpath(path).catch(() => undefined);
  if (real !== path) return undefined;
  const info = await stat(real).catch(() => undefined);
  if (info?.isFile()) return { kind: 'file', path: real };
  if (info?.isDirectory()) return { kind: 'folder', path: real };
  return undefined;
}
