// The I/O edge of the pipeline: find each dataset's files in the sources folder, read them once,
// parse them by the registry's rules.
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SourceFile } from '../contract/schemas.ts';
import { ERRNO_WORDS, SourceError } from '../errors.ts';
import { compareCodePoints } from '../order.ts';
import type { AcsFile } from './census-acs.ts';
import type { Centroid } from './census-gazetteer.ts';
import { fiscalYearOfCountyFmrFile, type ChoiceContext } from './choose-files.ts';
import type { GeonamesFile } from './geonames.ts';
import type { Crosswalk } from './hud-crosswalk.ts';
import type { FmrAreas } from './hud-fmr.ts';
import type { IncomeLimitsFile } from './hud-income-limits.ts';
import type { ContactsFile } from './hud-pha-contacts.ts';
import type { LayerFile } from './hud-pha-layer.ts';
import { parseAgencyAreas, type AgencyAreas } from './agency-areas.ts';
import type { SafmrRow } from './hud-safmr.ts';
import { readLockfile, type Lockfile } from './lockfile.ts';
import { cacheKey, type ParseCache } from './parse-cache.ts';
import { decodeUtf8 } from './plausible.ts';
import { SOURCES, type DatasetFolder, type ParsedSource, type ScopeOfRead, type SourceDataset } from './registry.ts';
import type { CountyZoriFile } from './zillow-zori-county.ts';
import type { ZoriFile } from './zillow-zori.ts';

export interface SourceData {
  safmr: { files: SourceFile[]; rows: SafmrRow[] };
  fmr: FmrAreas & { file: SourceFile; fiscalYear: number };
  /** HUD's income limits of the fiscal year in effect on the build date. */
  incomeLimits: IncomeLimitsFile & { file: SourceFile };
  zori: ZoriFile & { file: SourceFile };
  /** Zillow's series by county; null when no county file was supplied (the counties then have none). */
  countyZori: (CountyZoriFile & { file: SourceFile }) | null;
  acs: AcsFile & { file: SourceFile };
  /** Null when no crosswalk was supplied: every ZIP is then placed by GeoNames (a build warning). */
  crosswalk: (Crosswalk & { file: SourceFile }) | null;
  geonames: GeonamesFile & { file: SourceFile };
  gazetteer: { centroids: Centroid[]; file: SourceFile };
  /** The two parses of HUD's contact reports: the by-code file (phone and fax checked by hand) and the directory (program and county). */
  contacts: { byCode: ContactsFile & { file: SourceFile }; entries: ContactsFile & { file: SourceFile } };
  /** HUD's agency layer: each agency's record (the contact reports fill and confirm it). */
  layer: LayerFile & { file: SourceFile };
  /** The project's file of the areas agencies serve (data/agency-areas/<STATE>.json); null where it has none for the state. */
  agencyAreas: (AgencyAreas & { file: SourceFile; path: string }) | null;
  /** Files seen but not read, and why; the datasets read from the snapshot. */
  warnings: string[];
}

/** Endings of data files: one of these that fits no name of its dataset is a wrong file, anything else (a README) is not a source. */
const DATA_EXTENSIONS = /\.(xlsx|xls|csv|tsv|txt|dat|json|zip|parquet)$/i;

/** What a dataset folder holds: the source files by name, and what else is there. */
export interface DatasetListing {
  sources: string[];
  /** Files with a data file's ending whose names fit none of the dataset's: errors for the build. */
  misnamed: string[];
  /** Other files (a README): ignored, with a warning. Dotfiles (downloads in progress) are skipped silently. */
  ignored: string[];
}

/** What a dataset folder holds, sorted by code point; undefined when the folder is absent. */
export function listDataset(sourcesDir: string, dataset: DatasetFolder): DatasetListing | undefined {
  let names: string[];
  try {
    names = readdirSync(join(sourcesDir, dataset)).sort(compareCodePoints);
  } catch {
    return undefined;
  }
  const listing: DatasetListing = { sources: [], misnamed: [], ignored: [] };
  for (const name of names) {
    if (name.startsWith('.')) continue;
    if (SOURCES[dataset].names.some(({ pattern }) => pattern.test(name))) listing.sources.push(name);
    else if (DATA_EXTENSIONS.test(name)) listing.misnamed.push(name);
    else listing.ignored.push(name);
  }
  return listing;
}

/** The source files present in a dataset folder; none when the folder is absent. */
export function datasetFiles(sourcesDir: string, dataset: DatasetFolder): string[] | undefined {
  return listDataset(sourcesDir, dataset)?.sources;
}

/**
 * Reads a source file that must be a regular file (a FIFO would block forever); errors name the path.
 * Synchronous: the build reads its sources while Astro loads on the same thread, and an asynchronous
 * read of a 3 MB workbook waits for the event loop between its pieces, which module loading keeps
 * busy (the workbooks' threads started a second late that way).
 */
export function readRegularFile(path: string): Buffer {
  let info;
  try {
    info = statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    let dangling = false;
    try {
      dangling = code === 'ENOENT' && lstatSync(path).isSymbolicLink();
    } catch {
      // Not there at all.
    }
    throw new SourceError({ file: path }, dangling ? 'is a symbolic link to nothing' : `cannot be read (${ERRNO_WORDS[code] ?? code})`);
  }
  if (info.isDirectory()) throw new SourceError({ file: path }, 'is a folder, not a file');
  if (!info.isFile()) throw new SourceError({ file: path }, 'is not a regular file (a pipe, socket or device); the build reads only files');
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    throw new SourceError({ file: path }, `cannot be read (${ERRNO_WORDS[code] ?? code})`);
  }
}

/** A source file read and hashed, not yet parsed. */
interface ReadFile<D extends DatasetFolder> {
  dataset: D;
  path: string;
  bytes: Buffer;
  /** Its SourceFile: the lockfile's provenance when the bytes match. */
  file: SourceFile;
}

type Parsed<D extends DatasetFolder> = Promise<{ parsed: ParsedSource<D>; file: SourceFile }>;

class SourceReader {
  private readonly sourcesDir: string;
  private readonly snapshotDir: string | undefined;
  private readonly lock: Lockfile;
  readonly scope: ScopeOfRead;
  readonly warnings: string[] = [];
  /** The datasets whose files came from the snapshot, in the order read. */
  readonly fromSnapshot: DatasetFolder[] = [];
  private readonly cache: ParseCache | undefined;

  constructor(folders: SourceFolders, lock: Lockfile, scope: ScopeOfRead, cache: ParseCache | undefined) {
    this.sourcesDir = folders.sourcesDir;
    this.snapshotDir = folders.snapshotDir;
    this.lock = lock;
    this.scope = scope;
    this.cache = cache;
  }

  /** The folder a dataset is read from (readFromSnapshot), noting a dataset taken from the snapshot. */
  private folderOf(dataset: DatasetFolder): string {
    if (this.snapshotDir === undefined || !readFromSnapshot({ sourcesDir: this.sourcesDir, snapshotDir: this.snapshotDir }, dataset)) return this.sourcesDir;
    if (!this.fromSnapshot.includes(dataset)) this.fromSnapshot.push(dataset);
    return this.snapshotDir;
  }

  /** The dataset's source files in `folder`; a misnamed data file is an error, other files a warning. */
  list(dataset: DatasetFolder, folder: string): string[] {
    const { required, names } = SOURCES[dataset];
    const listing = listDataset(folder, dataset);
    const dir = join(folder, dataset);
    if (listing === undefined) {
      if (!required) return [];
      throw new SourceError({ file: dir }, `dataset folder ${dataset}/ is missing (npm run data:fetch downloads it, or put the publisher's file there)`);
    }
    const examples = names.map((n) => n.example).join(' or ');
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

  /** Lists a dataset, chooses its files by the registry's rule and reads them. */
  read<D extends DatasetFolder>(dataset: D, context: ChoiceContext = {}): ReadFile<D>[] {
    const folder = this.folderOf(dataset);
    const names = this.list(dataset, folder);
    const dir = join(folder, dataset);
    const chosen = SOURCES[dataset].choose(names, dir, { ...context, stateCode: this.scope.state.code });
    for (const { name, why } of chosen.leftOut) this.warnings.push(`${dataset}/${name} was not read: ${why}`);
    return chosen.read.map((name) => {
      const path = join(dir, name);
      const bytes = readRegularFile(path);
      if (bytes.length === 0) throw new SourceError({ file: path }, 'file is empty');
      const key = `${dataset}/${name}`;
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      // The lockfile records the sources folder's downloads; a snapshot file's origin is in its provenance.json.
      const locked = folder === this.sourcesDir ? this.lock.files[key] : undefined;
      const provenance = locked && locked.sha256 === sha256 ? { url: locked.url, retrieved_at: locked.retrieved_at } : {};
      return { dataset, path, bytes, file: { name: key, bytes: bytes.length, sha256, ...provenance } };
    });
  }

  /**
   * Parses one file read; a workbook's parse starts its thread before this returns. With a parse
   * cache, a file whose bytes (and parsers) are as before is not parsed again, and a workbook another
   * state's build read is not unzipped and parsed again.
   */
  parse<D extends DatasetFolder>({ dataset, path, bytes, file }: ReadFile<D>): Parsed<D> {
    const parse = () => Promise.resolve((SOURCES[dataset] as SourceDataset<unknown>).parse(path, bytes, this.scope, this.cache?.dir) as ParsedSource<D> | Promise<ParsedSource<D>>);
    if (!this.cache) return parse().then((parsed) => ({ parsed, file }));
    const cache = this.cache;
    const entry = cacheKey(file.name, file.sha256, this.scope);
    const cached = cache.get(entry) as ParsedSource<D> | undefined;
    if (cached !== undefined) return Promise.resolve({ parsed: cached, file });
    return parse().then(async (parsed) => {
      await cache.set(entry, parsed);
      return { parsed, file };
    });
  }
}

/**
 * Where the sources are: a folder of dataset folders, and optionally the snapshot the repository
 * carries (`data/snapshot`), read for each dataset the sources folder has no file of (or all, when
 * the sources folder is absent: a clone that has fetched nothing yet).
 */
export interface SourceFolders {
  sourcesDir: string;
  snapshotDir?: string;
  /** The project's files of the areas agencies serve, one a state (`MN.json`); none read without it. */
  agencyAreasDir?: string;
}

/** Whether a dataset is read from the snapshot: there is one, and the sources folder has no file of the dataset. */
export function readFromSnapshot(folders: SourceFolders, dataset: DatasetFolder): boolean {
  return folders.snapshotDir !== undefined && (listDataset(folders.sourcesDir, dataset)?.sources.length ?? 0) === 0;
}

const isFolder = (path: string) => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/**
 * Reads and parses every dataset the build needs, keeping only the state's rows. With a parse
 * cache, a file whose bytes (and parsers) are as before is not parsed again.
 */
export async function readSources(folders: SourceFolders, scope: ScopeOfRead, cache?: ParseCache): Promise<SourceData> {
  const { sourcesDir, snapshotDir } = folders;
  if (snapshotDir !== undefined && !isFolder(snapshotDir)) throw new SourceError({ file: snapshotDir }, 'the snapshot of the sources is missing: restore it with git checkout -- data/snapshot');
  if (snapshotDir === undefined && !isFolder(sourcesDir)) throw new SourceError({ file: sourcesDir }, 'sources folder not found (set SOURCES_DIR, or run npm run data:fetch)');
  const reader = new SourceReader(folders, isFolder(sourcesDir) ? readLockfile(sourcesDir) : { files: {} }, scope, cache);
  // Every file is read before any is parsed, and the files that parse on worker threads (the big
  // workbooks) are handed to them first: a text source parses on this thread, and each one parsed
  // before a workbook is handed over holds that workbook's thread back.
  const crosswalkFiles = reader.read('hud_usps_crosswalk');
  const safmrFiles = reader.read('hud_safmr');
  const incomeLimitsFile = only(reader.read('hud_il', { asOf: scope.limits.date }));
  const zoriFile = only(reader.read('zillow_zori'));
  const countyZoriFiles = reader.read('zillow_zori_county');
  const acsFile = only(reader.read('census_acs'));
  const geonamesFile = only(reader.read('geonames'));
  const gazetteerFile = only(reader.read('census_gazetteer'));
  const contactsFiles = reader.read('hud_pha_contacts');
  const layerFile = only(reader.read('hud_pha_layer'));
  const agencyAreas = readAgencyAreas(folders.agencyAreasDir, scope);
  const offThread = (f: ReadFile<DatasetFolder>) => (SOURCES[f.dataset] as SourceDataset<unknown>).parsesOffThread?.(f.path) === true;
  const started = new Map<ReadFile<DatasetFolder>, Parsed<DatasetFolder>>();
  const all: ReadFile<DatasetFolder>[] = [...crosswalkFiles, ...safmrFiles, incomeLimitsFile, zoriFile, ...countyZoriFiles, acsFile, geonamesFile, gazetteerFile, ...contactsFiles, layerFile];
  for (const f of [...all.filter(offThread), ...all.filter((f) => !offThread(f))]) started.set(f, reader.parse(f));
  const parsed = <D extends DatasetFolder>(f: ReadFile<D>) => started.get(f) as Parsed<D>;
  // The county FMR file follows the newest SAFMR year read.
  const safmr = Promise.all(safmrFiles.map(parsed));
  const fmr = safmr.then((files) => reader.parse(only(reader.read('hud_fmr', { latestSafmrYear: Math.max(...files.flatMap((f) => f.parsed.map((r) => r.fiscalYear))) }))));
  const [safmrParsed, fmrFile, incomeLimits, zori, countyZoriParsed, acs, crosswalkParsed, geonames, gazetteer, contacts, layer] = await Promise.all([
    safmr,
    fmr,
    parsed(incomeLimitsFile),
    parsed(zoriFile),
    Promise.all(countyZoriFiles.map(parsed)),
    parsed(acsFile),
    Promise.all(crosswalkFiles.map(parsed)),
    parsed(geonamesFile),
    parsed(gazetteerFile),
    Promise.all(contactsFiles.map(parsed)),
    parsed(layerFile),
  ]);
  const [crosswalkFile] = crosswalkParsed;
  const [countyZori] = countyZoriParsed;
  return {
    safmr: { files: safmrParsed.map((p) => p.file), rows: safmrParsed.flatMap((p) => p.parsed) },
    fmr: { ...fmrFile.parsed, file: fmrFile.file, fiscalYear: fiscalYearOfCountyFmrFile(fmrFile.file.name) },
    incomeLimits: { ...incomeLimits.parsed, file: incomeLimits.file },
    zori: { ...zori.parsed, file: zori.file },
    countyZori: countyZori ? { ...countyZori.parsed, file: countyZori.file } : null,
    acs: { ...acs.parsed, file: acs.file },
    crosswalk: crosswalkFile ? { ...crosswalkFile.parsed, file: crosswalkFile.file } : null,
    geonames: { ...geonames.parsed, file: geonames.file },
    gazetteer: { centroids: gazetteer.parsed, file: gazetteer.file },
    contacts: contactsByLayout(contacts),
    layer: { ...layer.parsed, file: layer.file },
    agencyAreas,
    warnings: [...reader.warnings.sort(compareCodePoints), ...snapshotNotice(reader.fromSnapshot, folders)],
  };
}

/** The state's file of the areas agencies serve, read and checked; null where the folder has none for the state. */
function readAgencyAreas(dir: string | undefined, { state }: ScopeOfRead): SourceData['agencyAreas'] {
  if (dir === undefined) return null;
  const path = join(dir, `${state.code}.json`);
  // No file is no areas; anything else there (a dangling link, a folder, no permission) is refused by readRegularFile.
  try {
    lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
  }
  const bytes = readRegularFile(path);
  if (bytes.length === 0) throw new SourceError({ file: path }, 'file is empty');
  const name = `agency-areas/${state.code}.json`;
  const areas = parseAgencyAreas(decodeUtf8(bytes, path), path, state);
  return { ...areas, file: { name, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') }, path };
}

/** One warning naming the datasets read from the snapshot, when any were. */
function snapshotNotice(datasets: readonly DatasetFolder[], { sourcesDir, snapshotDir }: SourceFolders): string[] {
  if (datasets.length === 0 || snapshotDir === undefined) return [];
  return [`${[...datasets].sort(compareCodePoints).join(', ')}: read from the snapshot in ${snapshotDir}, since ${sourcesDir} has no file of ${datasets.length === 1 ? 'it' : 'them'} (npm run data:fetch downloads the releases in effect)`];
}

/** The two contacts files by the layout each turned out to have (chooseContactsFiles chose one of each name). */
function contactsByLayout(files: { parsed: ContactsFile; file: SourceFile }[]): SourceData['contacts'] {
  const of = (layout: ContactsFile['layout']) => {
    const found = files.find((f) => f.parsed.layout === layout);
    if (found === undefined) {
      const names = files.map((f) => f.file.name).join(' and ');
      throw new SourceError({ file: names }, `both have one layout; one file of each is needed (${layout === 'by_code' ? '{ contacts: { CODE: {...} } }' : '{ entries: [...] }'} is missing)`);
    }
    return { ...found.parsed, file: found.file };
  };
  return { byCode: of('by_code'), entries: of('entries') };
}

/** The one file of a dataset that has exactly one. */
function only<T>(files: T[]): T {
  const [first] = files;
  if (first === undefined) throw new Error('a required dataset chose no file');
  return first;
}
