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
import { removeLeftovers } from '../build/output-folder.ts';
import { dateLimits } from '../sources/plausible.ts';
import { datasetFiles } from '../sources/read-sources.ts';
import { rowsInFile, type ScopeOfRead } from '../sources/registry.ts';
import type { StateScope } from '../states.ts';
import { agencyPrefixOf } from '../sources/hud-pha-layer.ts';
import { download, DownloadError } from './download.ts';
import type { Manifest, ManifestEntry, SourceEntry } from './manifest.ts';
import type { Progress } from './progress.ts';
import { hostOf, probeHosts, type HostProbe } from './reachable.ts';
import { releasesOf, type Release } from './releases.ts';

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
  /** The date (`YYYY-MM-DD`) whose releases are fetched: what was current then. */
  asOf: string;
  progress: Progress;
  /**
   * Looks once at each host before any download: a file whose host cannot be reached fails at once
   * instead of spending its retries. Without it every file is tried as it comes.
   */
  probe?: HostProbe;
}

/** The hosts found unreachable before the downloads (origin → why), for the files to fail at once. */
type Unreachable = ReadonlyMap<string, string>;

/** `absent`: the publisher has no such file; a release rule then tries its next candidate. */
export type Outcome = 'downloaded' | 'unchanged' | 'skipped' | 'failed' | 'absent';

export interface FileResult {
  key: string;
  outcome: Outcome;
  detail: string;
  /** Failed without a try: the host did not answer the look before the downloads. */
  unreachable?: true;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const exists = (path: string) => stat(path).then(() => true, () => false);

/** Why an entry is not fetched this time, or undefined to fetch it. */
function skipReason(entry: ManifestEntry, options: FetchOptions, active: readonly ManifestEntry[]): string | undefined {
  if (options.only && !options.only.includes(entry.dataset)) return 'not asked for (--only)';
  if (entry.when_env && !options.env[entry.when_env]) return `${entry.when_env} is not set`;
  if (entry.for_states && !entry.for_states.includes(options.state.code)) return `for ${entry.for_states.join(', ')} only`;
  if (entry.except_states?.includes(options.state.code)) return `not for ${options.state.name}: it has an entry of its own`;
  if (active.some((other) => other.dataset === entry.dataset && other.instead_of === entry.file)) return 'replaced by the entry that uses credentials';
  if (options.missingOnly) {
    const present = datasetFiles(options.sourcesDir, entry.dataset) ?? [];
    // A state's own file (PR.txt beside US.txt) is missing even when the folder holds another state's.
    const stateOwn = (entry.for_states || entry.except_states) && typeof entry.file === 'string';
    if (stateOwn ? present.includes(entry.file as string) : present.length > 0) return 'already has a file (--missing)';
  }
  return undefined;
}

function requestFor(entry: SourceEntry, options: FetchOptions): { url: string; headers: Record<string, string>; missingCredential?: string } {
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
async function checkDownload(entry: SourceEntry, finalPath: string, bytes: Buffer, hasCopy: boolean, options: FetchOptions): Promise<void> {
  const { dataset } = entry;
  const scope: ScopeOfRead = { state: options.state, limits: dateLimits(options.asOf) };
  let rows: number;
  try {
    rows = await rowsInFile(dataset, finalPath, bytes, scope);
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
    before = await rowsInFile(dataset, finalPath, await readFile(finalPath), scope);
  } catch {
    return; // The copy in place is unusable itself: anything that passed the checks is better.
  }
  const drop = describeDrop(rows, before);
  if (drop) throw new DownloadError(`the download has ${rows} rows for ${options.state.name}, the copy in place ${before} ${drop}; if the change is real, run again with --accept-changes`, false);
}

async function fetchOne(entry: SourceEntry, options: FetchOptions, lock: Map<string, LockEntry>, unreachable: Unreachable): Promise<FileResult> {
  const key = `${entry.dataset}/${entry.file}`;
  const dir = join(options.sourcesDir, entry.dataset);
  const finalPath = join(dir, entry.file);
  const temp = join(dir, `.${entry.file}.download-${process.pid}`);
  const unpacked = join(dir, `.${entry.file}.unpacked-${process.pid}`);
  const { progress } = options;
  const request = requestFor(entry, options);
  const byHand = entry.manual ?? `Download it by hand from ${entry.url}${entry.unpack ? ` (take ${entry.unpack} out of the archive)` : ''} and save it as ${finalPath}.`;

  if (request.missingCredential) {
    const present = (datasetFiles(options.sourcesDir, entry.dataset) ?? []).length > 0;
    return { key, outcome: 'skipped', detail: `${request.missingCredential} is not set; ${present ? 'keeping the file already there' : byHand}` };
  }

  const down = unreachable.get(hostOf(request.url).origin);
  if (down !== undefined) {
    const kept = (await exists(finalPath)) ? ' The previous copy is kept.' : '';
    return { key, outcome: 'failed', unreachable: true, detail: `could not download ${request.url.replace(/([?&]key=)[^&]+/, '$1…')}: ${hostOf(request.url).host} cannot be reached (${down}).${kept} ${byHand}` };
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
    const archive = await readFile(temp);
    // An empty body, or an HTML page by its type or by its first bytes: the publisher has no such file (yet).
    if (archive.byteLength === 0) throw new DownloadError(`got an empty body (${result.finalUrl}) instead of ${entry.format}`, false, true);
    if (entry.format !== 'html' && (/text\/html/i.test(result.contentType ?? '') || looksLikeHtml(archive))) {
      throw new DownloadError(`got an HTML page (${result.finalUrl}) instead of ${entry.format}: the publisher may want a login or a key, or has not posted the file`, false, true);
    }
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
    return { key, outcome: error instanceof DownloadError && error.absent ? 'absent' : 'failed', detail: `could not download ${request.url.replace(/([?&]key=)[^&]+/, '$1…')}: ${reason}.${kept} ${byHand}` };
  } finally {
    await rm(temp, { force: true });
    await rm(unpacked, { force: true });
  }
}

/** Whether bytes begin like an HTML page (after a BOM and white space), whatever type they were sent as. */
function looksLikeHtml(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 512)).replace(/^\uFEFF/, '').trimStart().toLowerCase();
  return head.startsWith('<!doctype html') || head.startsWith('<html') || (head.startsWith('<') && head.includes('<html'));
}

/** Temporary files of a fetch that was stopped: `.<file>.download-<pid>`, `.<file>.unpacked-<pid>`. */
const LEFTOVER = /^\..+\.(?:download|unpacked)-(\d+)$/;

/** Whether the publisher has posted a file (a HEAD request): for the coming fiscal year, which is looked for, not taken. */
async function isPosted(entry: SourceEntry, options: FetchOptions, unreachable: Unreachable): Promise<boolean> {
  const { url, headers } = requestFor(entry, options);
  if (unreachable.has(hostOf(url).origin)) return false;
  try {
    const response = await fetch(url, { method: 'HEAD', headers, redirect: 'follow', signal: AbortSignal.timeout(options.idleTimeoutMs) });
    return response.ok && !/text\/html/i.test(response.headers.get('content-type') ?? '');
  } catch {
    return false;
  }
}

/**
 * One release: its candidates in order until the publisher has one. The first that exists is
 * taken (downloaded or unchanged) or fails; a release none of whose files exist fails when it is
 * required, and is reported otherwise. Files of the same release that the taken one supersedes
 * (the original of a revised year, an older ACS year) are removed only after it was accepted.
 */
async function fetchRelease(release: Release, options: FetchOptions, lock: Map<string, LockEntry>, discovery: Discovery[], unreachable: Unreachable): Promise<FileResult> {
  const tried: Discovery['tried'] = [];
  const record = (took: string | null) => discovery.push({ dataset: release.dataset, release: release.label, as_of: options.asOf, tried, took });
  const key = `${release.dataset}/${release.label}`;
  if (release.coming) {
    for (const candidate of release.candidates) {
      const posted = await isPosted(candidate, options, unreachable);
      tried.push({ file: candidate.file, outcome: posted ? 'posted' : 'absent' });
      if (posted) {
        record(null);
        return { key, outcome: 'skipped', detail: `${release.label} is posted (${candidate.file}); it is taken once it takes effect on 1 October` };
      }
    }
    record(null);
    return { key, outcome: 'skipped', detail: `${release.label} is not posted yet` };
  }
  let absent: FileResult | undefined;
  for (const [index, candidate] of release.candidates.entries()) {
    const result = await fetchOne(candidate, options, lock, unreachable);
    tried.push({ file: candidate.file, outcome: result.outcome });
    if (result.outcome === 'absent') {
      absent = result;
      continue;
    }
    if (result.outcome === 'downloaded' || result.outcome === 'unchanged') {
      record(candidate.file);
      for (const superseded of release.candidates.slice(index + 1)) {
        const path = join(options.sourcesDir, superseded.dataset, superseded.file);
        if (superseded.file === candidate.file || !(await exists(path))) continue;
        await rm(path, { force: true });
        lock.delete(`${superseded.dataset}/${superseded.file}`);
        options.progress.note(`removed ${superseded.dataset}/${superseded.file}: ${candidate.file} replaces it`);
      }
    } else {
      record(null);
    }
    return result;
  }
  record(null);
  const names = release.candidates.map((c) => c.file).join(', ');
  if (!release.required) return { key, outcome: 'skipped', detail: `${release.label} is not posted yet (tried ${names}); the year before is the newest` };
  if (release.candidates.length === 1 && absent) return { ...absent, outcome: 'failed' };
  return { key, outcome: 'failed', detail: `the publisher has none of ${names} (404 or an HTML page)${absent ? `; the last: ${absent.detail}` : ''}` };
}

/** What one run tried for one release, and what it took: kept in the lockfile. */
export interface Discovery {
  dataset: string;
  release: string;
  as_of: string;
  tried: { file: string; outcome: Outcome | 'posted' }[];
  took: string | null;
}

/**
 * An entry for the state being fetched: `{ST}` in its file name and URL is the state's USPS code,
 * `{PHA}` the two letters HUD's agency codes of the state start with (a feature service queried for
 * one state's agencies, saved under the state's name).
 */
export function entryForState(entry: ManifestEntry, state: StateScope): ManifestEntry {
  const fill = (text: string) => text.replaceAll('{ST}', state.code).replaceAll('{PHA}', agencyPrefixOf(state));
  return { ...entry, file: typeof entry.file === 'string' ? fill(entry.file) : entry.file.map(fill), url: fill(entry.url) };
}

export async function fetchSources(given: FetchOptions): Promise<FileResult[]> {
  const options = { ...given, manifest: { ...given.manifest, sources: given.manifest.sources.map((entry) => entryForState(entry, given.state)) } };
  await mkdir(options.sourcesDir, { recursive: true });
  for (const dataset of new Set(options.manifest.sources.map((e) => e.dataset))) {
    for (const name of await removeLeftovers(join(options.sourcesDir, dataset), LEFTOVER)) options.progress.note(`removed ${dataset}/${name}, left by a fetch that was stopped`);
  }
  const lock = new Map(Object.entries(readLockfile(options.sourcesDir).files));
  const discovery: Discovery[] = [];
  const save = () => writeLockfile(options.sourcesDir, { files: Object.fromEntries(lock), discovery });
  const active = options.manifest.sources.filter((e) => !e.when_env || options.env[e.when_env]);
  const toFetch = options.manifest.sources.filter((entry) => skipReason(entry, options, active) === undefined);
  const unreachable = new Map<string, string>();
  if (options.probe && toFetch.length > 0) {
    const hosts = await probeHosts(toFetch.map((entry) => (options.mirror ? options.mirror : entry.url)), options.probe);
    for (const [origin, why] of hosts) if (why !== undefined) unreachable.set(origin, why);
  }
  const results: FileResult[] = [];
  for (const entry of options.manifest.sources) {
    const reason = skipReason(entry, options, active);
    if (reason) {
      results.push({ key: `${entry.dataset}/${String(entry.file)}`, outcome: 'skipped', detail: reason });
      continue;
    }
    for (const release of releasesOf(entry, options.asOf)) {
      const result = await fetchRelease(release, options, lock, discovery, unreachable);
      results.push(result);
      // Written after every file, so what succeeded stays recorded whatever happens next.
      if (result.outcome === 'downloaded') await save();
    }
  }
  await save();
  return results;
}
