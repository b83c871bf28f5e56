// npm run build:states -- --states WI,TX,VT --outDir DIR --site URL [--languages en,es,…] [--jobs N]
// npm run build:states -- --index-only --outDir DIR --site URL   (the root files only, over DIR's state folders)
// Builds each state with `npm run build` into DIR/<code>/ under the path /<code>/ of URL, then
// writes what the host's root needs: a small index page of the states built (index.html and
// states.json) and one _headers and _redirects joining the states' rules. Each state's folder is
// swapped in whole by its own build; a state that fails leaves its earlier folder, and the root
// files are rewritten only when every state built.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { MetaDoc } from '../lib/contract/schemas.ts';
import { ExpectedError } from '../lib/errors.ts';
import { joinHeaders, joinRedirects } from '../lib/serve/host-files.ts';
import { statesIndexHtml, type BuiltState } from '../lib/publication/states-index.ts';
import { STATES, type StateScope } from '../lib/states.ts';
import { languagesOption, runCommand, stateOption, UsageError } from './command.ts';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const USAGE = 'usage: npm run build:states -- (--states WI,TX,VT [--languages en,es,…] [--jobs N] | --index-only) --outDir DIR --site URL   (sources: SOURCES_DIR)';
/** Written at DIR's root: "build:states wrote this folder". */
const MARKER = '.mnrent-states';
const log = (line: string) => process.stdout.write(`${line}\n`);

function parseCommandLine(argv: string[]): { states: StateScope[]; outDir: string; site: string; languages: string | undefined; jobs: number } {
  let values: { states?: string; outDir?: string; site?: string; languages?: string; jobs?: string; 'index-only'?: boolean };
  try {
    ({ values } = parseArgs({ args: argv, options: { states: { type: 'string' }, outDir: { type: 'string' }, site: { type: 'string' }, languages: { type: 'string' }, jobs: { type: 'string' }, 'index-only': { type: 'boolean' } } }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  if (!values.outDir || !values.site) throw new UsageError(`--outDir and --site are both needed\n${USAGE}`);
  if (Boolean(values.states) === Boolean(values['index-only'])) throw new UsageError(`give --states or --index-only\n${USAGE}`);
  const states = (values.states ?? '').split(',').filter(Boolean).map((code) => stateOption(code.trim(), '--states:'));
  // Checked here, before any state starts; each state's build is given the same list.
  const languages = values.languages === undefined ? undefined : languagesOption(values.languages);
  const jobs = Number(values.jobs ?? 1);
  if (!Number.isInteger(jobs) || jobs < 1) throw new UsageError(`--jobs ${String(values.jobs)} is not a positive whole number`);
  return { states: [...new Map(states.map((s) => [s.code, s])).values()], outDir: resolve(values.outDir), site: values.site.replace(/\/+$/, ''), languages: languages?.map((language) => language.code).join(','), jobs };
}

/**
 * DIR must be new, empty, an earlier build:states output, or only state folders, each a build (as a
 * CI job gathers them from a matrix of per-state builds): its root files are rewritten.
 */
async function checkStatesFolder(dir: string): Promise<void> {
  if (!existsSync(dir)) return;
  const entries = await readdir(dir);
  const onlyStates = entries.every((name) => STATES.some((s) => s.code.toLowerCase() === name) && existsSync(join(dir, name, 'api/v1/meta.json')));
  if (entries.length > 0 && !entries.includes(MARKER) && !onlyStates) throw new ExpectedError(`--outDir ${dir} holds files that build:states did not write (${entries.slice(0, 3).join(', ')}); give a new or empty folder`);
}

/** One state's build as its own process, its output passed through with the state's code in front. */
function buildState(state: StateScope, outDir: string, site: string, languages: string | undefined): Promise<{ code: number; lastLine: string }> {
  const folder = state.code.toLowerCase();
  const child = spawn(process.execPath, [join(projectRoot, 'src/cli/build.ts'), '--state', state.code, '--base', `/${folder}/`, '--site', site, '--outDir', join(outDir, folder), ...(languages === undefined ? [] : ['--languages', languages])], {
    cwd: projectRoot,
    env: process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let lastLine = '';
  const relay = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      log(`[${state.code}] ${line}`);
      lastLine = line;
    }
  };
  child.stdout.on('data', relay);
  child.stderr.on('data', relay);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code: code ?? 1, lastLine })));
}

runCommand('build:states', USAGE, async () => {
  const { states, outDir, site, languages, jobs } = parseCommandLine(process.argv.slice(2));
  await checkStatesFolder(outDir);
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, MARKER), 'build:states wrote this folder; each state folder is replaced whole by its build.\n');
  if (states.length > 0) log(`build:states: ${states.map((s) => s.code).join(', ')} → ${outDir}, ${jobs} at a time`);
  const started = performance.now();
  const failed: string[] = [];
  const queue = [...states];
  await Promise.all(
    Array.from({ length: Math.min(jobs, queue.length) }, async () => {
      for (let state = queue.shift(); state; state = queue.shift()) {
        const { code, lastLine } = await buildState(state, outDir, site, languages);
        if (code !== 0) failed.push(`${state.code}: ${lastLine}`);
      }
    }),
  );
  if (failed.length > 0) throw new ExpectedError(`${failed.length} of ${states.length} states failed (${failed.join('; ')}); the root files were left as they were`);

  // The root lists every state built into DIR, this run's and earlier runs' alike.
  const built: BuiltState[] = [];
  const headers: string[] = [];
  const redirects: string[] = [];
  for (const state of STATES.filter((s) => existsSync(join(outDir, s.code.toLowerCase(), 'api/v1/meta.json')))) {
    const dir = join(outDir, state.code.toLowerCase());
    const doc = MetaDoc.parse(JSON.parse(await readFile(join(dir, 'api/v1/meta.json'), 'utf8')));
    built.push({ state, path: `/${state.code.toLowerCase()}/`, meta: doc });
    headers.push(await readFile(join(dir, '_headers'), 'utf8'));
    redirects.push(await readFile(join(dir, '_redirects'), 'utf8'));
  }
  built.sort((a, b) => a.state.name.localeCompare(b.state.name, 'en'));
  await writeFile(join(outDir, 'index.html'), statesIndexHtml(built));
  await writeFile(join(outDir, 'states.json'), `${JSON.stringify({ states: built.map((b) => ({ ...b.meta.state, url: `${site}${b.path}`, zips: b.meta.counts.zips, counties: b.meta.counts.counties, generated_at: b.meta.meta.generated_at })) }, null, 2)}\n`);
  await writeFile(join(outDir, '_headers'), joinHeaders(headers));
  await writeFile(join(outDir, '_redirects'), joinRedirects(redirects));
  log(`build:states: ${states.length} built in ${((performance.now() - started) / 1000).toFixed(1)} s; the index at ${join(outDir, 'index.html')} lists ${built.length}: ${built.map((b) => b.state.code).join(', ')}`);
  return 0;
});
