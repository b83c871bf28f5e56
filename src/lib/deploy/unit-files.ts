// The units of a national deployment read from a folder of states (build:states) and their Wrangler
// configurations written beside it: the I/O around units.ts, for `npm run deploy:units` (checks
// and writes what a deploy uploads) and `npm run serve:edge` (runs the same Workers in workerd).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { ExpectedError } from '../errors.ts';
import { STATES } from '../states.ts';
import { frontWorkerConfig, stateWorkerConfig, type UnitContents } from './units.ts';

const run = promisify(execFile);

/** The state folders of DIR: `built` hold a whole build (a state Worker's assets); `indexed` at least its meta.json (the front binds them). */
export function stateFoldersIn(dir: string): { built: string[]; indexed: string[] } {
  const folders = STATES.map((s) => s.code.toLowerCase());
  return {
    built: folders.filter((f) => existsSync(join(dir, f, 'index.html')) && existsSync(join(dir, f, 'api/v1/meta.json'))),
    indexed: folders.filter((f) => existsSync(join(dir, f, 'api/v1/meta.json'))),
  };
}

/** Files and the largest of them, as a version would upload the folder. */
export async function assetContents(folder: string): Promise<Pick<UnitContents, 'files' | 'largest'>> {
  let files = 0;
  let largest = { path: '', bytes: 0 };
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = `/${relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/')}`;
    files++;
    const { size } = await stat(join(entry.parentPath, entry.name));
    if (size > largest.bytes) largest = { path, bytes: size };
  }
  return { files, largest };
}

/**
 * The root's own files, which the front Worker holds: everything of DIR but the state folders and the
 * rule files for other hosts. Copied into a folder of their own: Wrangler reads every file under an
 * assets directory before it applies an .assetsignore (eight minutes for the whole country here).
 */
const NOT_FOR_THE_FRONT = new Set([...STATES.map((s) => s.code.toLowerCase()), '_headers', '_redirects', '.mnrent-states']);

/** The configurations written: the front's (when DIR has the root's files) with its assets folder, and each state's. */
export interface UnitConfigs {
  front: { config: string; assets: string } | undefined;
  states: { folder: string; config: string }[];
}

/**
 * Writes `<state>.jsonc` into `out` for the states of `dir` (all of them, or `only`), a state Worker
 * for each whole build; and `front.jsonc` when `dir` has the root's files (build:states), the front
 * bound to every state it can reach. A state's job in the workflow has its own build alone.
 */
export async function writeUnitConfigs(projectRoot: string, dir: string, out: string, only?: readonly string[]): Promise<UnitConfigs> {
  const { built, indexed } = stateFoldersIn(dir);
  const pick = (folders: string[]) => (only ? folders.filter((f) => only.includes(f)) : folders);
  for (const code of only ?? []) if (!built.includes(code)) throw new ExpectedError(`${join(dir, code)} holds no whole build of that state: run build:states for it first`);
  const hasRoot = existsSync(join(dir, 'index.html'));
  if (!hasRoot && pick(built).length === 0) throw new ExpectedError(`${dir} holds no state's build and no index.html at its root: run build:states (or --index-only) on it first`);
  await mkdir(out, { recursive: true });
  const from = (path: string) => relative(out, path).split(sep).join('/');
  const worker = (name: string) => from(join(projectRoot, 'src/serve/edge', name));
  const written: UnitConfigs = { front: hasRoot ? { config: join(out, 'front.jsonc'), assets: join(out, 'front') } : undefined, states: [] };
  const header = '// Written by `npm run deploy:units` (src/lib/deploy/units.ts); written again on every deploy.\n';
  for (const folder of pick(built)) {
    const config = join(out, `${folder}.jsonc`);
    await writeFile(config, `${header}${JSON.stringify(stateWorkerConfig(folder, { main: worker('state-worker.ts'), assets: from(join(dir, folder)) }), null, 2)}\n`);
    written.states.push({ folder, config });
  }
  // Locally (serve:edge with --states), the front binds only the state Workers that run.
  const bound = only ? pick(built) : indexed;
  if (written.front) {
    await rm(written.front.assets, { recursive: true, force: true });
    await mkdir(written.front.assets);
    for (const name of await readdir(dir)) if (!NOT_FOR_THE_FRONT.has(name)) await cp(join(dir, name), join(written.front.assets, name), { recursive: true });
    await writeFile(written.front.config, `${header}${JSON.stringify(frontWorkerConfig(bound, { main: worker('front-worker.ts'), assets: from(written.front.assets) }), null, 2)}\n`);
  }
  return written;
}

/** The Worker's script as `wrangler deploy --dry-run` bundles it, gzip-compressed, as Cloudflare counts its size. */
export async function workerScriptBytes(projectRoot: string, config: string): Promise<number> {
  const bundle = await mkdtemp(join(tmpdir(), 'mnrent-bundle-'));
  try {
    await run(process.execPath, [join(projectRoot, 'node_modules/wrangler/bin/wrangler.js'), 'deploy', '--dry-run', '--config', config, '--outdir', bundle], {
      cwd: projectRoot,
      env: { ...process.env, WRANGLER_LOG: 'error', WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_API_TOKEN: '', WRANGLER_LOG_PATH: join(projectRoot, 'node_modules/.cache/wrangler-logs') },
      maxBuffer: 16 * 1024 * 1024,
    });
    let bytes = 0;
    for (const entry of await readdir(bundle, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && /\.(m?js|cjs|wasm)$/.test(entry.name)) bytes += gzipSync(await readFile(join(entry.parentPath, entry.name))).length;
    }
    return bytes;
  } finally {
    await rm(bundle, { recursive: true, force: true });
  }
}
