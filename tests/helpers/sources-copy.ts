import { mkdir, readdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SNAPSHOT_SOURCES, snapshotDatasets } from './paths.ts';

/**
 * A sources folder of links to the real files under `dir`, with some files replaced by new
 * content (or left out with null), and optionally a whole dataset folder left out.
 */
export async function sourcesCopy(dir: string, replace: Record<string, string | Buffer | null> = {}, omitDataset?: string): Promise<string> {
  for (const dataset of snapshotDatasets()) {
    if (dataset === omitDataset) continue;
    await mkdir(join(dir, dataset), { recursive: true });
    for (const file of await readdir(join(SNAPSHOT_SOURCES, dataset))) {
      const path = `${dataset}/${file}`;
      if (!(path in replace)) await symlink(join(SNAPSHOT_SOURCES, path), join(dir, path));
      else if (replace[path] !== null && replace[path] !== undefined) await writeFile(join(dir, path), replace[path]);
    }
  }
  return dir;
}
