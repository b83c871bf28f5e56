// npm run site -- [build options]: the main job, on any machine. When the publishers can be reached,
// fetch the releases in effect into the sources folder first (npm run data:fetch), then build; when
// none can (offline), build at once from what is here: the fetched sources over the snapshot the
// repository carries. Either way the last line names the vintages built and where they came from.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { vintagesInBrief } from '../lib/contract/service.ts';
import { MetaDoc } from '../lib/contract/schemas.ts';
import { DEFAULT_SOURCES_DIR, SNAPSHOT_DIR } from '../lib/dataset/options.ts';
import { readManifest } from '../lib/fetch/manifest.ts';
import { connectProbe, describeUnreachable, PROBE_TIMEOUT_MS, probeHosts } from '../lib/fetch/reachable.ts';
import { readFromSnapshot } from '../lib/sources/read-sources.ts';
import { DATASET_FOLDERS } from '../lib/sources/registry.ts';
import { BUILD_OPTIONS, runCommand } from './command.ts';

const PROJECT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const USAGE = 'usage: npm run site -- [--state XX] [any option of npm run build]   (fetches what the publishers have released, then builds; offline, builds from the sources here and the snapshot)';
const log = (line: string) => process.stderr.write(`${line}\n`);

/** Runs one of the project's commands with this Node, its output passed through; resolves to its exit code. */
function run(script: string, args: string[]): Promise<number> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(PROJECT, 'src', 'cli', script), ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', fail);
    child.once('exit', (code) => done(code ?? 1));
  });
}

/** Where the build read its datasets, by the build's own rule: the sources folder, the snapshot, or some of each. */
function whereFrom(sourcesDir: string | undefined): string {
  if (sourcesDir !== undefined) return `from ${sourcesDir}`;
  const folders = { sourcesDir: resolve(PROJECT, DEFAULT_SOURCES_DIR), snapshotDir: resolve(PROJECT, SNAPSHOT_DIR) };
  const fromSnapshot = DATASET_FOLDERS.filter((dataset) => readFromSnapshot(folders, dataset));
  if (fromSnapshot.length === DATASET_FOLDERS.length) return `from the snapshot in ${SNAPSHOT_DIR}`;
  return fromSnapshot.length === 0 ? `from ${DEFAULT_SOURCES_DIR}` : `from ${DEFAULT_SOURCES_DIR} and, for ${fromSnapshot.join(', ')}, the snapshot in ${SNAPSHOT_DIR}`;
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  // The build's own flags, refused here before any publisher is asked; the build checks their values.
  const { values } = parseArgs({ args: argv, strict: true, options: BUILD_OPTIONS });
  const state = values.state === undefined ? [] : ['--state', values.state];
  const outDir = resolve(values.outDir ?? 'dist');
  const sourcesDir = process.env.SOURCES_DIR || undefined;

  const manifest = await readManifest(join(PROJECT, 'data', 'sources.json'));
  const hosts = await probeHosts(manifest.sources.map((entry) => entry.url), connectProbe(PROBE_TIMEOUT_MS));
  const { offline, clause } = describeUnreachable(hosts);
  let fetched = 'newer releases were not checked: no publisher could be reached';
  if (offline) {
    log(`mnrent site: offline (${clause}); building from the sources here without checking for newer releases`);
  } else {
    const code = await run('fetch.ts', state);
    if (code === 2) return 2;
    fetched = code === 0 ? 'the releases in effect were fetched first' : 'some files could not be fetched (above): the copies here were used for them';
  }
  const built = await run('build.ts', argv);
  if (built !== 0) return built;
  const meta = MetaDoc.parse(JSON.parse(await readFile(join(outDir, 'api', 'v1', 'meta.json'), 'utf8')));
  const shown = relative(process.cwd(), outDir);
  log(`mnrent site: built ${shown === '' || shown.startsWith('..') ? outDir : shown} ${whereFrom(sourcesDir)} (${vintagesInBrief(meta.vintages)}); ${fetched}`);
  return 0;
}

runCommand('mnrent site', USAGE, main);
