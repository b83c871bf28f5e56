// A built folder on disk as the agent server's source (Node only; the edge reads its static assets).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApiSource } from './api-reader.ts';

export function folderSource(dir: string): ApiSource {
  return async (path) => {
    try {
      return await readFile(join(dir, path), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };
}
