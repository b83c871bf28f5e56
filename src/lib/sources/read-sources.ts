// The I/O edge of the pipeline: find each dataset's files in the sources folder, read them once, parse.
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { SourceError } from '../errors.ts';
import { zipInState, type StateScope } from '../state.ts';
import { parseAcsApiJson, parseAcsCsv, parseAcsSummaryFile, type AcsFile } from './census-acs.ts';
import { parseGazetteer, type Centroid } from './census-gazetteer.ts';
import { parseGeonames, type GeonamesPlace } from './geonames.ts';
import type { Crosswalk } from './hud-crosswalk.ts';
import { parseFmrWorkbook, type FmrAreas } from './hud-fmr.ts';
import { fiscalYearFromFileName, parseSafmrCsv, type SafmrRow } from './hud-safmr.ts';
import { parseWorkbookOffThread } from './off-thread.ts';
import { parseZoriCsv, type ZoriFile } from './zillow-zori.ts';

/** A file the build read, as recorded in `meta.json` vintages. */
export interface InputFile {
  /** Path inside the sources folder: `hud_safmr/fy2024_safmrs_revised.xlsx`. */
  name: string;
  bytes: number;
  sha256: string;
}

export interface SourceData {
  safmr: { files: InputFile[]; rows: SafmrRow[] };
  fmr: FmrAreas & { file: InputFile; fiscalYear: number };
  zori: ZoriFile & { file: InputFile };
  acs: AcsFile & { file: InputFile };
  crosswalk: Crosswalk & { file: InputFile };
  geonames: { places: GeonamesPlace[]; file: InputFile };
  gazetteer: { centroids: Centroid[]; file: InputFile };
}

/** The dataset folders, named as on the publishers' side and in the fetch manifest. */
export const DATASETS = {
  safmr: 'hud_safmr',
  fmr: 'hud_fmr',
  zori: 'zillow_zori',
  acs: 'census_acs',
  crosswalk: 'hud_usps_crosswalk',
  geonames: 'geonames',
  gazetteer: 'census_gazetteer',
} as const;

interface Loaded {
  path: string;
  info: InputFile;
  bytes: Buffer;
}

async function listDataset(sourcesDir: string, dataset: string, extensions: string[]): Promise<string[]> {
  const dir = join(sourcesDir, dataset);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    throw new SourceError({ file: dir }, `dataset folder ${dataset}/ is missing (npm run data:fetch downloads it, or put the publisher's file there)`);
  }
  const matching = names.filter((n) => extensions.some((ext) => n.toLowerCase().endsWith(ext)) && !n.startsWith('.')).sort();
  if (matching.length === 0) {
    throw new SourceError({ file: dir }, `no ${extensions.join(' or ')} file in ${dataset}/`);
  }
  return matching;
}

async function load(sourcesDir: string, dataset: string, name: string): Promise<Loaded> {
  const path = join(sourcesDir, dataset, name);
  const bytes = await readFile(path);
  if (bytes.length === 0) throw new SourceError({ file: path }, 'file is empty');
  return {
    path,
    bytes,
    info: { name: `${dataset}/${name}`, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') },
  };
}

async function loadOnly(sourcesDir: string, dataset: string, extensions: string[]): Promise<Loaded> {
  const names = await listDataset(sourcesDir, dataset, extensions);
  if (names.length > 1) {
    throw new SourceError({ file: join(sourcesDir, dataset) }, `several candidate files (${names.join(', ')}); keep one`);
  }
  return load(sourcesDir, dataset, names[0] as string);
}

const text = (loaded: Loaded) => loaded.bytes.toString('utf8');

async function readSafmr(sourcesDir: string, state: StateScope, keepZip: (zip: string) => boolean): Promise<SourceData['safmr']> {
  const names = await listDataset(sourcesDir, DATASETS.safmr, ['.xlsx', '.csv']);
  const parsed = await Promise.all(
    names.map(async (name) => {
      const loaded = await load(sourcesDir, DATASETS.safmr, name);
      const rows = name.toLowerCase().endsWith('.xlsx')
        ? await parseWorkbookOffThread('safmr', loaded.bytes, loaded.path, state)
        : parseSafmrCsv(text(loaded), loaded.path, keepZip);
      return { info: loaded.info, rows };
    }),
  );
  return { files: parsed.map((p) => p.info), rows: parsed.flatMap((p) => p.rows) };
}

async function readFmr(sourcesDir: string, state: StateScope, safmrYears: number[]): Promise<SourceData['fmr']> {
  const names = await listDataset(sourcesDir, DATASETS.fmr, ['.xlsx']);
  const byYear = names
    .map((name) => ({ name, fiscalYear: fiscalYearFromFileName(name.replace(/^FY(\d{2})_/i, 'FY20$1_')) }))
    .filter((f): f is { name: string; fiscalYear: number } => f.fiscalYear !== undefined)
    .sort((a, b) => a.fiscalYear - b.fiscalYear);
  if (byYear.length === 0) {
    throw new SourceError({ file: join(sourcesDir, DATASETS.fmr) }, `no file named like HUD's FYnn_FMRs.xlsx (found ${names.join(', ')})`);
  }
  // The metro flag belongs to the SAFMR year being published; fall back to the newest county file.
  const latestSafmr = Math.max(...safmrYears);
  const chosen = byYear.filter((f) => f.fiscalYear <= latestSafmr).pop() ?? (byYear.at(-1) as { name: string; fiscalYear: number });
  const loaded = await load(sourcesDir, DATASETS.fmr, chosen.name);
  return { ...(await parseFmrWorkbook(loaded.bytes, loaded.path, state)), file: loaded.info, fiscalYear: chosen.fiscalYear };
}

async function readAcs(sourcesDir: string, keepZip: (zip: string) => boolean): Promise<SourceData['acs']> {
  const loaded = await loadOnly(sourcesDir, DATASETS.acs, ['.csv', '.json', '.dat', '.txt']);
  const name = loaded.info.name.toLowerCase();
  const parse = name.endsWith('.json') ? parseAcsApiJson : name.endsWith('.csv') ? parseAcsCsv : parseAcsSummaryFile;
  return { ...parse(text(loaded), loaded.path, keepZip), file: loaded.info };
}

async function readCrosswalk(sourcesDir: string, state: StateScope): Promise<SourceData['crosswalk']> {
  const names = await listDataset(sourcesDir, DATASETS.crosswalk, ['.xlsx']);
  // HUD names them ZIP_COUNTY_MMYYYY.xlsx: the newest quarter wins when several are present.
  const key = (n: string) => n.replace(/.*?(\d{2})(\d{4})\.xlsx$/i, '$2$1');
  const newest = [...names].sort((a, b) => key(a).localeCompare(key(b))).at(-1) as string;
  const loaded = await load(sourcesDir, DATASETS.crosswalk, newest);
  return { ...(await parseWorkbookOffThread('crosswalk', loaded.bytes, loaded.path, state)), file: loaded.info };
}

/** Reads and parses every dataset the build needs, keeping only the state's rows. */
export async function readSources(sourcesDir: string, state: StateScope): Promise<SourceData> {
  try {
    if (!(await stat(sourcesDir)).isDirectory()) throw new Error('not a folder');
  } catch {
    throw new SourceError({ file: sourcesDir }, 'sources folder not found (set SOURCES_DIR, or run npm run data:fetch)');
  }
  const keepZip = zipInState(state);
  // The big workbooks parse on worker threads (see workbook-worker.ts); start them first.
  const crosswalkPromise = readCrosswalk(sourcesDir, state);
  const safmrPromise = readSafmr(sourcesDir, state, keepZip);
  const [safmr, fmr, zori, acs, crosswalk, geonames, gazetteer] = await Promise.all([
    safmrPromise,
    safmrPromise.then((s) => readFmr(sourcesDir, state, s.rows.map((r) => r.fiscalYear))),
    loadOnly(sourcesDir, DATASETS.zori, ['.csv']).then((l) => ({ ...parseZoriCsv(text(l), l.path, keepZip), file: l.info })),
    readAcs(sourcesDir, keepZip),
    crosswalkPromise,
    loadOnly(sourcesDir, DATASETS.geonames, ['.txt']).then((l) => ({ places: parseGeonames(text(l), l.path, keepZip), file: l.info })),
    loadOnly(sourcesDir, DATASETS.gazetteer, ['.txt', '.csv']).then((l) => ({ centroids: parseGazetteer(text(l), l.path, keepZip), file: l.info })),
  ]);
  return { safmr, fmr, zori, acs, crosswalk, geonames, gazetteer };
}
