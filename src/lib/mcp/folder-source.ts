// A built folder on disk as the agent server's source (Node only; the edge reads its static assets):
// only a regular file inside the folder, reached without a symbolic link (serve/inside-folder.ts).
import { readFile } from 'node:fs/promises';
import { entryInFolder } from '../inside-folder.ts';
import type { ApiSource } from './api-reader.ts';

export function folderSource(dir: string): ApiSource {
  return async (path) => {
    const entry = await entryInFolder(dir, `/${path}`);
    if (entry?.kind !== 'file') return undefined;
    try {
      return await readFile(entry.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };
}
