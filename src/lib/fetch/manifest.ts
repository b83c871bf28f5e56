// The list of source files: data, in data/sources.json, replaceable with --manifest.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { SourceError } from '../errors.ts';
import { DATASETS } from '../sources/read-sources.ts';

const datasetFolder = z.enum(Object.values(DATASETS) as [string, ...string[]]);

export const ManifestEntry = z
  .object({
    dataset: datasetFolder,
    /** Local file name inside the dataset folder. */
    file: z.string().regex(/^[^/\\]+$/, 'a file name, not a path'),
    url: z.url(),
    format: z.string(),
    licence: z.string(),
    /** A zip archive: keep this member of it, saved as `file`. */
    unpack: z.string().optional(),
    /** Credentials the publisher wants: a bearer token or a query parameter, from this variable. */
    auth: z.object({ env: z.string(), bearer: z.literal(true).optional(), query: z.string().optional() }).strict().optional(),
    /** Use this entry only when the variable is set (an alternative way to the same data). */
    when_env: z.string().optional(),
    /** The file of the same dataset this entry replaces when it is used. */
    instead_of: z.string().optional(),
    /** How to get the file by hand when it cannot be downloaded (no credentials). */
    manual: z.string().optional(),
  })
  .strict();
export type ManifestEntry = z.infer<typeof ManifestEntry>;

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
