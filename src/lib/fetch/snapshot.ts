// The snapshot of the sources the repository carries (data/snapshot): whole source files, one folder
// per dataset as in a sources folder, and provenance.json saying where each came from. The schema
// is checked by the tests against the files; the refresh (npm run data:snapshot) writes it anew
// from a fetched sources folder, pure here: listing, lockfile and manifest in, provenance out.
import { z } from 'zod';
import { compareCodePoints } from '../order.ts';
import type { LockEntry } from '../sources/lockfile.ts';
import type { DatasetFolder } from '../sources/registry.ts';
import type { ManifestEntry } from './manifest.ts';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const SnapshotFile = z
  .object({
    path: z.string().regex(/^[a-z_]+\/[^/]+$/).describe('<dataset>/<file>, as in a sources folder'),
    what: z.string().min(1),
    publisher_url: z.url().describe("Where the publisher serves the file (or the page it is downloaded from)"),
    copied_from: z.string().min(1).describe('The copy the file was taken from: a repository at a commit, or a download'),
    original_sha256: sha256.nullable().describe('sha256 of the file it was copied or derived from; null where that was not recorded'),
    sha256: sha256.describe('sha256 of the file kept here'),
    bytes: z.int().positive(),
    changes: z.string().min(1).describe('What was done to it on the way here'),
    licence: z.string().min(1),
    attribution: z.string().min(1),
  })
  .strict();
export type SnapshotFile = z.infer<typeof SnapshotFile>;

export const SnapshotProvenance = z
  .object({
    $comment: z.string(),
    taken: z.iso.date().describe('When the snapshot was last refreshed'),
    files: z.array(SnapshotFile),
  })
  .strict();
export type SnapshotProvenance = z.infer<typeof SnapshotProvenance>;

/** A file of the fetched sources folder to take into the snapshot, with its bytes' hash and its download record. */
export interface FetchedFile {
  dataset: DatasetFolder;
  name: string;
  bytes: number;
  sha256: string;
  /** Its lockfile entry, when the fetcher downloaded these very bytes. */
  lock: LockEntry | undefined;
}

/**
 * The provenance after a refresh: each dataset with files in the fetched folder is replaced whole
 * by them; a dataset the fetch did not get (the crosswalk without a token) keeps its snapshot files.
 */
export function refreshedProvenance(previous: SnapshotProvenance, fetched: readonly FetchedFile[], manifest: readonly ManifestEntry[], date: string): SnapshotProvenance {
  const replaced = new Set(fetched.map((f) => f.dataset));
  const kept = previous.files.filter((f) => !replaced.has(f.path.split('/')[0] as DatasetFolder));
  const taken = fetched.map((f): SnapshotFile => {
    // The same bytes under the same name came from where they came from before.
    const same = previous.files.find((p) => p.path === `${f.dataset}/${f.name}` && p.sha256 === f.sha256);
    if (same) return same;
    const before = previous.files.find((p) => p.path.startsWith(`${f.dataset}/`));
    const entry = manifest.find((m) => m.dataset === f.dataset);
    const publisher = f.lock?.url ?? entry?.url ?? before?.publisher_url;
    if (publisher === undefined) throw new Error(`${f.dataset}/${f.name}: no URL in the lockfile or the manifest`);
    return {
      path: `${f.dataset}/${f.name}`,
      what: before?.path === `${f.dataset}/${f.name}` ? before.what : `${f.dataset}: ${f.name}`,
      publisher_url: publisher,
      copied_from: f.lock ? `npm run data:fetch, ${f.lock.retrieved_at}` : 'a file put in the sources folder by hand (no download record)',
      original_sha256: f.lock?.archive?.sha256 ?? (f.lock ? f.sha256 : null),
      sha256: f.sha256,
      bytes: f.bytes,
      changes: f.lock?.archive ? "unpacked from the publisher's archive (original_sha256 is the archive's)" : f.lock ? "none: the publisher's file as downloaded" : 'unknown: not downloaded by the fetcher',
      licence: entry?.licence ?? before?.licence ?? 'unknown',
      attribution: before?.attribution ?? entry?.licence ?? 'unknown',
    };
  });
  return { ...previous, taken: date, files: [...kept, ...taken].sort((a, b) => compareCodePoints(a.path, b.path)) };
}
