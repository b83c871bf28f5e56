// npm run build:states -- --states WI,TX,VT --outDir DIR --site URL [--languages en,es,…] [--no-compress] [--jobs N]
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
import { hashesOfBuilt, hashesOfPages, writeHostHeaders } from '../lib/build/host-headers.ts';
import { joinSearchMaps } from '../lib/build/search-map.ts';
import { joinHashes } from '../lib/build/inline-code.ts';
import { statesErrorHtml, statesIndexHtml, type BuiltState } from '../lib/publication/states-index.ts';
import { NATIONAL_TABLES, nationalBulkFiles, NEWER_TABLES, type StateResource, type StateTable, type StateTables } from '../lib/publication/national-bulk.ts';
import { nationalLlms, nationalOpenApi, nationalProblem } from '../lib/publication/national-documents.ts';
import { datasetScript } from '../lib/publication/dataset-markup.ts';
import { BULK_DIR } from '../lib/contract/bulk-tables.ts';
import { STATES, type StateScope } from '../lib/states.ts';
import { languagesOption, runCommand, stateOption, UsageError } from './command.ts';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const USAGE = 'usage: npm run build:states -- (--states WI,TX,VT [--languages en,es,…] [--no-compress] [--jobs N] | --index-only) --outDir DIR --site URL   (sources: SOURCES_DIR)';
/** Written at DIR's root: "build:states wrote this folder". */
const MARKER = '.mnrent-states';
const log = (line: string) => process.stdout.write(`${line}\n`);

function parseCommandLine(argv: string[]): { states: StateScope[]; outDir: string; site: string; languages: string | undefined; compress: boolean; jobs: number } {
  let values: { states?: string; outDir?: string; site?: string; languages?: string; jobs?: string; 'index-only'?: boolean; 'no-compress'?: boolean };
  try {
    ({ values } = parseArgs({ args: argv, options: { states: { type: 'string' }, outDir: { type: 'string' }, site: { type: 'string' }, languages: { type: 'string' }, jobs: { type: 'string' }, 'index-only': { type: 'boolean' }, 'no-compress': { type: 'boolean' } } }));
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
  return { states: [...new Map(states.map((s) => [s.code, s])).values()], outDir: resolve(values.outDir), site: values.site.replace(/\/+$/, ''), languages: languages?.map((language) => language.code).join(','), compress: values['no-compress'] !== true, jobs };
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
function buildState(state: StateScope, outDir: string, site: string, languages: string | undefined, compress: boolean): Promise<{ code: number; lastLine: string }> {
  const folder = state.code.toLowerCase();
  const child = spawn(process.execPath, [join(projectRoot, 'src/cli/build.ts'), '--state', state.code, '--base', `/${folder}/`, '--site', site, '--outDir', join(outDir, folder), ...(languages === undefined ? [] : ['--languages', languages]), ...(compress ? [] : ['--no-compress'])], {
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

/**
 * The root's files, over every state folder in DIR (this run's and earlier runs' alike): the index
 * page, states.json, the national bulk tables with their data package, llms.txt, openapi.json, the
 * root's error pages and problem documents, and one _headers and _redirects joining the states' rules.
 */
async function writeRoot(outDir: string, site: string): Promise<BuiltState[]> {
  const built: BuiltState[] = [];
  const headers: string[] = [];
  const redirects: string[] = [];
  const tables: StateTables[] = [];
  for (const state of STATES.filter((s) => existsSync(join(outDir, s.code.toLowerCase(), 'api/v1/meta.json')))) {
    const folder = state.code.toLowerCase();
    const dir = join(outDir, folder);
    const doc = MetaDoc.parse(JSON.parse(await readFile(join(dir, 'api/v1/meta.json'), 'utf8')));
    built.push({ state, path: `/${folder}/`, meta: doc });
    // A state folder may hold only what the index needs (a deployment's front job, docs/deployment.md): no host rules then.
    headers.push(await readFile(join(dir, '_headers'), 'utf8').catch(() => ''));
    redirects.push(await readFile(join(dir, '_redirects'), 'utf8').catch(() => ''));
    const pkg = JSON.parse(await readFile(join(dir, 'api/v1/bulk/datapackage.json'), 'utf8')) as { resources: (StateResource & { path: string })[] };
    const table = async (name: (typeof NATIONAL_TABLES)[number]): Promise<StateTable | undefined> => {
      const path = `${folder}/api/v1/bulk/${name}.csv`;
      const resource = pkg.resources.find((r) => r.path === `${name}.csv`);
      if (!resource && NEWER_TABLES.includes(name)) {
        // A state kept from its live files, built before this table: no rows in it (docs/deployment.md).
        process.stdout.write(`build:states: ${state.code} was built before ${name}.csv: the national ${name} table has none of its rows\n`);
        return undefined;
      }
      if (!resource) throw new ExpectedError(`${folder}/api/v1/bulk/datapackage.json names no ${name}.csv; rebuild the state`);
      const csv = await readFile(join(outDir, path), 'utf8').catch(() => undefined);
      if (csv === undefined) throw new ExpectedError(`${path} is missing though its datapackage.json names it: the front needs each state's national tables (a state job's artifact, or deploy:previous --index-files)`);
      return { path, csv, resource };
    };
    const [zips, counties, agencies, agencyCounties] = await Promise.all(NATIONAL_TABLES.map(table));
    if (!zips || !counties) throw new ExpectedError(`${folder}/api/v1/bulk/datapackage.json lacks zips.csv or counties.csv; rebuild the state`);
    tables.push({ code: state.code, tables: { zips, counties, ...(agencies ? { housing_agencies: agencies } : {}), ...(agencyCounties ? { agency_counties: agencyCounties } : {}) } });
  }
  if (built.length === 0) throw new ExpectedError(`${outDir} holds no state folder with api/v1/meta.json: build a state first`);
  // The national tables' rows: the states in the states table's order, each state's rows in its own order.
  const [first] = built as [BuiltState];
  const sources = first.meta.meta.attribution.slice(first.meta.meta.attribution.indexOf('Sources:'));
  const files = nationalBulkFiles(tables, site, sources);
  await mkdir(join(outDir, 'api/v1/bulk'), { recursive: true });
  for (const file of files) await writeFile(join(outDir, 'api/v1/bulk', file.name), file.bytes);

  built.sort((a, b) => a.state.name.localeCompare(b.state.name, 'en'));
  const newest = built.map((b) => b.meta.meta.generated_at).sort().at(-1) ?? first.meta.meta.generated_at;
  const dataset = datasetScript({
    name: 'Rent data by state',
    description: `Rent by ZIP code and county in ${built.length === 1 ? first.state.name : `${built.length} states`}: HUD Small Area and area Fair Market Rents, the Zillow Observed Rent Index, the Census median gross rent and HUD Section 8 income limits, every state's ZIP codes and counties in one CSV and Parquet table each.`,
    url: `${site}/`,
    publisher: { name: 'Rent data by state', url: `${site}/` },
    spatialCoverage: built.length === 1 ? `${first.state.name}, United States` : 'United States',
    fiscalYears: first.meta.vintages.hud_safmr.fiscal_years,
    dateModified: newest.slice(0, 10),
    files: files.map((file) => ({ name: file.name, url: `${site}${BULK_DIR}${file.name}`, mediaType: file.mediaType })),
  });
  await writeFile(join(outDir, 'index.html'), statesIndexHtml(built, dataset));
  await writeFile(join(outDir, 'states.json'), `${JSON.stringify({ states: built.map((b) => ({ ...b.meta.state, url: `${site}${b.path}`, zips: b.meta.counts.zips, counties: b.meta.counts.counties, generated_at: b.meta.meta.generated_at })) }, null, 2)}\n`);
  await writeFile(join(outDir, 'llms.txt'), nationalLlms(site, built));
  // The root's own error answers, for a path outside every state (a host's 404 page and problem documents).
  await writeFile(join(outDir, '404.html'), statesErrorHtml(404, built));
  await mkdir(join(outDir, 'errors/405'), { recursive: true });
  await writeFile(join(outDir, 'errors/405/index.html'), statesErrorHtml(405, built));
  await mkdir(join(outDir, 'api/problems'), { recursive: true });
  for (const status of [404, 405] as const) await writeFile(join(outDir, `api/problems/${status}.json`), `${JSON.stringify(nationalProblem(status), null, 2)}\n`);
  await writeFile(join(outDir, 'openapi.json'), `${JSON.stringify(nationalOpenApi(site, built), null, 2)}\n`);
  await writeFile(join(outDir, '_headers'), joinHeaders(headers));
  await writeFile(join(outDir, '_redirects'), joinRedirects(redirects));
  // One policy for the whole host (nginx serves every state with one block): the root's pages and every state's.
  const rootPages = ['index.html', '404.html', 'errors/405/index.html'].map((file) => join(outDir, file));
  const stateHashes = await Promise.all(built.map((b) => hashesOfBuilt(join(outDir, b.path))));
  await writeHostHeaders(outDir, joinHashes([hashesOfPages(outDir, rootPages), ...stateHashes]));
  await joinSearchMaps(outDir, built.map((b) => b.path.replace(/^\/|\/$/g, '')));
  return built;
}

runCommand('build:states', USAGE, async () => {
  const { states, outDir, site, languages, compress, jobs } = parseCommandLine(process.argv.slice(2));
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
        const { code, lastLine } = await buildState(state, outDir, site, languages, compress);
        if (code !== 0) failed.push(`${state.code}: ${lastLine}`);
      }
    }),
  );
  if (failed.length > 0) throw new ExpectedError(`${failed.length} of ${states.length} states failed (${failed.join('; ')}); the root files were left as they were`);

  const built = await writeRoot(outDir, site);
  log(`build:states: ${states.length} built in ${((performance.now() - started) / 1000).toFixed(1)} s; the index at ${join(outDir, 'index.html')} lists ${built.length}: ${built.map((b) => b.state.code).join(', ')}`);
  return 0;
});
