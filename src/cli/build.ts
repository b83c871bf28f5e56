// npm run build -- [--site URL] [--outDir DIR]   (sources: SOURCES_DIR, default data/sources)
// Reads the sources once, renders the site with Astro into a temporary folder, and swaps it in
// only when everything succeeded: a failed build leaves the previous output exactly as it was.
import '../lib/io-threads.ts';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { LoadedDataset, LoadedRecords } from '../lib/dataset.ts';
import { holdPublishGate, keepDataset, storeContentLate } from '../lib/dataset-slot.ts';
import { loadDatasetOffThread } from '../lib/dataset-thread.ts';
import { ExpectedError } from '../lib/errors.ts';
import { capCompilerTiers } from '../lib/compiler-tiers.ts';
import { capHeapGrowth } from '../lib/heap-growth.ts';
import { optionsFromEnv } from '../lib/load-options.ts';
import { checkFloors, compareWithEarlier, PublishGateError } from '../lib/derive/publish-gate.ts';
import { acquireLock, checkOutputFolder, checkoutLockPath, type HeldLock, OUTPUT_MARKER, outputMarkerText, outputWriteFailure, removeLeftovers, stagingPattern } from '../lib/output-folder.ts';
import { EarlyCompression, precompress } from '../lib/precompress.ts';
import type { ApiFileBytes } from '../lib/publication/api-documents.ts';
import { DEFAULT_SITE, rootOf } from '../lib/publication/routes.ts';
import { makeProductionEnvironment } from '../lib/production-build.ts';
import { writeDirectlyWhileRendering } from '../lib/render-writes.ts';
import { prefixHeaders, prefixRedirects } from '../lib/serve/host-files.ts';
import { currentState } from '../lib/state.ts';
import { runCommand, stateOption, UsageError } from './command.ts';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const USAGE = 'usage: npm run build -- [--state XX] [--site URL] [--base /PATH/] [--outDir DIR] [--accept-changes]   (sources: SOURCES_DIR, default data/sources; --state or MNRENT_STATE, default MN)';
/** How long a build waits for another one that holds this checkout or the same output folder. */
const LOCK_WAIT_MS = 10 * 60 * 1000;

function parseCommandLine(argv: string[]): { site: string; base: string; outDir: string; acceptChanges: boolean } {
  let values: { site?: string | undefined; base?: string | undefined; outDir?: string | undefined; state?: string | undefined; 'accept-changes'?: boolean | undefined };
  try {
    ({ values } = parseArgs({ args: argv, options: { site: { type: 'string' }, base: { type: 'string' }, outDir: { type: 'string' }, state: { type: 'string' }, 'accept-changes': { type: 'boolean' } }, strict: true }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  // The state is process-wide: the pages Astro renders in this process read it through currentState().
  const state = stateOption(values.state);
  process.env.MNRENT_STATE = state.code;
  const site = values.site ?? DEFAULT_SITE;
  let parsed: URL;
  try {
    parsed = new URL(site);
  } catch {
    throw new UsageError(`--site ${site} is not an absolute URL (e.g. https://rent.example.org)`);
  }
  if (!/^https?:$/.test(parsed.protocol)) throw new UsageError(`--site ${site} must be an http or https URL`);
  // A path prefix, so several states share one host: /wi/ → https://host/wi/zip/53703/.
  const base = values.base ?? '/';
  if (!/^\/(?:[a-z0-9][a-z0-9-]*\/)*$/.test(base.endsWith('/') ? base : `${base}/`)) throw new UsageError(`--base ${base} must be a path such as /wi/ (lower-case letters, digits and hyphens)`);
  if (parsed.pathname !== '/') throw new UsageError(`--site ${site} must be the host's root; give the path with --base ${parsed.pathname}`);
  return { site: parsed.href.replace(/\/+$/, ''), base: base.endsWith('/') ? base : `${base}/`, outDir: resolve(values.outDir ?? 'dist'), acceptChanges: values['accept-changes'] === true };
}

/** Replaces `outDir` by `fresh` with two renames, so readers never see a half-written folder for long. */
async function swapIn(fresh: string, outDir: string): Promise<void> {
  const old = join(dirname(outDir), `.${basename(outDir)}.old-${process.pid}`);
  const hadOld = existsSync(outDir);
  if (hadOld) await rename(outDir, old);
  await rename(fresh, outDir);
  if (hadOld) await rm(old, { recursive: true, force: true });
}

/** The publish gate: floors always, and the comparison with the output this build would replace. */
function gateReasons(dataset: LoadedDataset): string[] {
  return [...checkFloors(dataset.gate), ...(dataset.earlier ? compareWithEarlier(dataset.gate.counts, dataset.earlier) : [])];
}

/** Under a path prefix, the host rule files' paths gain it (they are copied from public/ as they are). */
async function prefixHostFiles(dir: string, prefix: string): Promise<void> {
  for (const [name, prefixed] of [['_headers', prefixHeaders], ['_redirects', prefixRedirects]] as const) {
    await writeFile(join(dir, name), prefixed(await readFile(join(dir, name), 'utf8'), prefix));
  }
}

/** What the build is waiting for, for the message of a build that stops before it finished (command.ts). */
let waitingFor = 'its start';

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const log = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<number> {
  const started = performance.now();
  // Before the dataset's threads start and Astro loads its WebAssembly compiler.
  capCompilerTiers();
  const { site, base, outDir, acceptChanges } = parseCommandLine(process.argv.slice(2));
  const root = rootOf(site, base);
  if (process.cwd() !== projectRoot) {
    // Astro stages its server bundle under the working directory when the output folder is outside
    // it, and that bundle must resolve the project's packages: build from the project, with the
    // sources where the caller's relative path pointed.
    process.env.SOURCES_DIR = resolve(process.env.SOURCES_DIR || 'data/sources');
    process.chdir(projectRoot);
  }
  const options = optionsFromEnv(root, outDir);
  const guard = { projectRoot, sourcesDir: options.sourcesDir };
  await checkOutputFolder(outDir, guard);
  log(`mnrent build: ${currentState().name}, sources ${resolve(options.sourcesDir)} → ${outDir} (site ${root}/)`);
  // The output folder is replaced whole: one build at a time writes it, from reading the earlier
  // output to the swap. A second build waits for the first, then runs on its result.
  await mkdir(dirname(outDir), { recursive: true });
  waitingFor = "the output folder's lock";
  const outLock = await acquireLock(join(dirname(outDir), `.${basename(outDir)}.lock`), `output folder ${outDir}`, { waitMs: LOCK_WAIT_MS, log });
  for (const name of await removeLeftovers(dirname(outDir), stagingPattern(outDir))) log(`  removed ${name}, left by a build that was stopped`);
  // Another build may have written the folder while this one waited.
  await checkOutputFolder(outDir, guard);
  const staging = join(dirname(outDir), `.${basename(outDir)}.building-${process.pid}`);
  let checkoutLock: HeldLock | undefined;
  // Its threads start with the first file offered.
  const early = new EarlyCompression(staging);
  try {
    // Astro keeps its content store in the checkout: one render at a time per checkout (always
    // taken after the output lock, so two builds never wait on each other crosswise).
    waitingFor = "this checkout's lock";
    checkoutLock = await acquireLock(checkoutLockPath(projectRoot), 'this checkout', { waitMs: LOCK_WAIT_MS, log });
    log('  reading and deriving the dataset while Astro starts…');
    // The dataset is read and derived on its own thread, and this one is Astro's: Astro loads,
    // bundles the pages meanwhile, and takes the content store late (dataset-slot.ts), once the
    // publish gate below passed. Its build renders nothing before that.
    // Its records come first: the collections validate them while the bulk files and the site record are made.
    const records = Promise.withResolvers<LoadedRecords>();
    const loading = keepDataset(options.site, loadDatasetOffThread(options, records.resolve), records.promise);
    const gate = holdPublishGate();
    const lateStore = storeContentLate();
    // Before Astro reads the environment: a parent's BASE_URL, DEV or NODE_ENV (vitest's) would reach the pages.
    makeProductionEnvironment(process.env, base);
    // esbuild runs in a child process that Vite starts at its first transform (the content config's,
    // early in Astro's content sync), and this thread sat idle while it started: start it now, while
    // Astro loads. Vite uses the same esbuild and finds it running; if it cannot start, Vite reports it.
    import('esbuild').then(({ initialize }) => initialize({})).catch(() => undefined);
    // Imported once the dataset's thread started: loading Astro keeps this thread busy for most of a second.
    const { build } = await import('astro');
    const rendering = build({ root: projectRoot, site, base, outDir: staging, logLevel: 'warn' });
    rendering.catch(() => undefined);
    // Needed once the dataset is here; loaded meanwhile, not before the dataset's thread and Astro start.
    const apiDocuments = import('../lib/publication/api-documents.ts');
    apiDocuments.catch(() => undefined);
    // The API's files that follow from the records are made on their arrival, while the dataset's
    // thread makes the rest, and compressed once that has come too: until then the dataset's thread,
    // at nice 10, is what this one waits for, and a compression thread beside it took most of a core.
    const recordFiles = Promise.all([apiDocuments, records.promise]).then(([documents, loaded]) => documents.recordApiFiles(loaded));
    recordFiles.catch(() => undefined);
    let dataset: LoadedDataset;
    let accepted: string[];
    let aheadFiles: ApiFileBytes[];
    try {
      waitingFor = 'the dataset';
      dataset = await loading;
      const reasons = gateReasons(dataset);
      if (reasons.length > 0 && !acceptChanges) throw new PublishGateError(reasons);
      accepted = reasons.map((reason) => `accepted with --accept-changes: ${reason}`);
      // Offered before Astro renders, so a file it writes with their bytes takes their result.
      aheadFiles = [...(await recordFiles), ...(await apiDocuments).restApiFiles(dataset)];
    } catch (error) {
      gate.stop(error);
      waitingFor = 'Astro, to stop after the publish gate stopped it';
      // Astro stops before it renders (the late store fails); wait for it, so nothing is written after the cleanup below.
      await rendering.catch(() => undefined);
      throw error;
    }
    gate.pass();
    // Astro renders from here (and may still write its bundle): its writes skip libuv's pool until it
    // is done, and each file it writes is compressed while it goes on.
    // If Astro fails, the pages it has started still write: refused from then on (render-writes.ts).
    const writes = writeDirectlyWhileRendering((path, bytes) => early.written(path, bytes));
    rendering.then(writes.restore, () => writes.refuse(new ExpectedError('the build stopped: nothing more is written')));
    // The dataset's threads are done: from here the main thread holds the records and renders.
    capHeapGrowth();
    // The API's files, from the dataset: their compression starts now, before Astro renders them.
    early.offerAhead(aheadFiles);
    // Rendering counts from here: Astro's start-up overlapped the reading.
    const renderStarted = performance.now();
    log(`  ${dataset.zips.length} ZIP codes, ${dataset.counties.length} counties; rendering with Astro…`);
    waitingFor = 'Astro, rendering';
    await rendering;
    // Astro's runtime takes a store that failed, or was never asked for, as empty: make sure.
    await lateStore.taken();
    checkoutLock.release();
    const renderMs = performance.now() - renderStarted;
    log('  writing .gz and .br siblings…');
    const compressStarted = performance.now();
    waitingFor = 'the compression';
    const compressed = await precompress(staging, early);
    const compressMs = performance.now() - compressStarted;
    waitingFor = 'the output folder to be swapped in';
    if (base !== '/') await prefixHostFiles(staging, base.replace(/\/$/, ''));
    await writeFile(join(staging, OUTPUT_MARKER), outputMarkerText());
    // The folder as precompress counted it, and the marker: not listed again (Texas's 16,000 files
    // took 30 to 45 ms a listing, after the last page); tests/build-output.test.ts lists the output.
    const files = compressed.filesInFolder + 1;
    await swapIn(staging, outDir);
    const { counts } = dataset.metaRecord;
    // How current the data is comes first: it is what a maintainer must act on (run data:fetch).
    const warnings = [...dataset.metaRecord.notices, ...accepted, ...dataset.warnings];
    log('');
    log('Build report');
    log(`  ZIP codes ${counts.zips}, counties ${counts.counties}, with market rent ${counts.zips_with_market_rent}, with census rent ${counts.zips_with_census_rent}, section-8 rows ${counts.section_8_rows}`);
    log(`  files written ${files} to ${outDir}`);
    log(`  generated_at ${dataset.meta.generated_at}; sources FY${dataset.metaRecord.vintages.hud_safmr.latest_fiscal_year} SAFMR, ZORI ${dataset.meta.sources.zori}`);
    log(`  precompressed ${compressed.files} files (${compressed.ahead} before Astro rendered them): ${Math.round(compressed.rawBytes / 1024)} KB raw, ${Math.round(compressed.gzipBytes / 1024)} KB gzip, ${Math.round(compressed.brotliBytes / 1024)} KB brotli`);
    log(`  parse cache: ${dataset.parseCache.hits} of ${dataset.parseCache.asked} source files unchanged since they were last parsed`);
    log(`  time: read sources ${seconds(dataset.timings.readMs)}, derive ${seconds(dataset.timings.deriveMs)}, render and write ${seconds(renderMs)}, compress ${seconds(compressMs)}, total ${seconds(performance.now() - started)}`);
    const cpu = process.cpuUsage();
    log(`  peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB, processor time ${seconds((cpu.user + cpu.system) / 1000)} (every thread; ${seconds(cpu.system / 1000)} of it in the kernel)`);
    log(`  warnings ${warnings.length}${warnings.length ? ':' : ''}`);
    for (const warning of warnings) log(`    - ${warning}`);
  } catch (error) {
    // The compression threads read from the staging folder: ended first (each answers what it was
    // sent), so none is still reading there while it is removed.
    waitingFor = 'the compression threads to answer what they were sent';
    await early.close();
    waitingFor = 'the staging folder to be removed';
    await rm(staging, { recursive: true, force: true });
    throw outputWriteFailure(error, outDir) ?? error;
  } finally {
    // The compression threads end once each has answered what it was sent (precompress.ts,
    // `close`): a good build ended them in precompress, a failed one above; this is for any other way out.
    waitingFor = 'the compression threads to answer what they were sent';
    await early.close();
    checkoutLock?.release();
    outLock.release();
  }
  return 0;
}

runCommand('mnrent build', USAGE, main, () => `waiting for ${waitingFor}`);
