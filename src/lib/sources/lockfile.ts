// sources.lock.json: which bytes each source file came from. Written by `npm run data:fetch`,
// read by the build, which copies the provenance into meta.json.
import { readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { SourceError } from '../errors.ts';
import { compareCodePoints } from '../order.ts';

export const LOCKFILE_NAME = 'sources.lock.json';

export const LockEntry = z
  .object({
    url: z.string(),
    retrieved_at: z.iso.datetime(),
    bytes: z.int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    etag: z.string().nullable(),
    last_modified: z.string().nullable(),
    /** For a file unpacked from an archive: the archive's own size and sha256. */
    archive: z.object({ bytes: z.int().nonnegative(), sha256: z.string() }).optional(),
  })
  .strict();
export type LockEntry = z.infer<typeof LockEntry>;

/** What the last run of data:fetch tried for each release and what it took (`took` null: nothing). */
export const DiscoveryRecord = z
  .object({
    dataset: z.string(),
    release: z.string(),
    as_of: z.iso.date(),
    tried: z.array(z.object({ file: z.string(), outcome: z.string() }).strict()),
    took: z.string().nullable(),
  })
  .strict();

/** Entries keyed by the file's path inside the sources folder (`geonames/US.txt`), sorted. */
export const Lockfile = z.object({ files: z.record(z.string(), LockEntry), discovery: z.array(DiscoveryRecord).optional() }).strict();
export type Lockfile = z.infer<typeof Lockfile>;

/** Read synchronously: the build reads it as the sources are read (see readRegularFile). */
export function readLockfile(sourcesDir: string): Lockfile {
  const path = join(sourcesDir, LOCKFILE_NAME);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return { files: {} };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SourceError({ file: path }, `not valid JSON (${(error as Error).message}); delete it and run npm run data:fetch again`);
  }
  const parsed = Lockfile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SourceError({ file: path }, `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}; delete it and run npm run data:fetch again`);
  }
  return parsed.data;
}

/** Writes through a temporary name, so a crash never leaves half a lockfile. */
export async function writeLockfile(sourcesDir: string, lock: Lockfile): Promise<void> {
  const sorted = Object.fromEntries(Object.entries(lock.files).sort(([a], [b]) => compareCodePoints(a, b)));
  const path = join(sourcesDir, LOCKFILE_NAME);
  const temp = `${path}.tmp-${process.pid}`;
  await writeFile(temp, `${JSON.stringify({ files: sorted, ...(lock.discovery ? { discovery: lock.discovery } : {}) }, null, 2)}\n`);
  await rename(temp, path);
}
