// npm run build -- [--site URL] [--outDir DIR]   (sources: SOURCES_DIR, default data/sources)
// Reads the sources once, renders the site with Astro into a temporary folder, and swaps it in
// only when everything succeeded: a failed build leaves the previous output exactly as it was.
import { existsSync } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'astro';
import { DEFAULT_SITE } from '../../astro.config.mjs';
import { optionsFromEnv, sharedDataset } from '../lib/dataset.ts';
import { isSourceError } from '../lib/errors.ts';
import { precompress } from '../lib/precompress.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

class UsageError extends Error {}

function parseCommandLine(argv: string[]): { site: string; outDir: string } {
  let values: { site?: string | undefined; outDir?: string | undefined };
  try {
    ({ values } = parseArgs({ args: argv, options: { site: { type: 'string' }, outDir: { type: 'string' } }, strict: true }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\nusage: npm run build -- [--site URL] [--outDir DIR]`);
  }
  const site = values.site ?? DEFAULT_SITE;
  let parsed: URL;
  try {
    parsed = new URL(site);
  } catch {
    throw new UsageError(`--site ${site} is not an absolute URL (e.g. https://rent.example.org)`);
  }
  if (!/^https?:$/.test(parsed.protocol)) throw new UsageError(`--site ${site} must be an http or https URL`);
  return { site: parsed.href.replace(/\/+$/, ''), outDir: resolve(values.outDir ?? 'dist') };
}

async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).length;
}

/** Replaces `outDir` by `fresh` with two renames, so readers never see a half-written folder for long. */
async function swapIn(fresh: string, outDir: string): Promise<void> {
  const old = join(dirname(outDir), `.${basename(outDir)}.old-${process.pid}`);
  const hadOld = existsSync(outDir);
  if (hadOld) await rename(outDir, old);
  await rename(fresh, outDir);
  if (hadOld) await rm(old, { recursive: true, force: true });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const log = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const started = performance.now();
  const { site, outDir } = parseCommandLine(process.argv.slice(2));
  const options = optionsFromEnv(site, outDir);
  const staging = join(dirname(outDir), `.${basename(outDir)}.building-${process.pid}`);
  log(`mnrent build: sources ${resolve(options.sourcesDir)} → ${outDir} (site ${site})`);
  log('  reading and deriving the dataset…');
  const dataset = await sharedDataset(options);
  log(`  ${dataset.zips.length} ZIP codes, ${dataset.counties.length} counties; rendering with Astro…`);
  const renderStarted = performance.now();
  try {
    await build({ root, site, outDir: staging, logLevel: 'warn' });
    const renderMs = performance.now() - renderStarted;
    log('  writing .gz and .br siblings…');
    const compressStarted = performance.now();
    const compressed = await precompress(staging);
    const compressMs = performance.now() - compressStarted;
    const files = await countFiles(staging);
    await swapIn(staging, outDir);
    const { counts } = dataset.metaRecord;
    log('');
    log('Build report');
    log(`  ZIP codes ${counts.zips}, counties ${counts.counties}, with market rent ${counts.zips_with_market_rent}, section-8 rows ${counts.section_8_rows}`);
    log(`  files written ${files} to ${outDir}`);
    log(`  generated_at ${dataset.meta.generated_at}; sources FY${dataset.metaRecord.vintages.hud_safmr.latest_fiscal_year} SAFMR, ZORI ${dataset.meta.sources.zori}`);
    log(`  precompressed ${compressed.files} files: ${Math.round(compressed.rawBytes / 1024)} KB raw, ${Math.round(compressed.gzipBytes / 1024)} KB gzip, ${Math.round(compressed.brotliBytes / 1024)} KB brotli`);
    log(`  time: read sources ${seconds(dataset.timings.readMs)}, derive ${seconds(dataset.timings.deriveMs)}, render and write ${seconds(renderMs)}, compress ${seconds(compressMs)}, total ${seconds(performance.now() - started)}`);
    log(`  peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
    log(`  warnings ${dataset.warnings.length}${dataset.warnings.length ? ':' : ''}`);
    for (const warning of dataset.warnings) log(`    - ${warning}`);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

main().catch((error: unknown) => {
  // Exit at once: the other sources may still be parsing, and nothing was written yet that needs them.
  if (isSourceError(error) || error instanceof UsageError) {
    process.stderr.write(`mnrent build failed: ${error.message}\n`);
    process.exit(error instanceof UsageError ? 2 : 1);
  }
  // Anything else is a bug in this project, and its stack is what a maintainer needs.
  process.stderr.write(`mnrent build failed unexpectedly:\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
