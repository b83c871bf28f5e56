// npm run data:snapshot -- [--from DIR]: refreshes the snapshot the repository carries (data/snapshot):
// fetches the releases in effect into data/sources (npm run data:fetch), or takes the sources folder
// DIR as it is, then replaces each dataset the folder has files of, whole, and writes provenance.json
// anew. Nothing is committed: review the change with git status, then commit it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generationTime, DEFAULT_SOURCES_DIR, SNAPSHOT_DIR } from '../lib/dataset/options.ts';
import { ExpectedError } from '../lib/errors.ts';
import { readManifest } from '../lib/fetch/manifest.ts';
import { refreshedProvenance, SnapshotProvenance, type FetchedFile } from '../lib/fetch/snapshot.ts';
import { readLockfile } from '../lib/sources/lockfile.ts';
import { datasetFiles } from '../lib/sources/read-sources.ts';
import { DATASET_FOLDERS } from '../lib/sources/registry.ts';
import { runCommand, UsageError } from './command.ts';

const PROJECT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const USAGE = 'usage: npm run data:snapshot -- [--from DIR]   (without --from: npm run data:fetch into data/sources first, then take it)';

async function main(): Promise<number> {
  let from: string | undefined;
  try {
    ({ values: { from } } = parseArgs({ args: process.argv.slice(2), options: { from: { type: 'string' } } }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const sourcesDir = resolve(from ?? join(PROJECT, DEFAULT_SOURCES_DIR));
  if (from === undefined) {
    // A file that could not be fetched keeps the snapshot's copy of its dataset; a bad command line stops here.
    const download = spawnSync(process.execPath, [join(PROJECT, 'src', 'cli', 'fetch.ts'), '--sources', sourcesDir], { stdio: 'inherit' });
    if (download.status === 2 || download.status === null) return 2;
  }
  const snapshotDir = join(PROJECT, SNAPSHOT_DIR);
  const provenancePath = join(snapshotDir, 'provenance.json');
  const previous = SnapshotProvenance.parse(JSON.parse(await readFile(provenancePath, 'utf8')));
  const lock = readLockfile(sourcesDir);
  const fetched: FetchedFile[] = [];
  for (const dataset of DATASET_FOLDERS) {
    for (const name of datasetFiles(sourcesDir, dataset) ?? []) {
      const bytes = await readFile(join(sourcesDir, dataset, name));
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const locked = lock.files[`${dataset}/${name}`];
      fetched.push({ dataset, name, bytes: bytes.length, sha256, lock: locked?.sha256 === sha256 ? locked : undefined });
    }
  }
  if (fetched.length === 0) throw new ExpectedError(`${sourcesDir} holds no source file${from === undefined ? ' (nothing could be fetched, above)' : ''}: the snapshot is unchanged`);
  const manifest = await readManifest(join(PROJECT, 'data', 'sources.json'));
  const date = generationTime(process.env.SOURCE_DATE_EPOCH).slice(0, 10);
  const next = refreshedProvenance(previous, fetched, manifest.sources, date);
  const replaced = [...new Set(fetched.map((f) => f.dataset))];
  for (const dataset of replaced) {
    for (const old of previous.files.filter((f) => f.path.startsWith(`${dataset}/`))) await rm(join(snapshotDir, old.path), { force: true });
    await mkdir(join(snapshotDir, dataset), { recursive: true });
    for (const f of fetched.filter((x) => x.dataset === dataset)) await copyFile(join(sourcesDir, dataset, f.name), join(snapshotDir, dataset, f.name));
  }
  await writeFile(provenancePath, `${JSON.stringify(next, null, 2)}\n`);
  const kept = DATASET_FOLDERS.filter((d) => !replaced.includes(d));
  process.stderr.write(`mnrent data:snapshot: ${SNAPSHOT_DIR} now holds ${sourcesDir}'s ${replaced.join(', ')}${kept.length ? `; kept the snapshot's ${kept.join(', ')}` : ''}. Review with git status, then commit.\n`);
  return 0;
}

runCommand('mnrent data:snapshot', USAGE, main);
