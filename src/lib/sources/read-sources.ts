// The I/O edge of the pipeline: find each dataset's files in the sources folder, read them once, parse.
import { createHash } from 'node:crypto';
import { lstat, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { SourceError } from '../errors.ts';
import { compareCodePoints } from '../order.ts';
import { zipInState, type StateScope } from '../state.ts';
import { parseAcsApiJson, parseAcsCsv, parseAcsSummaryFile, type AcsFile } from './census-acs.ts';
import { parseGazetteer, type Centroid } from './census-gazetteer.ts';
import { parseGeonames, type GeonamesPlace } from './geonames.ts';
import { parseCrosswalkApiJson, type Crosswalk } from './hud-crosswalk.ts';
import { parseFmrWorkbook, type FmrAreas } from './hud-fmr.ts';
import { checkedFiscalYear, fiscalYearFromFileName, parseSafmrCsv, type SafmrRow } from './hud-safmr.ts';
import { readLockfile, type Lockfile } from './lockfile.ts';
import { parseWorkbookOffThread } from './off-thread.ts';
import { decodeUtf8, type DateLimits } from './plausible.ts';
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
  /** Files seen but not read, and why. */
  warnings: string[];
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

/**
 * The names a source file may have in each dataset folder: the publishers' own names (and the
 * tidy copies the tests use). A file with a source's extension that fits none of them is an error,
 * not a guess: `ZIP_COUNTY_032020_old.xlsx` must not be read as the newest crosswalk.
 */
export const SOURCE_FILE_NAMES: Record<DatasetFolder, { pattern: RegExp; example: string }[]> = {
  hud_safmr: [
    { pattern: /^fy\d{4}_safmrs(?:_revised)?\.xlsx$/i, example: 'fy2026_safmrs.xlsx' },
    { pattern: /^safmr_fy\d{4}[\w.-]*\.csv$/i, example: 'safmr_fy2026.csv' },
  ],
  hud_fmr: [{ pattern: /^FY\d{2}_FMRs(?:_revised)?\.xlsx$/i, example: 'FY26_FMRs.xlsx' }],
  zillow_zori: [{ pattern: /^Zip_zori_[\w.-]*\.csv$/i, example: 'Zip_zori_uc_sfrcondomfr_sm_month.csv' }],
  census_acs: [
    { pattern: /^acsdt5y\d{4}-b25064\.dat$/i, example: 'acsdt5y2023-b25064.dat' },
    { pattern: /^acs5_\d{4}_b25064_zcta\.json$/i, example: 'acs5_2023_b25064_zcta.json' },
    { pattern: /^acs5_\d{4}-\d{4}_B25064[\w.-]*\.csv$/i, example: 'acs5_2019-2023_B25064_zcta.csv' },
  ],
  hud_usps_crosswalk: [
    { pattern: /^ZIP_COUNTY_(?:03|06|09|12)\d{4}\.xlsx$/i, example: 'ZIP_COUNTY_092024.xlsx' },
    { pattern: /^ZIP_COUNTY_api\.json$/i, example: 'ZIP_COUNTY_api.json' },
  ],
  geonames: [{ pattern: /^US\.txt$/, example: 'US.txt' }],
  census_gazetteer: [
    { pattern: /^\d{4}_Gaz_zcta_national\.txt$/i, example: '2024_Gaz_zcta_national.txt' },
    { pattern: /^zcta_centroids[\w.-]*\.csv$/i, example: 'zcta_centroids_2022.csv' },
  ],
};

/** Endings of data files: one of these that fits no name above is a wrong file, anything else (a README) is not a source. */
const DATA_EXTENSIONS = /\.(xlsx|xls|csv|tsv|txt|dat|json|zip|parquet)$/i;

export interface ScopeOfRead {
  state: StateScope;
  /** What a value may be on the build (or fetch) date: no fiscal year or month after it. */
  limits: DateLimits;
}

/** How a text source is laid out, so an encoding error can name its column. */
const textLayout = (dataset: DatasetFolder, lower: string) => ({
  delimiter: dataset === 'geonames' || (dataset === 'census_gazetteer' && lower.endsWith('.txt')) ? '\t' : lower.endsWith('.dat') ? '|' : ',',
  hasHeader: dataset !== 'geonames',
});

/**
 * Parses one source file exactly as the build does. The fetcher calls it to accept a download:
 * an HTML error page saved under a CSV's name fails here, not in a later build.
 */
export async function parseSourceFile(dataset: DatasetFolder, path: string, bytes: Buffer, scope: ScopeOfRead): Promise<unknown> {
  const { state, limits } = scope;
  const keepZip = zipInState(state);
  const lower = path.toLowerCase();
  const text = () => decodeUtf8(bytes, path, textLayout(dataset, lower));
  switch (dataset) {
    case 'hud_safmr':
      if (!lower.endsWith('.xlsx')) return parseSafmrCsv(text(), path, keepZip, limits);
      checkedFiscalYear(path, limits);
      return parseWorkbookOffThread('safmr', bytes, path, state, limits);
    case 'hud_fmr':
      checkedFiscalYear(fmrFileYearName(path), limits);
      return parseFmrWorkbook(bytes, path, state);
    case 'zillow_zori':
      return parseZoriCsv(text(), path, keepZip, limits);
    case 'census_acs':
      return lower.endsWith('.json') ? parseAcsApiJson(text(), path, keepZip) : lower.endsWith('.csv') ? parseAcsCsv(text(), path, keepZip) : parseAcsSummaryFile(text(), path, keepZip);
    case 'hud_usps_crosswalk':
      return lower.endsWith('.json') ? parseCrosswalkApiJson(text(), path, keepZip) : parseWorkbookOffThread('crosswalk', bytes, path, state, limits);
    case 'geonames':
      return parseGeonames(text(), path, keepZip);
    case 'census_gazetteer':
      return parseGazetteer(text(), path, keepZip);
  }
}

/** How many rows for the state a parsed file holds: what the fetcher compares before replacing a copy. */
export function rowsForState(dataset: DatasetFolder, parsed: unknown): number {
  switch (dataset) {
    case 'hud_safmr':
    case 'geonames':
    case 'census_gazetteer':
      return (parsed as unknown[]).length;
    case 'hud_fmr':
      return (parsed as FmrAreas).counties.length;
    case 'zillow_zori':
      return (parsed as ZoriFile).series.length;
    case 'census_acs':
      return (parsed as AcsFile).rents.length;
    case 'hud_usps_crosswalk':
      return (parsed as Crosswalk).rows.length;
  }
}

/** HUD names county FMR files by two digits (`FY26_FMRs.xlsx`); as a four-digit name for the year rules. */
const fmrFileYearName = (name: string) => name.replace(/(^|\/)FY(\d{2})_/i, '$1FY20$2_');

/** What a dataset folder holds: the source files by name, and what else is there. */
export interface DatasetListing {
  sources: string[];
  /** Files with a data file's ending whose names fit none of the dataset's: errors for the build. */
  misnamed: string[];
  /** Other files (a README): ignored, with a warning. Dotfiles (downloads in progress) are skipped silently. */
  ignored: string[];
}

/** What a dataset folder holds, sorted by code point; undefined when the folder is absent. */
export async function listDataset(sourcesDir: string, dataset: DatasetFolder): Promise<DatasetListing | undefined> {
  let names: string[];
  try {
    names = (await readdir(join(sourcesDir, dataset))).sort(compareCodePoints);
  } catch {
    return undefined;
  }
  const listing: DatasetListing = { sources: [], misnamed: [], ignored: [] };
  for (const name of names) {
    if (name.startsWith('.')) continue;
    if (SOURCE_FILE_NAMES[dataset].some(({ pattern }) => pattern.test(name))) listing.sources.push(name);
    else if (DATA_EXTENSIONS.test(name)) listing.misnamed.push(name);
    else listing.ignored.push(name);
  }
  return listing;
}

/** The source files present in a dataset folder; none when the folder is absent. */
export async function datasetFiles(sourcesDir: string, dataset: DatasetFolder): Promise<string[] | undefined> {
  return (await listDataset(sourcesDir, dataset))?.sources;
}

const ERRNO_WORDS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'is a folder',
  ENOENT: 'not found',
  ELOOP: 'a loop of symbolic links',
  EIO: 'input/output error',
};

/** Reads a source file that must be a regular file (a FIFO would block forever); errors name the path. */
export async function readRegularFile(path: string): Promise<Buffer> {
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const dangling = code === 'ENOENT' && (await lstat(path).then((l) => l.isSymbolicLink(), () => false));
    throw new SourceError({ file: path }, dangling ? 'is a symbolic link to nothing' : `cannot be read (${ERRNO_WORDS[code] ?? code})`);
  }
  if (info.isDirectory()) throw new SourceError({ file: path }, 'is a folder, not a file');
  if (!info.isFile()) throw new SourceError({ file: path }, 'is not a regular file (a pipe, socket or device); the build reads only files');
  try {
    return await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    throw new SourceError({ file: path }, `cannot be read (${ERRNO_WORDS[code] ?? code})`);
  }
}

class SourceReader {
  private readonly sourcesDir: string;
  private readonly lock: Lockfile;
  readonly scope: ScopeOfRead;
  readonly warnings: string[] = [];

  constructor(sourcesDir: string, lock: Lockfile, scope: ScopeOfRead) {
    this.sourcesDir = sourcesDir;
    this.lock = lock;
    this.scope = scope;
  }

  /** The dataset's source files; a misnamed data file is an error, other files a warning. */
  async list(dataset: DatasetFolder, required = true): Promise<string[]> {
    const listing = await listDataset(this.sourcesDir, dataset);
    const dir = join(this.sourcesDir, dataset);
    if (listing === undefined) {
      if (!required) return [];
      throw new SourceError({ file: dir }, `dataset folder ${dataset}/ is missing (npm run data:fetch downloads it, or put the publisher's file there)`);
    }
    const examples = SOURCE_FILE_NAMES[dataset].map((n) => n.example).join(' or ');
    const [misnamed] = listing.misnamed;
    if (misnamed !== undefined) {
      throw new SourceError({ file: join(dir, misnamed) }, `not named like a ${dataset} source (${examples}); rename it if it is one, or move it out of ${dataset}/`);
    }
    for (const name of listing.ignored) this.warnings.push(`${dataset}/${name} is not a source file and was not read`);
    if (listing.sources.length === 0 && required) {
      throw new SourceError({ file: dir }, `no source file in ${dataset}/ (expected a name like ${examples})`);
    }
    return listing.sources;
  }

  async only(dataset: DatasetFolder): Promise<string> {
    const names = await this.list(dataset);
    if (names.length > 1) throw new SourceError({ file: join(this.sourcesDir, dataset) }, `several candidate files (${names.join(', ')}); keep one`);
    return names[0] as string;
  }

  /** Reads and parses one file; its InputFile carries the lockfile's provenance when the bytes match. */
  async parse<T>(dataset: DatasetFolder, name: string): Promise<{ parsed: T; file: InputFile }> {
    const path = join(this.sourcesDir, dataset, name);
    const bytes = await readRegularFile(path);
    if (bytes.length === 0) throw new SourceError({ file: path }, 'file is empty');
    const key = `${dataset}/${name}`;
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const locked = this.lock.files[key];
    const provenance = locked && locked.sha256 === sha256 ? { url: locked.url, retrieved_at: locked.retrieved_at } : {};
    const parsed = (await parseSourceFile(dataset, path, bytes, this.scope)) as T;
    return { parsed, file: { name: key, bytes: bytes.length, sha256, ...provenance } };
  }
}

/**
 * One file per fiscal year: HUD's `_revised` workbook replaces the original of its year (HUD
 * republishes a year's file when it corrects it). Other files are kept whole (a tidy CSV may hold
 * several years). Returns the files to read and a warning for each left out.
 */
export function chooseSafmrFiles(names: readonly string[]): { read: string[]; leftOut: { name: string; instead: string }[] } {
  const leftOut: { name: string; instead: string }[] = [];
  const workbooks = new Map<number, string>();
  const read: string[] = [];
  for (const name of names) {
    const match = /^fy(\d{4})_safmrs(_revised)?\.xlsx$/i.exec(name);
    if (!match) {
      read.push(name);
      continue;
    }
    const year = Number(match[1]);
    const other = workbooks.get(year);
    if (other === undefined) workbooks.set(year, name);
    else if (match[2]) {
      workbooks.set(year, name);
      leftOut.push({ name: other, instead: name });
    } else leftOut.push({ name, instead: other });
  }
  return { read: [...read, ...workbooks.values()].sort(compareCodePoints), leftOut };
}

async function readSafmr(reader: SourceReader): Promise<SourceData['safmr']> {
  const { read: names, leftOut } = chooseSafmrFiles(await reader.list(DATASETS.safmr));
  for (const { name, instead } of leftOut) reader.warnings.push(`hud_safmr/${name} was not read: ${instead} is HUD's revision of the same fiscal year`);
  const parsed = await Promise.all(names.map((name) => reader.parse<SafmrRow[]>(DATASETS.safmr, name)));
  return { files: parsed.map((p) => p.file), rows: parsed.flatMap((p) => p.parsed) };
}

async function readFmr(reader: SourceReader, safmr: Promise<SourceData['safmr']>): Promise<SourceData['fmr']> {
  const names = await reader.list(DATASETS.fmr);
  const latestSafmr = Math.max(...(await safmr).rows.map((r) => r.fiscalYear));
  const chosen = chooseCountyFmrFile(names, latestSafmr);
  const { parsed, file } = await reader.parse<FmrAreas>(DATASETS.fmr, chosen.name);
  return { ...parsed, file, fiscalYear: chosen.fiscalYear };
}

/**
 * The county FMR file for the SAFMR year being published (its metro flags belong to that year):
 * the newest year not after it, a revised file before the original; else the newest there is.
 */
export function chooseCountyFmrFile(names: readonly string[], latestSafmrYear: number): { name: string; fiscalYear: number } {
  const byYear = names
    .flatMap((name) => {
      const fiscalYear = fiscalYearFromFileName(fmrFileYearName(name));
      return fiscalYear === undefined ? [] : [{ name, fiscalYear, revised: /_revised\./i.test(name) }];
    })
    .sort((a, b) => a.fiscalYear - b.fiscalYear || Number(a.revised) - Number(b.revised));
  const chosen = byYear.filter((f) => f.fiscalYear <= latestSafmrYear).pop() ?? byYear.at(-1);
  if (!chosen) throw new SourceError({ file: DATASETS.fmr }, `no file named like HUD's FYnn_FMRs.xlsx (found ${names.join(', ')})`);
  return { name: chosen.name, fiscalYear: chosen.fiscalYear };
}

/**
 * HUD names its workbooks `ZIP_COUNTY_MMYYYY.xlsx` (MM the last month of the quarter): the newest
 * quarter wins. The API answer carries its quarter inside, so it cannot be ranked by name against
 * a workbook: the two together are an error.
 */
export function chooseCrosswalkFile(names: readonly string[], folder: string): { name: string; leftOut: string[] } | undefined {
  if (names.length === 0) return undefined;
  const api = names.filter((n) => /\.json$/i.test(n));
  if (api.length > 0 && names.length > api.length) {
    throw new SourceError({ file: folder }, `both the HUD API answer and workbooks (${names.join(', ')}): keep one`);
  }
  const key = (n: string) => n.replace(/^ZIP_COUNTY_(\d{2})(\d{4})\..*$/i, '$2$1');
  const sorted = [...names].sort((a, b) => compareCodePoints(key(a), key(b)));
  const name = sorted.pop() as string;
  return { name, leftOut: sorted };
}

async function readCrosswalk(reader: SourceReader): Promise<SourceData['crosswalk']> {
  const chosen = chooseCrosswalkFile(await reader.list(DATASETS.crosswalk, false), DATASETS.crosswalk);
  if (!chosen) return null;
  for (const name of chosen.leftOut) reader.warnings.push(`hud_usps_crosswalk/${name} was not read: ${chosen.name} is a newer quarter`);
  const { parsed, file } = await reader.parse<Crosswalk>(DATASETS.crosswalk, chosen.name);
  return { ...parsed, file };
}

/** Reads and parses every dataset the build needs, keeping only the state's rows. */
export async function readSources(sourcesDir: string, scope: ScopeOfRead): Promise<SourceData> {
  try {
    if (!(await stat(sourcesDir)).isDirectory()) throw new Error('not a folder');
  } catch {
    throw new SourceError({ file: sourcesDir }, 'sources folder not found (set SOURCES_DIR, or run npm run data:fetch)');
  }
  const reader = new SourceReader(sourcesDir, await readLockfile(sourcesDir), scope);
  // The big workbooks parse on worker threads (see workbook-worker.ts); start them first.
  const crosswalk = readCrosswalk(reader);
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
    warnings: reader.warnings.sort(compareCodePoints),
  };
}
