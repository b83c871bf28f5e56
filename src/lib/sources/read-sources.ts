// The I/O edge of the pipeline: find each dataset's files in the sources folder, read them once, parse.
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { SourceError } from '../errors.ts';
import { zipInState, type StateScope } from '../state.ts';
import { parseAcsApiJson, parseAcsCsv, parseAcsSummaryFile, type AcsFile } from './census-acs.ts';
import { parseGazetteer, type Centroid } from './census-gazetteer.ts';
import { parseGeonames, type GeonamesPlace } from './geonames.ts';
import { parseCrosswalkApiJson, type Crosswalk } from './hud-crosswalk.ts';
import { parseFmrWorkbook, type FmrAreas } from './hud-fmr.ts';
import { fiscalYearFromFileName, parseSafmrCsv, type SafmrRow } from './hud-safmr.ts';
import { readLockfile, type Lockfile } from './lockfile.ts';
import { parseWorkbookOffThread } from './off-thread.ts';
import { parseZoriCsv, type ZoriFile } from './zillow-zori.ts';

/** A file the build read, as recorded in `meta.json` vintages. */
export interface InputFile {
  /** Path inside the sources folder: `hud_safmr/fy2024_safmrs_revised.xlsx`. */
  name: string;
  bytes: number;
  sha256: string;
  /** Where and when `npm run data:fetch` got these exact bytes, when it did. */
  url?: string;
  retrieved_at?: string;
}

export interface SourceData {
  safmr: { files: InputFile[]; rows: SafmrRow[] };
  fmr: FmrAreas & { file: InputFile; fiscalYear: number };
  zori: ZoriFile & { file: InputFile };
  acs: AcsFile & { file: InputFile };
  /** Null when no crosswalk was supplied: every ZIP is then placed by GeoNames (a build warning). */
  crosswalk: (Crosswalk & { file: InputFile }) | null;
  geonames: { places: GeonamesPlace[]; file: InputFile };
  gazetteer: { centroids: Centroid[]; file: InputFile };
}

/** The dataset folders, named as in the fetch manifest. */
export const DATASETS = {
  safmr: 'hud_safmr',
  fmr: 'hud_fmr',
  zori: 'zillow_zori',
  acs: 'census_acs',
  crosswalk: 'hud_usps_crosswalk',
  geonames: 'geonames',
  gazetteer: 'census_gazetteer',
} as const;
export type DatasetFolder = (typeof DATASETS)[keyof typeof DATASETS];

/** The file endings the build reads in each dataset folder; anything else there is ignored. */
export const DATASET_EXTENSIONS: Record<DatasetFolder, string[]> = {
  hud_safmr: ['.xlsx', '.csv'],
  hud_fmr: ['.xlsx'],
  zillow_zori: ['.csv'],
  census_acs: ['.csv', '.json', '.dat'],
  hud_usps_crosswalk: ['.xlsx', '.json'],
  geonames: ['.txt'],
  census_gazetteer: ['.txt', '.csv'],
};

const hasExtension = (name: string, extensions: string[]) => !name.startsWith('.') && extensions.some((ext) => name.toLowerCase().endsWith(ext));
const utf8 = (bytes: Buffer) => bytes.toString('utf8');

/**
 * Parses one source file exactly as the build does. The fetcher calls it to accept a download:
 * an HTML error page saved under a CSV's name fails here, not in a later build.
 */
export async function parseSourceFile(dataset: DatasetFolder, path: string, bytes: Buffer, state: StateScope): Promise<unknown> {
  const keepZip = zipInState(state);
  const lower = path.toLowerCase();
  switch (dataset) {
    case 'hud_safmr':
      return lower.endsWith('.xlsx') ? parseWorkbookOffThread('safmr', bytes, path, state) : parseSafmrCsv(utf8(bytes), path, keepZip);
    case 'hud_fmr':
      return parseFmrWorkbook(bytes, path, state);
    case 'zillow_zori':
      return parseZoriCsv(utf8(bytes), path, keepZip);
    case 'census_acs':
      return lower.endsWith('.json') ? parseAcsApiJson(utf8(bytes), path, keepZip) : lower.endsWith('.csv') ? parseAcsCsv(utf8(bytes), path, keepZip) : parseAcsSummaryFile(utf8(bytes), path, keepZip);
    case 'hud_usps_crosswalk':
      return lower.endsWith('.json') ? parseCrosswalkApiJson(utf8(bytes), path, keepZip) : parseWorkbookOffThread('crosswalk', bytes, path, state);
    case 'geonames':
      return parseGeonames(utf8(bytes), path, keepZip);
    case 'census_gazetteer':
      return parseGazetteer(utf8(bytes), path, keepZip);
  }
}

/** The source files present in a dataset folder, sorted; none when the folder is absent. */
export async function datasetFiles(sourcesDir: string, dataset: DatasetFolder): Promise<string[] | undefined> {
  try {
    return (await readdir(join(sourcesDir, dataset))).filter((n) => hasExtension(n, DATASET_EXTENSIONS[dataset])).sort();
  } catch {
    return undefined;
  }
}

class SourceReader {
  private readonly sourcesDir: string;
  private readonly lock: Lockfile;
  readonly state: StateScope;

  constructor(sourcesDir: string, lock: Lockfile, state: StateScope) {
    this.sourcesDir = sourcesDir;
    this.lock = lock;
    this.state = state;
  }

  async list(dataset: DatasetFolder): Promise<string[]> {
    const names = await datasetFiles(this.sourcesDir, dataset);
    const dir = join(this.sourcesDir, dataset);
    if (names === undefined) throw new SourceError({ file: dir }, `dataset folder ${dataset}/ is missing (npm run data:fetch downloads it, or put the publisher's file there)`);
    if (names.length === 0) throw new SourceError({ file: dir }, `no ${DATASET_EXTENSIONS[dataset].join(' or ')} file in ${dataset}/`);
    return names;
  }

  async only(dataset: DatasetFolder): Promise<string> {
    const names = await this.list(dataset);
    if (names.length > 1) throw new SourceError({ file: join(this.sourcesDir, dataset) }, `several candidate files (${names.join(', ')}); keep one`);
    return names[0] as string;
  }

  /** Reads and parses one file; its InputFile carries the lockfile's provenance when the bytes match. */
  async parse<T>(dataset: DatasetFolder, name: string): Promise<{ parsed: T; file: InputFile }> {
    const path = join(this.sourcesDir, dataset, name);
    const bytes = await readFile(path);
    if (bytes.length === 0) throw new SourceError({ file: path }, 'file is empty');
    const key = `${dataset}/${name}`;
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const locked = this.lock.files[key];
    const provenance = locked && locked.sha256 === sha256 ? { url: locked.url, retrieved_at: locked.retrieved_at } : {};
    const parsed = (await parseSourceFile(dataset, path, bytes, this.state)) as T;
    return { parsed, file: { name: key, bytes: bytes.length, sha256, ...provenance } };
  }
}

async function readSafmr(reader: SourceReader): Promise<SourceData['safmr']> {
  const names = await reader.list(DATASETS.safmr);
  const parsed = await Promise.all(names.map((name) => reader.parse<SafmrRow[]>(DATASETS.safmr, name)));
  return { files: parsed.map((p) => p.file), rows: parsed.flatMap((p) => p.parsed) };
}

async function readFmr(reader: SourceReader, safmr: Promise<SourceData['safmr']>): Promise<SourceData['fmr']> {
  const names = await reader.list(DATASETS.fmr);
  const byYear = names
    .map((name) => ({ name, fiscalYear: fiscalYearFromFileName(name.replace(/^FY(\d{2})_/i, 'FY20$1_')) }))
    .filter((f): f is { name: string; fiscalYear: number } => f.fiscalYear !== undefined)
    .sort((a, b) => a.fiscalYear - b.fiscalYear);
  if (byYear.length === 0) throw new SourceError({ file: DATASETS.fmr }, `no file named like HUD's FYnn_FMRs.xlsx (found ${names.join(', ')})`);
  // The metro flag belongs to the SAFMR year being published; fall back to the newest county file.
  const latestSafmr = Math.max(...(await safmr).rows.map((r) => r.fiscalYear));
  const chosen = byYear.filter((f) => f.fiscalYear <= latestSafmr).pop() ?? (byYear.at(-1) as { name: string; fiscalYear: number });
  const { parsed, file } = await reader.parse<FmrAreas>(DATASETS.fmr, chosen.name);
  return { ...parsed, file, fiscalYear: chosen.fiscalYear };
}

async function readCrosswalk(reader: SourceReader, sourcesDir: string): Promise<SourceData['crosswalk']> {
  const names = await datasetFiles(sourcesDir, DATASETS.crosswalk);
  if (!names || names.length === 0) return null;
  // HUD names its workbooks ZIP_COUNTY_MMYYYY.xlsx: the newest quarter wins when several are present.
  const key = (n: string) => n.replace(/.*?(\d{2})(\d{4})\.\w+$/i, '$2$1');
  const newest = [...names].sort((a, b) => key(a).localeCompare(key(b))).at(-1) as string;
  const { parsed, file } = await reader.parse<Crosswalk>(DATASETS.crosswalk, newest);
  return { ...parsed, file };
}

/** Reads and parses every dataset the build needs, keeping only the state's rows. */
export async function readSources(sourcesDir: string, state: StateScope): Promise<SourceData> {
  try {
    if (!(await stat(sourcesDir)).isDirectory()) throw new Error('not a folder');
  } catch {
    throw new SourceError({ file: sourcesDir }, 'sources folder not found (set SOURCES_DIR, or run npm run data:fetch)');
  }
  const reader = new SourceReader(sourcesDir, await readLockfile(sourcesDir), state);
  // The big workbooks parse on worker threads (see workbook-worker.ts); start them first.
  const crosswalk = readCrosswalk(reader, sourcesDir);
  const safmr = readSafmr(reader);
  const single = async <T>(dataset: DatasetFolder) => {
    const { parsed, file } = await reader.parse<T>(dataset, await reader.only(dataset));
    return { parsed, file };
  };
  const [safmrData, fmr, zori, acs, crosswalkData, geonames, gazetteer] = await Promise.all([
    safmr,
    readFmr(reader, safmr),
    single<ZoriFile>(DATASETS.zori),
    single<AcsFile>(DATASETS.acs),
    crosswalk,
    single<GeonamesPlace[]>(DATASETS.geonames),
    single<Centroid[]>(DATASETS.gazetteer),
  ]);
  return {
    safmr: safmrData,
    fmr,
    zori: { ...zori.parsed, file: zori.file },
    acs: { ...acs.parsed, file: acs.file },
    crosswalk: crosswalkData,
    geonames: { places: geonames.parsed, file: geonames.file },
    gazetteer: { centroids: gazetteer.parsed, file: gazetteer.file },
  };
}
