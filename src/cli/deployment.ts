// The two steps a scheduled deployment takes around a build (.github/workflows/site.yml), kept here
// so the workflow holds no logic of its own and the tests run the very same steps:
//   npm run deploy:previous -- --site URL [--base /xx/] --outDir DIR [--index-files]
//     puts the deployed meta.json and changes.json in DIR, so the build's publish gate and change log
//     compare with what is live (nothing on a first deployment); with --index-files, what the index of
//     the states needs of a state instead (without --base: for every state DIR has no build of);
//   npm run deploy:changed -- --site URL [--base /xx/] --dir DIR
//     says whether DIR's content differs from what is live (content_sha256; for a folder of states,
//     any state's): `changed=true` or `changed=false` on stdout, and in $GITHUB_OUTPUT when set;
//   npm run deploy:units -- --dir DIR --out DIR [--states mn,tx] [--plan free|paid]
//     writes the Wrangler configuration of the front Worker and of each state's Worker of a folder
//     of states (docs/deployment.md), and checks every unit against the platform's limits: one line
//     a limit, and exit 1 naming each unit over one, before anything is uploaded.
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ExpectedError } from '../lib/errors.ts';
import { NATIONAL_TABLES } from '../lib/publication/national-bulk.ts';
import { assetContents, stateFoldersIn, workerScriptBytes, writeUnitConfigs } from '../lib/deploy/unit-files.ts';
import { type Plan, unitReport, workersReport } from '../lib/deploy/units.ts';
import { STATES } from '../lib/states.ts';
import { runCommand, UsageError } from './command.ts';

const USAGE = [
  'usage: node src/cli/deployment.ts previous --site URL [--base /xx/] --outDir DIR [--index-files]',
  '       node src/cli/deployment.ts changed --site URL [--base /xx/] --dir DIR',
  '       node src/cli/deployment.ts units --dir DIR --out DIR [--states mn,tx] [--plan free|paid]',
].join('\n');
const PROJECT = resolve(import.meta.dirname, '..', '..');

const FILES = ['api/v1/meta.json', 'api/v1/changes.json'] as const;

/** What the root's index needs of a state (build:states --index-only), for a state whose build failed today: its meta.json, data package and national tables' CSV. */
const INDEX_FILES = ['api/v1/meta.json', 'api/v1/bulk/datapackage.json', ...NATIONAL_TABLES.map((table) => `api/v1/bulk/${table}.csv`)] as const;

type Step =
  | { step: 'previous'; live: string; folder: string; indexFiles: boolean; everyState: boolean }
  | { step: 'changed'; live: string; folder: string }
  | { step: 'units'; dir: string; out: string; states: string[] | undefined; plan: Plan };

function options(argv: string[]): Step {
  let values: { site?: string; base?: string; outDir?: string; dir?: string; out?: string; states?: string; plan?: string; 'index-files'?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { site: { type: 'string' }, base: { type: 'string' }, outDir: { type: 'string' }, dir: { type: 'string' }, out: { type: 'string' }, states: { type: 'string' }, plan: { type: 'string' }, 'index-files': { type: 'boolean' } },
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const [step] = positionals;
  if (step === 'units') {
    if (!values.dir || !values.out) throw new UsageError(`--dir and --out are both needed\n${USAGE}`);
    const plan = values.plan ?? 'free';
    if (plan !== 'free' && plan !== 'paid') throw new UsageError(`--plan ${plan}: say free or paid`);
    const states = values.states?.split(',').map((code) => code.trim().toLowerCase()).filter(Boolean);
    for (const code of states ?? []) if (!STATES.some((s) => s.code.toLowerCase() === code)) throw new UsageError(`--states: ${code} is not a state code`);
    return { step, dir: resolve(values.dir), out: resolve(values.out), states, plan };
  }
  if (step !== 'previous' && step !== 'changed') throw new UsageError(`say which step: previous, changed or units\n${USAGE}`);
  if (!values.site || !URL.canParse(values.site)) throw new UsageError(`--site must be the deployed site's URL\n${USAGE}`);
  const path = (values.base ?? '').replace(/^\/+|\/+$/g, '');
  const live = new URL(path ? `/${path}/` : '/', values.site).href;
  const folder = step === 'previous' ? values.outDir : values.dir;
  if (!folder) throw new UsageError(`${step === 'previous' ? '--outDir' : '--dir'} is missing\n${USAGE}`);
  const indexFiles = values['index-files'] === true;
  return step === 'previous' ? { step, live, folder: resolve(folder), indexFiles, everyState: indexFiles && !path } : { step, live, folder: resolve(folder) };
}

/** A file of the live site; undefined when it has none (a first deployment). */
async function liveFile(live: string, path: string): Promise<string | undefined> {
  let response: Response;
  try {
    response = await fetch(new URL(path, live), { headers: { accept: 'application/json' } });
  } catch (error) {
    // fetch's own error says only "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND) is its cause's.
    const cause = (error as Error & { cause?: { code?: string; message?: string; errors?: { code?: string }[] } }).cause;
    throw new ExpectedError(`${new URL(path, live).href}: cannot be reached (${cause?.code ?? cause?.errors?.[0]?.code ?? cause?.message ?? (error as Error).message})`);
  }
  if (response.status === 404) return undefined;
  if (!response.ok) throw new ExpectedError(`${response.url}: HTTP ${response.status}`);
  return response.text();
}

const contentHash = (text: string | undefined): string | undefined => {
  if (text === undefined) return undefined;
  const hash = (JSON.parse(text) as { content_sha256?: unknown }).content_sha256;
  return typeof hash === 'string' ? hash : undefined;
};

/**
 * `--index-files` without `--base`: into each state folder of DIR that has no build today (its job
 * failed), what the index needs of it from the live site, so the root keeps listing it, its rows
 * stay in the national tables and the front keeps its binding; a state never deployed is passed over.
 */
async function previousOfEveryState(site: string, outDir: string): Promise<number> {
  for (const state of STATES) {
    const folder = state.code.toLowerCase();
    if (existsSync(join(outDir, folder, 'api/v1/meta.json'))) continue;
    const live = new URL(`${folder}/`, site).href;
    if ((await liveFile(live, INDEX_FILES[0])) === undefined) continue;
    process.stdout.write(`deploy:previous: ${state.code} was not built today: the index keeps its live files\n`);
    await previous(live, join(outDir, folder), true);
  }
  return 0;
}

async function previous(live: string, outDir: string, indexFiles: boolean): Promise<number> {
  const present = await readdir(outDir).catch(() => []);
  if (present.length > 0) throw new ExpectedError(`${outDir} is not empty: the live files go into an empty folder, which the build then replaces`);
  for (const path of indexFiles ? INDEX_FILES : FILES) {
    const text = await liveFile(live, path);
    if (text === undefined) {
      process.stdout.write(`deploy:previous: ${new URL(path, live).href} is not there: a first deployment\n`);
      continue;
    }
    await mkdir(dirname(join(outDir, path)), { recursive: true });
    await writeFile(join(outDir, path), text);
    process.stdout.write(`deploy:previous: ${path} of ${live} → ${join(outDir, path)}\n`);
  }
  return 0;
}

/** The builds in DIR: the folder itself, or each state folder of a folder of states (build:states). */
async function builds(dir: string): Promise<{ path: string; meta: string }[]> {
  const read = (path: string) => readFile(join(dir, path, 'api/v1/meta.json'), 'utf8').then((meta) => ({ path, meta }), () => undefined);
  const single = await read('.');
  if (single) return [{ path: '', meta: single.meta }];
  const states = (await readdir(dir).catch(() => [])).filter((name) => /^[a-z]{2}$/.test(name)).sort();
  const found = (await Promise.all(states.map((code) => read(code)))).filter((b) => b !== undefined);
  if (found.length === 0) throw new ExpectedError(`${dir} holds no api/v1/meta.json, nor state folders with one: build it first`);
  return found.map((b) => ({ path: `${b.path}/`, meta: b.meta }));
}

async function changed(live: string, dir: string): Promise<number> {
  const differing: string[] = [];
  for (const { path, meta } of await builds(dir)) {
    const [now, before] = [contentHash(meta), contentHash(await liveFile(live, `${path}api/v1/meta.json`))];
    process.stderr.write(`deploy:changed: ${path || './'} content_sha256 ${now ?? 'none'} built, ${before ?? 'none'} live at ${new URL(path, live).href}\n`);
    if (now !== before) differing.push(path || './');
  }
  const answer = `changed=${String(differing.length > 0)}`;
  process.stdout.write(`${answer}\n`);
  if (process.env.GITHUB_OUTPUT) await appendFile(process.env.GITHUB_OUTPUT, `${answer}\n`);
  return 0;
}

/** The units' configurations, and each unit against the plan's limits; exit 1 when any is over. */
async function units(dir: string, out: string, only: string[] | undefined, plan: Plan): Promise<number> {
  const configs = await writeUnitConfigs(PROJECT, dir, out, only);
  // One bundle of each kind: every state's Worker runs the same script.
  const [firstState] = configs.states;
  const lines: { line: string; over: boolean }[] = [];
  if (configs.front) {
    const frontScript = await workerScriptBytes(PROJECT, configs.front.config);
    lines.push(...unitReport({ name: 'front', ...(await assetContents(configs.front.assets)), scriptBytes: frontScript }, plan));
    const { indexed } = stateFoldersIn(dir);
    lines.push(workersReport(1 + indexed.length, plan));
  }
  const stateScript = firstState ? await workerScriptBytes(PROJECT, firstState.config) : 0;
  for (const { folder } of configs.states) lines.push(...unitReport({ name: folder, ...(await assetContents(join(dir, folder))), scriptBytes: stateScript }, plan));
  for (const { line, over } of lines) process.stdout.write(`deploy:units: ${over ? 'OVER ' : ''}${line}\n`);
  const wrote = [...(configs.front ? ['front.jsonc'] : []), ...configs.states.map((s) => `${s.folder}.jsonc`)];
  process.stdout.write(`deploy:units: wrote ${wrote.join(', ')} to ${relative(process.cwd(), out) || '.'}\n`);
  const over = lines.filter((l) => l.over);
  if (over.length > 0) throw new ExpectedError(`${over.length} limit${over.length > 1 ? 's' : ''} of the ${plan} plan exceeded, nothing to deploy: ${over.map((l) => l.line).join('; ')} (docs/deployment.md)`);
  return 0;
}

runCommand('deployment', USAGE, async () => {
  const options_ = options(process.argv.slice(2));
  if (options_.step === 'units') return units(options_.dir, options_.out, options_.states, options_.plan);
  if (options_.step === 'changed') return changed(options_.live, options_.folder);
  return options_.everyState ? previousOfEveryState(options_.live, options_.folder) : previous(options_.live, options_.folder, options_.indexFiles);
});
