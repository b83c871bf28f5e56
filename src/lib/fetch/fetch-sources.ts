// npm run data:fetch: each manifest entry downloaded to a temporary file, checked (complete, not an
// HTML page, readable by the build's own parser), then moved over the previous copy. A failure
// leaves the previous copy and the rest of the folder as they were.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { isSourceError } from '../errors.ts';
import { readLockfile, writeLockfile, type LockEntry } from '../sources/lockfile.ts';
import { describeDrop } from '../derive/publish-gate.ts';
import { removeLeftovers } from '../output-folder.ts';
import { dateLimits } from '../sources/plausible.ts';
import { datasetFiles, parseSourceFile, rowsForState, type DatasetFolder, type ScopeOfRead } from '../sources/read-sources.ts';
import type { StateScope } from '../state.ts';
import { download, DownloadError } from './download.ts';
import type { Manifest, ManifestEntry } from './manifest.ts';
import type { Progress } from './progress.ts';

export interface FetchOptions {
  sourcesDir: string;
  manifest: Manifest;
  state: StateScope;
  /** Fetch `<mirror>/<dataset>/<file>` instead of each publisher's URL (no credentials, no unpacking). */
  mirror?: string;
  /** Only these dataset folders. */
  only?: string[];
  /** Only datasets whose folder has no source file yet. */
  missingOnly?: boolean;
  env: Record<string, string | undefined>;
  idleTimeoutMs: number;
  /** Per file, retries included. */
  deadlineMs: number;
  retries: number;
  /** Replace a copy even when the download has far fewer rows for the state (a real change, on purpose). */
  acceptChanges?: boolean;
  backoffMs: number;
  now: () => Date;
  progress: Progress;
}

export type Outcome = 'downloaded' | 'unchanged' | 'skipped' | 'failed';

export interface FileResult {
  key: string;
  outcome: Outcome;
  detail: string;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const exists = (path: string) => stat(path).then(() => true, () => false);

/** Why an entry is not fetched this time, or undefined to fetch it. */
async function skipReason(entry: ManifestEntry, options: FetchOptions, active: ManifestEntry[]): Promise<string | undefined> {
  if (options.only && !options.only.includes(entry.dataset)) return 'not asked for (--only)';
  if (entry.when_env && !options.env[entry.when_env]) return `${entry.when_env} is not set`;
  if (active.some((other) => other.dataset === entry.dataset && other.instead_of === entry.file)) return 'replaced by the entry that uses credentials';
  if (options.missingOnly && ((await datasetFiles(options.sourcesDir, entry.dataset as DatasetFolder)) ?? []).length > 0) return 'already has a file (--missing)';
  return undefined;
}

function requestFor(entry: ManifestEntry, options: FetchOptions): { url: string; headers: Record<string, string>; missingCredential?: string } {
  if (options.mirror) return { url: `${options.mirror.replace(/\/+$/, '')}/${entry.dataset}/${encodeURIComponent(entry.file)}`, headers: {} };
  const headers: Record<string, string> = { 'user-agent': 'mnrent-data-fetch/1.0' };
  if (!entry.auth) return { url: entry.url, headers };
  const secret = options.env[entry.auth.env];
  if (!secret) return { url: entry.url, headers, missingCredential: entry.auth.env };
  if (entry.auth.bearer) headers.authorization = `Bearer ${secret}`;
  const url = new URL(entry.url);
  if (entry.auth.query) url.searchParams.set(entry.auth.query, secret);
  return { url: url.toString(), headers };
}

/** The member of a zip archive, as bytes; the archive's own checks come first. */
function unpack(archive: Uint8Array, member: string): Uint8Array {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(archive, { filter: (f) => f.name === member || f.name.endsWith(`/${member}`) });
  } catch (error) {
    throw new DownloadError(`not a readable zip archive (${(error as Error).message})`, false);
  }
  const found = Object.values(files)[0];
  if (!found) throw new DownloadError(`the archive has no ${member}`, false);
  return found;
}

/**
 * The same gate as the build's, for one file: the build's parser and plausibility rules, rows for
 * the state, and no large drop against the copy it would replace (a download cut at a row boundary
 * is well-formed, and only the count gives it away).
 */
async function checkDownload(entry: ManifestEntry, finalPath: string, bytes: Buffer, hasCopy: boolean, options: FetchOptions): Promise<void> {
  const dataset = entry.dataset as DatasetFolder;
  const scope: ScopeOfRead = { state: options.state, limits: dateLimits(options.now().toISOString()) };
  let rows: number;
  try {
    rows = rowsForState(dataset, await parseSourceFile(dataset, finalPath, bytes, scope));
  } catch (error) {
    if (isSourceError(error)) {
      const { row, column } = error.location;
      const where = [row === undefined ? '' : `row ${row}`, column === undefined ? '' : `column ${column}`].filter(Boolean).join(', ');
      throw new DownloadError(`the download is not a usable ${entry.dataset} file: ${where ? `${where}: ` : ''}${error.detail}`, false);
    }
    throw error;
  }
  if (rows === 0) throw new DownloadError(`the download has no rows for ${options.state.name}`, false);
  if (!hasCopy || options.acceptChanges) return;
  let before: number;
  try {
    before = rowsForState(dataset, await parseSourceFile(dataset, finalPath, await readFile(finalPath), scope));
  } catch {
    return; // The copy in place is unusable itself: anything that passed the checks is better.
  }
  const drop = describeDrop(rows, before);
  if (drop) throw new DownloadError(`the download has ${rows} rows for ${options.state.name}, the copy in place ${before} ${drop}; if the change is real, run again with --accept-changes`, false);
}

async function fetchOne(entry: ManifestEntry, options: FetchOptions, lock: Map<string, LockEntry>): Promise<FileResult> {
  const key = `${entry.dataset}/${entry.file}`;
  const dir = join(options.sourcesDir, entry.dataset);
  const finalPath = join(dir, entry.file);
  const temp = join(dir, `.${entry.file}.download-${process.pid}`);
  const unpacked = join(dir, `.${entry.file}.unpacked-${process.pid}`);
  const { progress } = options;
  const request = requestFor(entry, options);
  const byHand = entry.manual ?? `Download it by hand from ${entry.url}${entry.unpack ? ` (take ${entry.unpack} out of the archive)` : ''} and save it as ${finalPath}.`;

  if (request.missingCredential) {
    const present = ((await datasetFiles(options.sourcesDir, entry.dataset as DatasetFolder)) ?? []).length > 0;
    return { key, outcome: 'skipped', detail: `${request.missingCredential} is not set; ${present ? 'keeping the file already there' : byHand}` };
  }

  await mkdir(dir, { recursive: true });
  const previous = lock.get(key);
  const current = (await exists(finalPath)) ? sha256(await readFile(finalPath)) : undefined;
  // Ask "changed since?" only about the very bytes we have, from the same place.
  const conditional = previous !== undefined && current === previous.sha256 && previous.url === (options.mirror ? request.url : entry.url);
  if (conditional && previous.etag) request.headers['if-none-match'] = previous.etag;
  if (conditional && previous.last_modified) request.headers['if-modified-since'] = previous.last_modified;

  progress.start(key, request.url.replace(/([?&]key=)[^&]+/, '$1…'));
  try {
    const result = await download(request.url, temp, {
      idleTimeoutMs: options.idleTimeoutMs,
      deadlineMs: options.deadlineMs,
      retries: options.retries,
      backoffMs: options.backoffMs,
      headers: request.headers,
      onProgress: (received, total) => progress.update(received, total),
      onRetry: (n, reason) => progress.note(`${reason}; retry ${n} of ${options.retries}`),
    });
    if (result.status === 'not-modified') {
      progress.finish('unchanged (304 Not Modified)');
      return { key, outcome: 'unchanged', detail: 'not modified since the last download' };
    }
    if (/text\/html/i.test(result.contentType ?? '') && entry.format !== 'html') {
      throw new DownloadError(`got an HTML page (${result.finalUrl}) instead of ${entry.format}: the publisher may want a login or a key`, false);
    }
    const archive = await readFile(temp);
    const unpackFrom = options.mirror ? undefined : entry.unpack;
    const bytes = unpackFrom ? unpack(archive, unpackFrom) : archive;
    await checkDownload(entry, finalPath, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), current !== undefined, options);
    if (unpackFrom) {
      await writeFile(unpacked, bytes);
      await rename(unpacked, finalPath);
    } else {
      await rename(temp, finalPath);
    }
    if (entry.instead_of) {
      await rm(join(dir, entry.instead_of), { force: true });
      lock.delete(`${entry.dataset}/${entry.instead_of}`);
    }
    const recorded: LockEntry = {
      url: options.mirror ? request.url : entry.url,
      retrieved_at: options.now().toISOString(),
      bytes: bytes.byteLength,
      sha256: sha256(bytes),
      etag: result.etag,
      last_modified: result.lastModified,
      ...(unpackFrom ? { archive: { bytes: archive.byteLength, sha256: sha256(archive) } } : {}),
    };
    lock.set(key, recorded);
    progress.finish(`${(bytes.byteLength / 1e6).toFixed(1)} MB, sha256 ${recorded.sha256.slice(0, 12)}…`);
    return { key, outcome: 'downloaded', detail: `${bytes.byteLength} bytes` };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const kept = current ? ' The previous copy is kept.' : '';
    progress.finish(`FAILED: ${reason}`);
    return { key, outcome: 'failed', detail: `could not download ${request.url.replace(/([?&]key=)[^&]+/, '$1…')}: ${reason}.${kept} ${byHand}` };
  } finally {
    await rm(temp, { force: true });
    await rm(unpacked, { force: true });
  }
}

/** Temporary files of a fetch that was stopped: `.<file>.download-<pid>`, `.<file>.unpacked-<pid>`. */
const LEFTOVER = /^\..+\.(?:download|unpacked)-(\d+)$/;

export async function fetchSources(options: FetchOptions): Promise<FileResult[]> {
  await mkdir(options.sourcesDir, { recursive: true });
  for (const dataset of new Set(options.manifest.sources.map((e) => e.dataset))) {
    for (const name of await removeLeftovers(join(options.sourcesDir, dataset), LEFTOVER)) options.progress.note(`removed ${dataset}/${name}, left by a fetch that was stopped`);
  }
  const lock = new Map(Object.entries((await readLockfile(options.sourcesDir)).files));
  const active = options.manifest.sources.filter((e) => !e.when_env || options.env[e.when_env]);
  const results: FileResult[] = [];
  for (const entry of options.manifest.sources) {
    const reason = await skipReason(entry, options, active);
    if (reason) {
      results.push({ key: `${entry.dataset}/${entry.file}`, outcome: 'skipped', detail: reason });
      continue;
    }
    const result = await fetchOne(entry, options, lock);
    results.push(result);
    // Written after every file, so what succeeded stays recorded whatever happens next.
    if (result.outcome === 'downloaded') await writeLockfile(options.sourcesDir, { files: Object.fromEntries(lock) });
  }
  return results;
}
