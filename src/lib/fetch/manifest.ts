// The list of source files: data, in data/sources.json, replaceable with --manifest.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { SourceError } from '../errors.ts';
import { DATASET_FOLDERS } from '../sources/registry.ts';
import { STATES } from '../states.ts';

const datasetFolder = z.enum(DATASET_FOLDERS);

const stateCode = z.enum(STATES.map((s) => s.code) as [string, ...string[]]);

const fileName = z.string().regex(/^[^/\\]+$/, 'a file name, not a path');

/** How a publisher names its releases; with one, `file` and `url` are templates (`{YYYY}`, `{YY}`, `{file}`). */
export const ReleaseRule = z
  .object({
    /**
     * `fiscal_year`: HUD's federal fiscal years (FY N runs from 1 October of N-1). `year`: a calendar
     * release year. `income_limits`: HUD's income-limit years, each in effect from its own date
     * (INCOME_LIMITS_EFFECTIVE).
     */
    by: z.enum(['fiscal_year', 'year', 'income_limits']),
    /** Fiscal years: the oldest one the history needs; every year from it to the one in effect is fetched. */
    first: z.int().min(1990).optional(),
    /** Years between a release's year and the year it comes out (the ACS 5-year for 2024 is out in late 2025: 1). */
    lag: z.int().min(0).max(5).default(0),
    /** How many years to fall back when the newest is not published yet. */
    fallback: z.int().min(0).max(10).default(3),
  })
  .strict();
export type ReleaseRule = z.infer<typeof ReleaseRule>;

export const ManifestEntry = z
  .object({
    dataset: datasetFolder,
    /** Local file name inside the dataset folder; with a release rule, templates, the preferred first (a revised file before the original). */
    file: z.union([fileName, z.array(fileName).min(1)]),
    url: z.string().regex(/^https?:\/\//, 'an http(s) URL'),
    release: ReleaseRule.optional(),
    format: z.string(),
    licence: z.string(),
    /** A zip archive: keep this member of it, saved as `file`. */
    unpack: z.string().optional(),
    /** Credentials the publisher wants: a bearer token or a query parameter, from this variable. */
    auth: z.object({ env: z.string(), bearer: z.literal(true).optional(), query: z.string().optional() }).strict().optional(),
    /** Use this entry only when the variable is set (an alternative way to the same data). */
    when_env: z.string().optional(),
    /** Use this entry only when fetching for one of these states (GeoNames' PR.txt: Puerto Rico). */
    for_states: z.array(stateCode).min(1).optional(),
    /** Use this entry for every state but these (GeoNames' US.txt has no Puerto Rico rows). */
    except_states: z.array(stateCode).min(1).optional(),
    /** The file of the same dataset this entry replaces when it is used. */
    instead_of: z.string().optional(),
    /** How to get the file by hand when it cannot be downloaded (no credentials). */
    manual: z.string().optional(),
  })
  .strict()
  .refine((e) => e.release !== undefined || typeof e.file === 'string', { message: 'several file names need a release rule', path: ['file'] });
export type ManifestEntry = z.infer<typeof ManifestEntry>;

/** One concrete file to fetch: a manifest entry without a rule, or one candidate of a release. */
export type SourceEntry = Omit<ManifestEntry, 'file' | 'release'> & { file: string };

export const Manifest = z.object({ $comment: z.string().optional(), sources: z.array(ManifestEntry).min(1) }).strict();
export type Manifest = z.infer<typeof Manifest>;

export async function readManifest(path: string): Promise<Manifest> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new SourceError({ file: path }, `cannot read the manifest (${(error as Error).message})`);
  }
  const parsed = Manifest.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SourceError({ file: path }, `invalid manifest at ${issue?.path.join('.') || 'top level'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}
