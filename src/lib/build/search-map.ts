// nginx's part of the search form without JavaScript: the map from a query to its place
// (serve/search-landing.ts), written beside the security headers for the shipped block to include.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SEARCH_INDEX_PATH } from '../contract/routes.ts';
import { fromSearchIndex, type SearchIndex } from '../derive/search.ts';
import { HOST_SEARCH_NGINX } from '../serve/headers.ts';
import { nginxLandingMap } from '../serve/search-landing.ts';

/** The map of the site built in `dir` (its search index), for pages under `base` ('/' or '/wi/'). */
export async function writeSearchMap(dir: string, base: string): Promise<void> {
  const index = JSON.parse(await readFile(join(dir, SEARCH_INDEX_PATH), 'utf8')) as SearchIndex;
  await writeFile(join(dir, HOST_SEARCH_NGINX), nginxLandingMap(fromSearchIndex(index), index.state, base.replace(/\/$/, '')));
}

/**
 * A folder of states: every state's map in one, for the one block that serves them all. A state
 * folder without one (the index's files alone, `--index-only` in a deployment's front job, which
 * nginx does not serve) adds nothing.
 */
export async function joinSearchMaps(outDir: string, stateFolders: readonly string[]): Promise<void> {
  const maps = await Promise.all(
    stateFolders.map((folder) =>
      readFile(join(outDir, folder, HOST_SEARCH_NGINX), 'utf8').catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
        throw error;
      }),
    ),
  );
  await writeFile(join(outDir, HOST_SEARCH_NGINX), maps.join(''));
}
