// npm run build -- [--site URL] [--outDir DIR]   (sources: SOURCES_DIR, default data/sources)
// Reads the sources once, renders the site with Astro into a temporary folder (in a process of its
// own, build/render.ts), compresses it, and swaps it in only when everything succeeded: a failed
// build leaves the previous output exactly as it was.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { precompress, type PrecompressStats } from '../lib/build/compress.ts';
import { acquireLock, checkOutputFolder, OUTPUT_MARKER, outputMarkerText, outputWriteFailure, publishedFiles, removeLeftovers, RENDER_FOLDER_PATTERN, renderFolderName, renderFoldersIn, stagingPattern } from '../lib/build/output-folder.ts';
import { renderInChildProcess } from '../lib/build/render.ts';
import { checkCatalogues } from '../lib/build/catalogues.ts';
import { hashesOfPages, writeHostHeaders } from '../lib/build/host-headers.ts';
import { writeSearchMap } from '../lib/build/search-map.ts';
import { HOST_HEADERS_JSON, HOST_HEADERS_NGINX, HOST_SEARCH_NGINX } from '../lib/serve/headers.ts';
import { DEFAULT_SITE, rootOf } from '../lib/contract/routes.ts';
import { optionsFromEnv } from '../lib/dataset/options.ts';
import { agencyReportLines } from '../lib/derive/housing-agencies.ts';
import { prefixHeaders, prefixRedirects } from '../lib/serve/host-files.ts';
import type { LanguageScope } from '../lib/languages.ts';
import type { StateScope } from '../lib/states.ts';
import { BUILD_OPTIONS, languagesOption, runCommand, stateOption, UsageError } from './command.ts';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const USAGE = 'usage: npm run build -- [--state XX] [--site URL] [--base /PATH/] [--outDir DIR] [--languages en,es,…] [--mcp-url URL] [--report-url URL] [--accept-changes] [--no-compress]   (sources: SOURCES_DIR, default data/sources; --state or MNRENT_STATE, default MN; --languages: every language by default)';
/** How long a build waits for another one that writes the same output folder. */
const LOCK_WAIT_MS = 10 * 60 * 1000;
/** The files the build adds for hosts (the security headers, nginx's map of the search), compressed with the rest. */
const HOST_FILES = [HOST_HEADERS_JSON, HOST_HEADERS_NGINX, HOST_SEARCH_NGINX];

function parseCommandLine(argv: string[]): { state: StateScope; site: string; base: string; outDir: string; languages: readonly LanguageScope[]; mcpUrl: string | undefined; reportUrl: string | undefined; acceptChanges: boolean; compress: boolean } {
  // An unknown or incomplete flag is parseArgs' own error, which runCommand reports as a usage error.
  const { values } = parseArgs({ args: argv, options: BUILD_OPTIONS, strict: true });
  // The state goes to the render process in its request; its pages take it from the dataset's site record.
  const state = stateOption(values.state);
  // The languages of the pages for people: English always, and the translations asked for.
  const languages = languagesOption(values.languages);
  // Where the deployment serves the agent server (the Worker's /mcp): announced in meta.json, llms.txt
  // and the docs page. It goes to the render process in its request's options, as the state does.
  const mcpUrl = values['mcp-url'];
  if (mcpUrl !== undefined && (!URL.canParse(mcpUrl) || !/^https?:$/.test(new URL(mcpUrl).protocol))) {
    throw new UsageError(`--mcp-url ${mcpUrl} is not an absolute http(s) URL (e.g. https://rent.example.org/mcp)`);
  }
  // Where a reader of a translated page reports a mistake: each such page links to it.
  const reportUrl = values['report-url'];
  if (reportUrl !== undefined && (!URL.canParse(reportUrl) || !/^(https?|mailto):$/.test(new URL(reportUrl).protocol))) {
    throw new UsageError(`--report-url ${reportUrl} is not an absolute http(s) or mailto: URL (e.g. https://github.com/you/mnrent/issues)`);
  }
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
  return { state, site: parsed.href.replace(/\/+$/, ''), base: base.endsWith('/') ? base : `${base}/`, outDir: resolve(values.outDir ?? 'dist'), languages, mcpUrl, reportUrl, acceptChanges: values['accept-changes'] === true, compress: values['no-compress'] !== true };
}

/** Replaces `outDir` by `fresh` with two renames, so readers never see a half-written folder for long. */
async function swapIn(fresh: string, outDir: string): Promise<void> {
  const old = join(dirname(outDir), `.${basename(outDir)}.old-${process.pid}`);
  const hadOld = existsSync(outDir);
  if (hadOld) await rename(outDir, old);
  await rename(fresh, outDir);
  if (hadOld) await rm(old, { recursive: true, force: true });
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
  const { state, site, base, outDir, languages, mcpUrl, reportUrl, acceptChanges, compress } = parseCommandLine(process.argv.slice(2));
  const root = rootOf(site, base);
  // The environment is read once, here: the sources where the caller's relative path pointed.
  const env = process.env.SOURCES_DIR ? { ...process.env, SOURCES_DIR: resolve(process.env.SOURCES_DIR) } : process.env;
  // Every option of the dataset, made once and handed to the render process in its request; its
  // folders absolute, since the render process works in a folder of its own.
  const fromEnv = optionsFromEnv(root, outDir, env);
  const load = {
    ...fromEnv,
    sourcesDir: resolve(projectRoot, fromEnv.sourcesDir),
    ...(fromEnv.snapshotDir === undefined ? {} : { snapshotDir: resolve(projectRoot, fromEnv.snapshotDir) }),
    // AGENCY_AREAS_DIR as the caller's relative path pointed, the project's folder from its root.
    ...(fromEnv.agencyAreasDir === undefined ? {} : { agencyAreasDir: process.env.AGENCY_AREAS_DIR ? resolve(process.env.AGENCY_AREAS_DIR) : resolve(projectRoot, fromEnv.agencyAreasDir) }),
    languages: languages.map((language) => language.code),
    ...(mcpUrl === undefined ? {} : { mcpUrl }),
    ...(reportUrl === undefined ? {} : { reportUrl }),
  };
  const options = { ...load, state };
  const guard = { projectRoot, sourcesDir: options.sourcesDir };
  await checkOutputFolder(outDir, guard);
  await checkCatalogues(projectRoot, languages);
  // Astro copies public/ into the output following links, so a link there would publish its target's
  // bytes (a link to /etc/passwd, say) as a regular file the output's own check cannot tell apart.
  publishedFiles(join(projectRoot, 'public'));
  const sources = options.snapshotDir ? `${resolve(options.sourcesDir)} over the snapshot ${resolve(options.snapshotDir)}` : resolve(options.sourcesDir);
  log(`mnrent build: ${state.name}, sources ${sources} → ${outDir} (site ${root}/, pages in ${languages.map((language) => language.code).join(', ')})`);
  // The output folder is replaced whole: one build at a time writes it, from reading the earlier
  // output to the swap. A second build waits for the first, then runs on its result.
  await mkdir(dirname(outDir), { recursive: true });
  waitingFor = "the output folder's lock";
  const outLock = await acquireLock(join(dirname(outDir), `.${basename(outDir)}.lock`), `output folder ${outDir}`, { waitMs: LOCK_WAIT_MS, log });
  for (const name of await removeLeftovers(dirname(outDir), stagingPattern(outDir))) log(`  removed ${name}, left by a build that was stopped`);
  // Another build may have written the folder while this one waited.
  await checkOutputFolder(outDir, guard);
  const staging = join(dirname(outDir), `.${basename(outDir)}.building-${process.pid}`);
  // Astro's content store and page bundle: this build's own folder, so other builds of the checkout go on beside it.
  const renderFolders = renderFoldersIn(projectRoot);
  for (const name of await removeLeftovers(renderFolders, RENDER_FOLDER_PATTERN)) log(`  removed ${join(renderFolders, name)}, left by a build that was stopped`);
  const workDir = join(renderFolders, renderFolderName(process.pid));
  try {
    await mkdir(workDir, { recursive: true });
    log('  reading and deriving the dataset while Astro starts…');
    // The render process has exited when this returns, also when it failed: nothing writes into staging after it.
    waitingFor = 'the render process';
    const summary = await renderInChildProcess({ state: state.code, load, root: projectRoot, workDir, site, base, outDir, staging, acceptChanges });
    // Nothing but regular files is published, and the pages' inline code is hashed for the policy.
    const written = publishedFiles(staging, outDir);
    waitingFor = 'the security headers';
    await writeHostHeaders(staging, hashesOfPages(staging, written));
    await writeSearchMap(staging, base);
    written.push(...HOST_FILES.map((file) => join(staging, file)));
    let compressed: PrecompressStats | undefined;
    const compressStarted = performance.now();
    if (compress) {
      log('  writing .gz and .br siblings…');
      waitingFor = 'the compression';
      compressed = await precompress(staging, written);
    }
    const compressMs = performance.now() - compressStarted;
    waitingFor = 'the output folder to be swapped in';
    if (base !== '/') await prefixHostFiles(staging, base.replace(/\/$/, ''));
    await writeFile(join(staging, OUTPUT_MARKER), outputMarkerText(state));
    const files = written.length + (compressed?.siblings ?? 0) + 1;
    await swapIn(staging, outDir);
    const { counts, timings, warnings } = summary;
    log('');
    log('Build report');
    log(`  ZIP codes ${counts.zips}, counties ${counts.counties}, with market rent ${counts.zips_with_market_rent}, with census rent ${counts.zips_with_census_rent}, section-8 rows ${counts.section_8_rows}`);
    for (const line of agencyReportLines(summary.agencies)) log(`  ${line}`);
    log(`  files written ${files} to ${outDir}`);
    log(`  generated_at ${summary.generatedAt}; sources FY${summary.safmrFiscalYear} SAFMR, ZORI ${summary.zoriMonth}`);
    if (compressed) log(`  precompressed ${compressed.files} files: ${Math.round(compressed.rawBytes / 1024)} KB raw, ${Math.round(compressed.gzipBytes / 1024)} KB gzip, ${Math.round(compressed.brotliBytes / 1024)} KB brotli`);
    else log('  not precompressed (--no-compress): the host or CDN compresses');
    log(`  parse cache: ${summary.parseCache.hits} of ${summary.parseCache.asked} source files unchanged since they were last parsed`);
    log(`  time: read sources ${seconds(timings.readMs)}, derive ${seconds(timings.deriveMs)}, render and write ${seconds(timings.renderMs)}, compress ${seconds(compressMs)}, total ${seconds(performance.now() - started)}`);
    // The render process holds the dataset and Astro: its peak is the build's; processor time adds both processes.
    const cpu = process.cpuUsage();
    const cpuMs = summary.cpuMs + (cpu.user + cpu.system) / 1000;
    const kernelMs = summary.kernelMs + cpu.system / 1000;
    const peakMb = Math.max(summary.peakMb, Math.round(process.resourceUsage().maxRSS / 1024));
    log(`  peak memory ${peakMb} MB, processor time ${seconds(cpuMs)} (every thread; ${seconds(kernelMs)} of it in the kernel)`);
    log(`  warnings ${warnings.length}${warnings.length ? ':' : ''}`);
    for (const warning of warnings) log(`    - ${warning}`);
  } catch (error) {
    waitingFor = 'the staging folder to be removed';
    await rm(staging, { recursive: true, force: true });
    throw outputWriteFailure(error, outDir) ?? error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
    outLock.release();
  }
  return 0;
}

runCommand('mnrent build', USAGE, main, () => `waiting for ${waitingFor}`);
