// One entry per dataset: its folder, the names its files may have, how a file is parsed, how many
// rows for the state it gave, and how the file to read is chosen. The build's reader, the fetcher
// and the fetch manifest all read this table.
import { zipInState } from '../states.ts';
import { parseAcsApiJson, parseAcsCsv, parseAcsSummaryFile, type AcsFile } from './census-acs.ts';
import { parseGazetteer, type Centroid } from './census-gazetteer.ts';
import {
  chooseContactsFiles,
  chooseCountyFmrFile,
  chooseCrosswalkFile,
  chooseGeonamesFile,
  chooseLayerFile,
  chooseOnlyFile,
  chooseSafmrFiles,
  CONTACTS_FILES,
  fmrFileYearName,
  LAYER_FILES,
  type ChoiceContext,
  type FileChoice,
} from './choose-files.ts';
import { parseGeonames, type GeonamesFile } from './geonames.ts';
import { parseCrosswalkApiJson, type Crosswalk } from './hud-crosswalk.ts';
import { parseFmrWorkbook, type FmrAreas } from './hud-fmr.ts';
import { chooseIncomeLimitsFile, parseIncomeLimitsCsv, parseIncomeLimitsWorkbook, type IncomeLimitsFile } from './hud-income-limits.ts';
import { parseContactsJson, type ContactsFile } from './hud-pha-contacts.ts';
import { parseLayerCsv, parseLayerJson, type LayerFile } from './hud-pha-layer.ts';
import { checkedFiscalYear, parseSafmrCsv, type SafmrRow } from './hud-safmr.ts';
import { parseWorkbookOffThread } from './off-thread.ts';
import { sheetsIn } from './parse-cache.ts';
import { decodeUtf8, type DateLimits } from './plausible.ts';
import type { StateScope } from '../states.ts';
import { parseCountyZoriCsv, type CountyZoriFile } from './zillow-zori-county.ts';
import { parseZoriCsv, type ZoriFile } from './zillow-zori.ts';

export interface ScopeOfRead {
  state: StateScope;
  /** What a value may be on the build (or fetch) date: no fiscal year or month after it. */
  limits: DateLimits;
}

export interface SourceDataset<T> {
  folder: string;
  /**
   * The names a source file may have: the publisher's own (and the tidy copies the tests use). A
   * data file that fits none is an error, not a guess: `ZIP_COUNTY_032020_old.xlsx` must not be
   * read as the newest crosswalk.
   */
  names: { pattern: RegExp; example: string }[];
  /** False where the build can do without the dataset (the crosswalk: GeoNames places the ZIPs instead). */
  required: boolean;
  /** Which of the folder's source files to read (`folder` is for error messages). */
  choose: (names: readonly string[], folder: string, context: ChoiceContext) => FileChoice;
  /**
   * Parses one file exactly as the build does; the fetcher calls it to accept a download. With
   * `cacheDir` (the parse cache's folder), a workbook's sheets are read through the cache there.
   */
  parse: (path: string, bytes: Buffer, scope: ScopeOfRead, cacheDir?: string) => Promise<T> | T;
  /** Whether `parse` hands this file to a worker thread and returns at once (the build starts those first). */
  parsesOffThread?: (path: string) => boolean;
  /** Rows for the state in a parsed file: what the publish gate and the fetcher compare. */
  rows: (parsed: T) => number;
}

/** Decodes a text source; the layout lets an encoding error name its column. */
const text = (bytes: Buffer, path: string, delimiter: string, hasHeader = true) => decodeUtf8(bytes, path, { delimiter, hasHeader });
const isXlsx = (path: string) => path.toLowerCase().endsWith('.xlsx');
const endsWith = (path: string, ending: string) => path.toLowerCase().endsWith(ending);

const hudSafmr: SourceDataset<SafmrRow[]> = {
  folder: 'hud_safmr',
  names: [
    { pattern: /^fy\d{4}_safmrs(?:_revised)?\.xlsx$/i, example: 'fy2026_safmrs.xlsx' },
    { pattern: /^safmr_fy\d{4}[\w.-]*\.csv$/i, example: 'safmr_fy2026.csv' },
  ],
  required: true,
  choose: (names) => {
    const { read, leftOut } = chooseSafmrFiles(names);
    return { read, leftOut: leftOut.map(({ name, instead }) => ({ name, why: `${instead} is HUD's revision of the same fiscal year` })) };
  },
  parse: (path, bytes, { state, limits }, cacheDir) => {
    if (!isXlsx(path)) return parseSafmrCsv(text(bytes, path, ','), path, zipInState(state), limits);
    checkedFiscalYear(path, limits);
    return parseWorkbookOffThread('safmr', { bytes, file: path, state, limits, ...(cacheDir === undefined ? {} : { cacheDir }) });
  },
  parsesOffThread: isXlsx,
  rows: (parsed) => parsed.length,
};

const hudFmr: SourceDataset<FmrAreas> = {
  folder: 'hud_fmr',
  names: [{ pattern: /^FY\d{2}_FMRs(?:_revised)?\.xlsx$/i, example: 'FY26_FMRs.xlsx' }],
  required: true,
  choose: (names, folder, { latestSafmrYear }) => {
    if (latestSafmrYear === undefined) throw new Error('the county FMR file is chosen after the SAFMR files are read');
    return { read: [chooseCountyFmrFile(names, latestSafmrYear, folder).name], leftOut: [] };
  },
  parse: (path, bytes, { state, limits }, cacheDir) => {
    checkedFiscalYear(fmrFileYearName(path), limits);
    return parseFmrWorkbook(bytes, path, state, sheetsIn(cacheDir));
  },
  rows: (parsed) => parsed.counties.length,
};

const hudIncomeLimits: SourceDataset<IncomeLimitsFile> = {
  folder: 'hud_il',
  names: [
    { pattern: /^Section8-FY\d{2}\.xlsx$/i, example: 'Section8-FY26.xlsx' },
    { pattern: /^Section8-FY\d{2}[\w.-]*\.csv$/i, example: 'Section8-FY26.csv' },
  ],
  required: true,
  choose: (names, folder, { asOf }) => {
    if (asOf === undefined) throw new Error('the income limits file is chosen for a date');
    return chooseIncomeLimitsFile(names, folder, asOf);
  },
  parse: (path, bytes, { state, limits }, cacheDir) =>
    isXlsx(path) ? parseIncomeLimitsWorkbook(bytes, path, state, limits, sheetsIn(cacheDir)) : parseIncomeLimitsCsv(text(bytes, path, ','), path, state, limits),
  rows: (parsed) => parsed.counties.length,
};

const zillowZori: SourceDataset<ZoriFile> = {
  folder: 'zillow_zori',
  names: [{ pattern: /^Zip_zori_[\w.-]*\.csv$/i, example: 'Zip_zori_uc_sfrcondomfr_sm_month.csv' }],
  required: true,
  choose: chooseOnlyFile,
  parse: (path, bytes, { state, limits }) => parseZoriCsv(text(bytes, path, ','), path, zipInState(state), limits),
  rows: (parsed) => parsed.series.length,
};

const zillowZoriCounty: SourceDataset<CountyZoriFile> = {
  folder: 'zillow_zori_county',
  names: [{ pattern: /^County_zori_[\w.-]*\.csv$/i, example: 'County_zori_uc_sfrcondomfr_sm_month.csv' }],
  // Without it the counties carry no series of their own; the ZIPs' series do not depend on it.
  required: false,
  choose: chooseOnlyFile,
  parse: (path, bytes, { state, limits }) => parseCountyZoriCsv(text(bytes, path, ','), path, state, limits),
  rows: (parsed) => parsed.series.length,
};

const censusAcs: SourceDataset<AcsFile> = {
  folder: 'census_acs',
  names: [
    { pattern: /^acsdt5y\d{4}-b25064\.dat$/i, example: 'acsdt5y2023-b25064.dat' },
    { pattern: /^acs5_\d{4}_b25064_zcta\.json$/i, example: 'acs5_2023_b25064_zcta.json' },
    { pattern: /^acs5_\d{4}-\d{4}_B25064[\w.-]*\.csv$/i, example: 'acs5_2019-2023_B25064_zcta.csv' },
  ],
  required: true,
  choose: chooseOnlyFile,
  parse: (path, bytes, { state }) => {
    const keep = zipInState(state);
    if (endsWith(path, '.json')) return parseAcsApiJson(text(bytes, path, ','), path, keep);
    if (endsWith(path, '.csv')) return parseAcsCsv(text(bytes, path, ','), path, keep);
    return parseAcsSummaryFile(text(bytes, path, '|'), path, keep);
  },
  rows: (parsed) => parsed.rents.length,
};

const hudUspsCrosswalk: SourceDataset<Crosswalk> = {
  folder: 'hud_usps_crosswalk',
  names: [
    { pattern: /^ZIP_COUNTY_(?:03|06|09|12)\d{4}\.xlsx$/i, example: 'ZIP_COUNTY_092024.xlsx' },
    { pattern: /^ZIP_COUNTY_api\.json$/i, example: 'ZIP_COUNTY_api.json' },
  ],
  required: false,
  choose: (names, folder) => {
    const chosen = chooseCrosswalkFile(names, folder);
    return chosen ? { read: [chosen.name], leftOut: chosen.leftOut.map((name) => ({ name, why: `${chosen.name} is a newer quarter` })) } : { read: [], leftOut: [] };
  },
  parse: (path, bytes, { state, limits }, cacheDir) =>
    endsWith(path, '.json')
      ? parseCrosswalkApiJson(text(bytes, path, ','), path, zipInState(state))
      : parseWorkbookOffThread('crosswalk', { bytes, file: path, state, limits, ...(cacheDir === undefined ? {} : { cacheDir }) }),
  parsesOffThread: (path) => !endsWith(path, '.json'),
  rows: (parsed) => parsed.rows.length,
};

const geonames: SourceDataset<GeonamesFile> = {
  folder: 'geonames',
  names: [
    { pattern: /^US\.txt$/, example: 'US.txt' },
    { pattern: /^PR\.txt$/, example: 'PR.txt' },
  ],
  required: true,
  choose: (names, _folder, { stateCode }) => {
    if (stateCode === undefined) throw new Error('the GeoNames file is chosen for a state');
    return chooseGeonamesFile(names, stateCode);
  },
  parse: (path, bytes, { state }) => parseGeonames(text(bytes, path, '\t', false), path, zipInState(state)),
  rows: (parsed) => parsed.places.length,
};

const censusGazetteer: SourceDataset<Centroid[]> = {
  folder: 'census_gazetteer',
  names: [
    { pattern: /^\d{4}_Gaz_zcta_national\.txt$/i, example: '2024_Gaz_zcta_national.txt' },
    { pattern: /^zcta_centroids[\w.-]*\.csv$/i, example: 'zcta_centroids_2022.csv' },
  ],
  required: true,
  choose: chooseOnlyFile,
  parse: (path, bytes, { state }) => parseGazetteer(text(bytes, path, endsWith(path, '.txt') ? '\t' : ','), path, zipInState(state)),
  rows: (parsed) => parsed.length,
};

const hudPhaContacts: SourceDataset<ContactsFile> = {
  folder: 'hud_pha_contacts',
  names: [...CONTACTS_FILES],
  required: true,
  choose: chooseContactsFiles,
  parse: (path, bytes, { state }) => parseContactsJson(text(bytes, path, ','), path, state),
  rows: (parsed) => parsed.agencies.length,
};

const hudPhaLayer: SourceDataset<LayerFile> = {
  folder: 'hud_pha_layer',
  names: [...LAYER_FILES],
  required: true,
  choose: (names, folder, context) => chooseLayerFile(names, folder, context),
  parse: (path, bytes, { state }) => (endsWith(path, '.json') ? parseLayerJson(text(bytes, path, ','), path, state) : parseLayerCsv(text(bytes, path, ','), path, state)),
  rows: (parsed) => parsed.agencies.length,
};

/** Every dataset, keyed by its folder (the name the fetch manifest and `meta.json` vintages use). */
export const SOURCES = {
  hud_safmr: hudSafmr,
  hud_fmr: hudFmr,
  hud_il: hudIncomeLimits,
  zillow_zori: zillowZori,
  zillow_zori_county: zillowZoriCounty,
  census_acs: censusAcs,
  hud_usps_crosswalk: hudUspsCrosswalk,
  geonames,
  census_gazetteer: censusGazetteer,
  hud_pha_contacts: hudPhaContacts,
  hud_pha_layer: hudPhaLayer,
} as const;

export type DatasetFolder = keyof typeof SOURCES;
export type ParsedSource<D extends DatasetFolder> = (typeof SOURCES)[D] extends SourceDataset<infer T> ? T : never;

export const DATASET_FOLDERS = Object.keys(SOURCES) as DatasetFolder[];

/** Parses one file of a dataset and counts its rows for the state: how the fetcher accepts a download. */
export async function rowsInFile(dataset: DatasetFolder, path: string, bytes: Buffer, scope: ScopeOfRead): Promise<number> {
  const source = SOURCES[dataset] as SourceDataset<unknown>;
  return source.rows(await source.parse(path, bytes, scope));
}
