// Which files of a dataset folder the build reads, when there are several: named rules, each tested.
import { SourceError } from '../errors.ts';
import { compareCodePoints } from '../order.ts';
import { geonamesFileOf } from './geonames.ts';
import { fiscalYearFromFileName } from './hud-safmr.ts';

/** What a rule chose: the files to read, and each file left out with the reason the build report gives. */
export interface FileChoice {
  read: string[];
  leftOut: { name: string; why: string }[];
}

/** What a rule may need beyond the names: the county FMR year follows the SAFMR year read. */
export interface ChoiceContext {
  latestSafmrYear?: number;
  /** The state being built (USPS code): GeoNames keeps Puerto Rico in a file of its own. */
  stateCode?: string;
  /** The build date (`YYYY-MM-DD`): income limits are read for the fiscal year in effect on it. */
  asOf?: string;
}

/** Exactly one file: several are an error, since which to trust is not ours to guess. */
export function chooseOnlyFile(names: readonly string[], folder: string): FileChoice {
  if (names.length > 1) throw new SourceError({ file: folder }, `several candidate files (${names.join(', ')}); keep one`);
  return { read: [...names], leftOut: [] };
}

/** HUD names county FMR files by two digits (`FY26_FMRs.xlsx`); as a four-digit name for the year rules. */
export const fmrFileYearName = (name: string) => name.replace(/(^|\/)FY(\d{2})_/i, '$1FY20$2_');

/** The fiscal year of a county FMR file by its name (`hud_fmr/FY26_FMRs.xlsx` → 2026). */
export function fiscalYearOfCountyFmrFile(name: string): number {
  const year = fiscalYearFromFileName(fmrFileYearName(name));
  if (year === undefined) throw new SourceError({ file: name }, "not named like HUD's FYnn_FMRs.xlsx");
  return year;
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

/**
 * The county FMR file for the SAFMR year being published (its metro flags belong to that year):
 * the newest year not after it, a revised file before the original; else the newest there is.
 */
export function chooseCountyFmrFile(names: readonly string[], latestSafmrYear: number, folder = 'hud_fmr'): { name: string; fiscalYear: number } {
  const byYear = names
    .flatMap((name) => {
      const fiscalYear = fiscalYearFromFileName(fmrFileYearName(name));
      return fiscalYear === undefined ? [] : [{ name, fiscalYear, revised: /_revised\./i.test(name) }];
    })
    .sort((a, b) => a.fiscalYear - b.fiscalYear || Number(a.revised) - Number(b.revised));
  const chosen = byYear.filter((f) => f.fiscalYear <= latestSafmrYear).pop() ?? byYear.at(-1);
  if (!chosen) throw new SourceError({ file: folder }, `no file named like HUD's FYnn_FMRs.xlsx (found ${names.join(', ')})`);
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

/**
 * GeoNames' file for the state: `PR.txt` for Puerto Rico (GeoNames files it as a country), `US.txt`
 * for the states and DC. The other file, if present, is left out with the reason; without the
 * state's own file the other is read, and has no rows for the state (a warning, not an error).
 */
export function chooseGeonamesFile(names: readonly string[], stateCode: string): FileChoice {
  const own = geonamesFileOf(stateCode);
  const holds = (name: string) => (name === geonamesFileOf('PR') ? 'Puerto Rico only' : 'the states and DC, not Puerto Rico');
  const chosen = names.includes(own) ? own : names[0];
  if (chosen === undefined) return { read: [], leftOut: [] };
  return { read: [chosen], leftOut: names.filter((n) => n !== chosen).map((name) => ({ name, why: `it holds ${holds(name)}` })) };
}

/** The two parses of HUD's contact reports, told apart by name: the by-code file and the directory (the reader tells their layouts apart by content). */
export const CONTACTS_FILES = [
  { pattern: /^PHA_Contacts[\w.-]*\.json$/i, example: 'PHA_Contacts.json' },
  { pattern: /^pha-directory[\w.-]*\.json$/i, example: 'pha-directory.json' },
] as const;

/**
 * One file of each parse: the build publishes only what two independent parses agree on, so one
 * alone is an error. Of several copies of one parse, the last by name (their names carry the date).
 */
export function chooseContactsFiles(names: readonly string[], folder: string): FileChoice {
  const choice: FileChoice = { read: [], leftOut: [] };
  for (const { pattern, example } of CONTACTS_FILES) {
    const copies = names.filter((name) => pattern.test(name)).sort(compareCodePoints);
    const newest = copies.at(-1);
    if (newest === undefined) {
      throw new SourceError({ file: folder }, `needs both parses of HUD's contact reports and has no ${example} (the build publishes what the two agree on)`);
    }
    choice.read.push(newest);
    for (const name of copies.slice(0, -1)) choice.leftOut.push({ name, why: `${newest} is a later copy of the same parse` });
  }
  return choice;
}

/** HUD's agency layer: the feature service's answer for a state (as data:fetch names it), or an export of every state. */
export const LAYER_FILES = [
  { pattern: /^Public_Housing_Authorities_[A-Z]{2}\.json$/, example: 'Public_Housing_Authorities_MN.json' },
  { pattern: /^(?:Public_Housing_Authorities|Detailed_Public_Housing_Authority_Dataset)[\w.-]*\.csv$/i, example: 'Public_Housing_Authorities.csv' },
] as const;

/** The state a feature-service answer was asked for, by its name (`Public_Housing_Authorities_MN.json`). */
const layerStateOf = (name: string) => /_([A-Z]{2})\.json$/.exec(name)?.[1];

/**
 * The state's own answer of the feature service when the folder has one (answers for other states
 * are left out: a folder fetched for several states holds one each), else the one export of every
 * state; two exports are an error, since which to trust is not ours to guess.
 */
export function chooseLayerFile(names: readonly string[], folder: string, { stateCode }: ChoiceContext): FileChoice {
  if (stateCode === undefined) throw new Error("HUD's agency layer is chosen for a state");
  const answers = names.filter((name) => layerStateOf(name) !== undefined);
  const exports = names.filter((name) => layerStateOf(name) === undefined);
  const own = answers.find((name) => layerStateOf(name) === stateCode);
  const others = answers.filter((name) => name !== own).map((name) => ({ name, why: `it is the feature service's answer for ${layerStateOf(name)}` }));
  if (own !== undefined) return { read: [own], leftOut: [...others, ...exports.map((name) => ({ name, why: `${own} is the feature service's answer for the state` }))] };
  if (exports.length > 1) throw new SourceError({ file: folder }, `several exports of HUD's agency layer (${exports.join(', ')}); keep one`);
  if (exports.length === 0 && answers.length > 0) {
    throw new SourceError({ file: folder }, `holds the feature service's answers for ${answers.map(layerStateOf).join(', ')} only, none for ${stateCode} (npm run data:fetch -- --state ${stateCode} --only hud_pha_layer fetches it)`);
  }
  return { read: exports, leftOut: others };
}
