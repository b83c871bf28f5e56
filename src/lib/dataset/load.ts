// Loading the dataset once per build: the edge where the clock, the environment and the disk are read.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { ChangeEntry } from '../contract/schemas.ts';
import type { EarlierOutput } from '../derive/changes.ts';
import { bulkFiles } from '../publication/bulk-files.ts';
import { deriveInTwo, type Dataset, type DatasetRecords } from '../derive/dataset.ts';
import { contentFingerprint, type PreviousResource } from '../derive/lastmod.ts';
import type { PublishedCounts } from '../derive/publish-gate.ts';
import { dateLimits } from '../sources/plausible.ts';
import { parseCache } from '../sources/parse-cache.ts';
import { readSources } from '../sources/read-sources.ts';
import { LANGUAGES } from '../languages.ts';
import { DEFAULT_REPORT_URL, type LoadOptions } from './options.ts';

/** The records of a loaded dataset (the first of loadDataset's two steps), with what the publish gate weighs. */
export interface LoadedRecords extends DatasetRecords {
  /** The counts of the output this build would replace, for the publish gate; undefined without one. */
  earlier: PublishedCounts | undefined;
}

export interface LoadedDataset extends LoadedRecords, Dataset {
  timings: { readMs: number; deriveMs: number };
  /** The codes of the languages the pages are built in (the build's `--languages`). */
  languages: readonly string[];
  /** Source files answered by the parse cache, of those read. */
  parseCache: { hits: number; asked: number };
}

/** What loadDataset adds to its records: the rest of the dataset (`LoadedDataset` is both). */
export type LoadedRest = Omit<LoadedDataset, keyof LoadedRecords>;

async function readJsonFiles(dir: string): Promise<unknown[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  return Promise.all(names.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as unknown));
}

const readJson = (path: string): Promise<unknown> => readFile(path, 'utf8').then((t) => JSON.parse(t) as unknown, () => undefined);

/**
 * An earlier output: its resources by URL (unchanged ones keep their `lastmod`) and, when it has a
 * meta.json, what the change log compares with. Unreadable files are skipped.
 */
export async function readEarlierOutput(outDir: string | undefined): Promise<{ resources: Map<string, PreviousResource>; output: EarlierOutput | undefined; warnings: string[] }> {
  const resources = new Map<string, PreviousResource>();
  if (!outDir) return { resources, output: undefined, warnings: [] };
  const api = join(outDir, 'api', 'v1');
  const [zips, counties, sectionEight, meta, changes] = await Promise.all([
    readJsonFiles(join(api, 'zip')),
    readJsonFiles(join(api, 'county')),
    readJson(join(api, 'section-8.json')),
    readJson(join(api, 'meta.json')),
    readJson(join(api, 'changes.json')),
  ]);
  for (const doc of [...zips, ...counties, ...(sectionEight === undefined ? [] : [sectionEight])]) {
    const { url, lastmod } = (doc ?? {}) as { url?: unknown; lastmod?: unknown };
    if (typeof url === 'string' && typeof lastmod === 'string') resources.set(url, { lastmod, fingerprint: contentFingerprint(doc) });
  }
  const generatedAt = (meta as { meta?: { generated_at?: unknown } } | undefined)?.meta?.generated_at;
  if (typeof generatedAt !== 'string') return { resources, output: undefined, warnings: [] };
  const entries = z.array(ChangeEntry).safeParse((changes as { entries?: unknown } | undefined)?.entries ?? []);
  const warnings = entries.success ? [] : [`the earlier output's changes.json is not readable: its history is not carried over`];
  return { resources, output: { generatedAt, zips, counties, entries: entries.success ? entries.data : [] }, warnings };
}

/** The counts in an earlier output's meta.json; undefined when there is none or it is unreadable. */
export async function readEarlierCounts(outDir: string | undefined): Promise<PublishedCounts | undefined> {
  if (!outDir) return undefined;
  try {
    const doc = JSON.parse(await readFile(join(outDir, 'api', 'v1', 'meta.json'), 'utf8')) as {
      counts?: Partial<Record<keyof PublishedCounts, unknown>>;
      vintages?: { hud_safmr?: { fiscal_years?: unknown } };
    };
    const count = (key: Exclude<keyof PublishedCounts, 'fiscal_years'>) => (typeof doc.counts?.[key] === 'number' ? doc.counts[key] : 0);
    const years = doc.vintages?.hud_safmr?.fiscal_years;
    return {
      zips: count('zips'),
      counties: count('counties'),
      zips_with_market_rent: count('zips_with_market_rent'),
      // Outputs from before this count existed carry none: nothing to compare against then.
      zips_with_census_rent: count('zips_with_census_rent'),
      // And from before Zillow's county series.
      counties_with_market_rent: count('counties_with_market_rent'),
      section_8_rows: count('section_8_rows'),
      // Outputs from before the income limits carry none either.
      counties_with_income_limits: count('counties_with_income_limits'),
      // And from before the housing agencies.
      housing_agencies: count('housing_agencies'),
      counties_with_housing_agencies: count('counties_with_housing_agencies'),
      fiscal_years: Array.isArray(years) ? years.filter((y): y is number => typeof y === 'number') : [],
    };
  } catch {
    return undefined;
  }
}

/** Reads and derives the dataset; `onRecords` has the records as soon as they are derived, before the bulk files and the site record. */
export async function loadDataset(options: LoadOptions, onRecords?: (records: LoadedRecords) => void): Promise<LoadedDataset> {
  const { state } = options;
  const started = performance.now();
  const scope = { state, limits: dateLimits(options.generatedAt) };
  // MNRENT_PARSE_CACHE=0 parses every file, as a first build does.
  const cache = process.env.MNRENT_PARSE_CACHE === '0' ? undefined : parseCache();
  const [sources, previous, earlier] = await Promise.all([
    readSources(options, scope, cache),
    readEarlierOutput(options.previousDir),
    readEarlierCounts(options.previousDir),
  ]);
  const read = performance.now();
  const derived = deriveInTwo(sources, { bulkFiles, state, site: options.site, generatedAt: options.generatedAt, previous: previous.resources, earlier: previous.output, reportUrl: options.reportUrl ?? DEFAULT_REPORT_URL, ...(options.mcpUrl ? { mcpUrl: options.mcpUrl } : {}) });
  const records: LoadedRecords = { ...derived.records, warnings: [...derived.records.warnings, ...previous.warnings], earlier };
  onRecords?.(records);
  return { ...records, ...derived.rest(), timings: { readMs: read - started, deriveMs: performance.now() - read }, languages: options.languages ?? LANGUAGES.map((language) => language.code), parseCache: cache?.stats ?? { hits: 0, asked: 0 } };
}
