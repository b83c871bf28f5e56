// What loading the dataset needs to know, read from the environment where a process starts. Kept apart from dataset.ts: the
// build's main thread reads these options, while the dataset's thread loads the pipeline itself.
import packageJson from '../../../package.json' with { type: 'json' };
import { SourceError } from '../errors.ts';
import { languagesFromList } from '../languages.ts';
import { STATES, stateByCode, stateCodeIn, type StateScope } from '../states.ts';

export interface LoadOptions {
  sourcesDir: string;
  /** The snapshot the repository carries, read for each dataset `sourcesDir` has no file of. */
  snapshotDir?: string;
  /** The project's files of the areas agencies serve (`MN.json`); without it no county knows an agency's area. */
  agencyAreasDir?: string;
  site: string;
  generatedAt: string;
  /** An earlier output folder whose resources keep their `lastmod` when unchanged. */
  previousDir?: string;
  /** The state the dataset is for. */
  state: StateScope;
  /** Where the deployment serves the agent server (`--mcp-url`); nothing announces one without it. */
  mcpUrl?: string;
  /** Where a reader reports a mistake in a translated page (`--report-url`); DEFAULT_REPORT_URL when not given. */
  reportUrl?: string;
  /** The codes of the languages the pages are built in (`--languages`); every language when not given. */
  languages?: readonly string[];
}

/** Where mistranslations are reported when a deployment names no address: the repository's issues (package.json's `bugs.url`). */
export const DEFAULT_REPORT_URL: string = packageJson.bugs.url;

/** `SOURCE_DATE_EPOCH` (seconds) when set, for reproducible builds; the given clock otherwise. */
export function generationTime(epoch: string | undefined, now: () => Date = () => new Date()): string {
  if (epoch === undefined || epoch === '') return now().toISOString().replace(/\.\d{3}Z$/, 'Z');
  if (!/^\d+$/.test(epoch)) throw new SourceError({ file: 'SOURCE_DATE_EPOCH' }, `"${epoch}" is not a whole number of seconds`);
  return new Date(Number(epoch) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Where the fetcher downloads to, and the snapshot in git beneath it (paths from the project's root). */
export const DEFAULT_SOURCES_DIR = 'data/sources';
export const SNAPSHOT_DIR = 'data/snapshot';
/** The project's files of the areas housing agencies serve: data of the project, read whatever SOURCES_DIR says. */
export const AGENCY_AREAS_DIR = 'data/agency-areas';

/**
 * Options from the environment, as both the build script and a bare `astro build` see them. A
 * SOURCES_DIR given is read alone; by default the fetched sources are read over the snapshot.
 * AGENCY_AREAS_DIR replaces the project's folder of the areas agencies serve.
 */
export function optionsFromEnv(site: string, outDir: string | undefined, env: NodeJS.ProcessEnv = process.env): Omit<LoadOptions, 'state'> {
  return {
    ...(env.SOURCES_DIR ? { sourcesDir: env.SOURCES_DIR } : { sourcesDir: DEFAULT_SOURCES_DIR, snapshotDir: SNAPSHOT_DIR }),
    // The areas agencies serve are the project's own data, not a source: read from the checkout unless AGENCY_AREAS_DIR names another folder.
    agencyAreasDir: env.AGENCY_AREAS_DIR || AGENCY_AREAS_DIR,
    site,
    generatedAt: generationTime(env.SOURCE_DATE_EPOCH),
    ...(outDir ? { previousDir: outDir } : {}),
    ...(env.MNRENT_MCP_URL ? { mcpUrl: env.MNRENT_MCP_URL } : {}),
    reportUrl: env.MNRENT_REPORT_URL || DEFAULT_REPORT_URL,
    ...(env.MNRENT_LANGUAGES ? { languages: languageCodesFromEnv(env.MNRENT_LANGUAGES) } : {}),
  };
}

/** MNRENT_LANGUAGES (`en,es`) of a bare `astro build` or the dev server, as codes. */
function languageCodesFromEnv(list: string): string[] {
  const languages = languagesFromList(list);
  if (typeof languages === 'string') throw new Error(`MNRENT_LANGUAGES=${list}: ${languages}`);
  return languages.map((language) => language.code);
}

/** The state a bare `astro build` or the dev server was started for: MNRENT_STATE, else Minnesota. */
export function stateFromEnv(env: NodeJS.ProcessEnv): StateScope {
  const code = stateCodeIn(env);
  const state = stateByCode(code);
  if (!state) throw new Error(`MNRENT_STATE=${code} is not a state code (one of ${STATES.map((s) => s.code).join(' ')})`);
  return state;
}
