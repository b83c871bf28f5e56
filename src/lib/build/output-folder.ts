// The build replaces its output folder whole, so it must be sure the folder is its own: one that
// does not exist yet, an empty one, or one an earlier build of this project wrote. Anything else
// (a user's folder, the sources, the project itself) is refused before a byte is written.
import { existsSync, lstatSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { link, lstat, readdir, readFile, realpath, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { ERRNO_WORDS, ExpectedError } from '../errors.ts';
import { serviceName } from '../contract/service.ts';
import { STATES, type StateScope } from '../states.ts';

/** Written into the root of every output folder; its presence says "a build of this project wrote this". */
export const OUTPUT_MARKER = '.mnrent-output';
export const outputMarkerText = (state: StateScope) => `${serviceName(state)}: this folder is the output of its build, which replaces it whole on the next run.\n`;

/** Parts of a checkout that a build must never write into, whatever --outDir says. */
const PROJECT_PARTS = ['src', 'public', 'data', 'tests', 'node_modules', '.git', '.astro', '.ci', '.config'];

export class OutputFolderError extends ExpectedError {}

/** Whether `path` is `folder` or lies within it (both absolute and normalized, as resolve gives them). */
export const isInside = (path: string, folder: string) => path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);

/**
 * Every regular file under `dir`, by path, listed a folder at a time. Not readdirSync's `recursive`,
 * which follows a link to a folder (and so could list files outside the output): this lists no link
 * and follows none (`tests/output-folder.test.ts`).
 */
export function filesUnder(dir: string, onOther?: (path: string) => void): string[] {
  const files: string[] = [];
  const folders = [dir];
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) folders.push(join(folder, entry.name));
      else if (entry.isFile()) files.push(join(folder, entry.name));
      else onOther?.(join(folder, entry.name));
    }
  }
  return files;
}

/**
 * Every file of a folder about to be published (or served by a host that copies it), refused in one
 * line naming the first entry that is neither a regular file nor a folder: a symbolic link would be
 * followed by a host's upload or a server (to /etc/passwd, say), a device or a pipe read as a file.
 * `shownAs` is the folder as the message names it (the output folder for a build's staging one).
 */
export function publishedFiles(dir: string, shownAs = dir): string[] {
  return filesUnder(dir, (path) => {
    const what = lstatSync(path).isSymbolicLink() ? 'is a symbolic link' : 'is not a regular file (a device, socket or pipe)';
    throw new ExpectedError(`${join(shownAs, relative(dir, path))}: ${what}; a published site holds regular files only: remove it (or copy the file it points to) and build again`);
  });
}

/** The real path of `path`, or of its nearest existing ancestor with the rest appended. */
async function realish(path: string): Promise<string> {
  const absolute = resolve(path);
  try {
    return await realpath(absolute);
  } catch {
    const parent = dirname(absolute);
    return parent === absolute ? absolute : join(await realish(parent), basename(absolute));
  }
}

/** True for an output folder of an earlier build: the marker, or (builds before the marker) its meta.json. */
async function isEarlierOutput(dir: string): Promise<boolean> {
  if (existsSync(join(dir, OUTPUT_MARKER))) return true;
  try {
    const meta = (JSON.parse(await readFile(join(dir, 'api', 'v1', 'meta.json'), 'utf8')) as { meta?: { attribution?: unknown; schema_version?: unknown } }).meta;
    const attribution = meta?.attribution;
    return typeof attribution === 'string' && STATES.some((state) => attribution.startsWith(serviceName(state))) && meta?.schema_version === '1.0';
  } catch {
    return false;
  }
}

/**
 * What the machine can refuse a write for: a full disk, a quota, a read-only or failing device,
 * permissions, no file handles, or a folder (or a file) where the other was to go.
 */
const WRITE_REFUSALS = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO', 'EACCES', 'EPERM', 'EMFILE', 'ENFILE', 'EISDIR', 'ENOTDIR']);

/**
 * A build that failed because the machine refused a write (a full disk is the usual one) is told in
 * one line, not as a bug: the error as the write gave it (from Astro's page writes, a compression
 * thread or the end), in words, with the path when it names one. The build has removed its staging
 * folder by then, and `outDir` is as it was.
 */
export function outputWriteFailure(error: unknown, outDir: string): OutputFolderError | undefined {
  const { code, path, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  // A system error (it names its call); a message alone could be anything.
  if (typeof code !== 'string' || typeof syscall !== 'string' || !WRITE_REFUSALS.has(code)) return undefined;
  const where = typeof path === 'string' ? ` (${path})` : ` in ${dirname(outDir)}`;
  return new OutputFolderError(`could not write the output${where}: ${ERRNO_WORDS[code] ?? code} (${code}); nothing was published, and ${outDir} is as it was`);
}

/**
 * Refuses an output folder that this build must not replace, with one line saying why.
 * `projectRoot` and `sourcesDir` are what the build must never touch.
 */
export async function checkOutputFolder(outDir: string, guard: { projectRoot: string; sourcesDir: string }): Promise<void> {
  const out = await realish(outDir);
  const project = await realish(guard.projectRoot);
  const sources = await realish(guard.sourcesDir);
  const refuse = (why: string) => {
    throw new OutputFolderError(`--outDir ${outDir} ${why}; give a new or empty folder, or one an earlier build wrote`);
  };
  if (isInside(project, out)) refuse('holds this project');
  if (isInside(sources, out)) refuse(`holds the sources folder ${guard.sourcesDir}`);
  if (isInside(out, sources)) refuse(`is inside the sources folder ${guard.sourcesDir}`);
  for (const part of PROJECT_PARTS) if (isInside(out, join(project, part))) refuse(`is inside the project's ${part}/`);
  let stats;
  try {
    stats = await lstat(outDir);
  } catch {
    return; // Not there yet: the build creates it.
  }
  if (stats.isSymbolicLink()) refuse('is a symbolic link (give the folder it points to)');
  if (!stats.isDirectory()) refuse('is a file, not a folder');
  const entries = await readdir(outDir);
  if (entries.length === 0 || (await isEarlierOutput(outDir))) return;
  const shown = entries.sort().slice(0, 3).join(', ') + (entries.length > 3 ? ', …' : '');
  refuse(`holds files that no build of this project wrote (${shown})`);
}

/** True while a process with this id runs (a process of another user counts as running). */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the leftovers of dead processes in `dir`: names matching `pattern`, whose first group is
 * the process id. Returns what it removed.
 */
export async function removeLeftovers(dir: string, pattern: RegExp): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names.sort()) {
    const pid = Number(pattern.exec(name)?.[1]);
    if (!Number.isInteger(pid) || pid <= 0 || processIsAlive(pid)) continue;
    await rm(join(dir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Staging and old copies of an output folder that a killed build left beside it. */
export const stagingPattern = (outDir: string) => new RegExp(`^\\.${escapeRegExp(basename(outDir))}\\.(?:building|old)-(\\d+)$`);

/**
 * Where each build's Astro keeps its content store (its cacheDir) and its page bundle (under its
 * working directory, when the output is outside it): a folder of its own in the checkout, where the
 * bundle still finds the project's packages. Builds from one checkout run side by side.
 */
export const renderFoldersIn = (projectRoot: string) => join(projectRoot, 'node_modules', '.cache', 'mnrent-render');
export const renderFolderName = (pid: number) => `build-${pid}`;
export const RENDER_FOLDER_PATTERN = /^build-(\d+)$/;

export interface HeldLock {
  release(): void;
}

let lockAttempts = 0;

/**
 * Removes a dead process's lock: moved aside first (only one taker can move a given file), and put
 * back if what was moved is not the lock that was seen dead (another taker's fresh one).
 */
async function takeOverStale(path: string, seen: string): Promise<void> {
  const aside = `${path}.stale-${process.pid}-${(lockAttempts += 1)}`;
  try {
    await rename(path, aside);
  } catch {
    return;
  }
  const moved = (await readFile(aside, 'utf8').catch(() => '')).trim();
  if (moved !== seen) await link(aside, path).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
}

/**
 * A lock file holding this process's id. It appears with the id already in it (written to a file of
 * its own, then hard-linked into place, which fails if a lock exists), so a reader never sees an
 * empty lock and takes it for a dead one: 24 takers at once held it two or three at a time before.
 * A lock whose process is gone is taken over; a live one is waited for up to `waitMs` (saying so
 * once), then refused.
 */
export async function acquireLock(path: string, what: string, options: { waitMs: number; log?: (line: string) => void; pollMs?: number }): Promise<HeldLock> {
  const started = Date.now();
  let announced = false;
  for (;;) {
    const mine = `${path}.${process.pid}-${(lockAttempts += 1)}`;
    await writeFile(mine, `${process.pid}\n`);
    try {
      await link(mine, path);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      await unlink(mine).catch(() => undefined);
    }
    const text = await readFile(path, 'utf8').catch(() => undefined);
    // Released since: try again at once.
    if (text === undefined) continue;
    const seen = text.trim();
    const holder = Number(seen);
    if (!Number.isInteger(holder) || holder <= 0 || !processIsAlive(holder)) {
      await takeOverStale(path, seen);
      continue;
    }
    if (Date.now() - started >= options.waitMs) {
      throw new OutputFolderError(`${what} is locked by process ${holder} (${path}); wait for it to finish`);
    }
    if (!announced) options.log?.(`  waiting for process ${holder}, which holds ${what}…`);
    announced = true;
    await new Promise((r) => setTimeout(r, options.pollMs ?? 250));
  }
  // A process.exit() anywhere (the CLI's error path) must not leave the lock behind.
  const onExit = () => {
    try {
      if (readFileSync(path, 'utf8').trim() === String(process.pid)) unlinkSync(path);
    } catch {
      // Already gone.
    }
  };
  process.on('exit', onExit);
  return {
    release: () => {
      process.off('exit', onExit);
      onExit();
    },
  };
}
