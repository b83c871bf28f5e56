// Precompressed siblings (.gz, .br) of every text file, for nginx's gzip_static/brotli_static and
// CDNs that serve them. Deterministic: zlib writes no timestamp, so the same input gives the same bytes.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative, sep } from 'node:path';
import type { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import { SEARCH_INDEX_PATH } from './publication/routes.ts';
import { startWorker } from './thread-modules.ts';

/** Smaller files are served as they are: compression would save less than its headers cost. */
export const MIN_BYTES = 1024;
export const COMPRESSIBLE = /\.(json|html|txt|xml|svg|css|js|csv)$/;
/** The media types of those files, as the pages and endpoints answer with them. */
const COMPRESSIBLE_TYPE = /^(text\/|application\/(json|xml|javascript|[a-z.+-]+\+(json|xml))|image\/svg\+xml)/;
/** Files this large get brotli's quality LARGE_QUALITY for their readers; smaller ones SMALL_QUALITY. */
export const LARGE = 64 * 1024;
export const SMALL_QUALITY = 6;

/**
 * Who reads a file: people's browsers load the pages, their scripts, styles and images, and the
 * search index the search box downloads; programs read the rest (the API's JSON, the bulk tables,
 * the sitemap, llms-full.txt, the feed).
 */
export type Readers = 'people' | 'programs';

/**
 * Brotli's quality for a large file, by its readers. Not brotli's best (11), which cost Texas 6.9 s
 * of processor time against 2.1 s at 10 for its 15 large files, 413 KB against 437 KB. A page is
 * downloaded by people on phones, so theirs keep 10; a program reading the API or a bulk table takes
 * 9: Texas's 11 such files cost 0.24 s instead of 1.65 s (the API's 2 MB index alone 0.07 s instead
 * of 0.65 s), for 431 KB instead of 353 KB (gzip -9: 497 KB). `npm run bench:brotli -- --dir DIST`
 * measures both again.
 */
export const LARGE_QUALITY: Record<Readers, number> = { people: 10, programs: 9 };

/** Who reads the file at `path`, its path within the site (sitePath). */
export function readersOf(path: string): Readers {
  return /\.(html|js|css|svg)$/.test(path) || path === SEARCH_INDEX_PATH ? 'people' : 'programs';
}

/** A file's path within the site written to the folder `root`: `/zip/55104/index.html`. */
export const sitePath = (root: string, file: string) => `/${relative(root, file).split(sep).join('/')}`;

/** Brotli's quality for a file of `size` bytes read by `readers`. */
export const brotliQuality = (size: number, readers: Readers) => (size >= LARGE ? LARGE_QUALITY[readers] : SMALL_QUALITY);

/**
 * Brotli's window for a file of `size` bytes: the smallest that holds all of it (a window of 2^n
 * bytes holds 2^n - 16), from brotli's least, 2^10, to its default, 2^22. A larger window finds no
 * more in a file, and setting one up cost a good part of compressing a small file: Texas's 5,285
 * files under 64 KB took 1.03 to 1.18 s at quality 6 with fitted windows against 1.35 to 1.97 s with
 * brotli's default, and came out 8 KB smaller in all; its 15 large files, 2.59 s against 2.87 s at
 * quality 10, 4 bytes larger in all (`npm run bench:brotli -- --dir DIST` shows both).
 */
export function brotliWindowBits(size: number): number {
  return Math.min(22, Math.max(10, Math.ceil(Math.log2(size + 16))));
}

/**
 * Files sent to a thread before its answers come back, so it never waits for the main thread, which
 * is busy rendering. Nothing is sent behind a large file: it would wait while another thread idles.
 */
const IN_FLIGHT = 16;

export interface PrecompressStats {
  files: number;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
  /** Files whose siblings were made from the dataset before Astro rendered them (offerAhead). */
  ahead: number;
}

interface Compressed {
  gz: Buffer;
  br: Buffer;
}

/** A message to a compression thread (compress-worker.ts), and its answer. */
export interface CompressRequest {
  id: number;
  bytes: Uint8Array;
  readers: Readers;
}
export interface CompressReply {
  id: number;
  gz: Uint8Array;
  br: Uint8Array;
}

/** Brotli's parameters for a file of `size` bytes at `quality`. */
export function brotliParams(size: number, quality: number): Record<number, number> {
  return { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(size), [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size };
}

/** One file's siblings: gzip at level 9, brotli at its quality (brotliQuality) in a window fitted to it. */
export function compressSiblings(bytes: Uint8Array, readers: Readers): Compressed {
  return {
    gz: zlib.gzipSync(bytes, { level: 9 }),
    br: zlib.brotliCompressSync(bytes, { params: brotliParams(bytes.length, brotliQuality(bytes.length, readers)) }),
  };
}

const contentKey = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('base64');
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A file's siblings, and whether they were made before Astro rendered the file. */
interface Siblings extends Compressed {
  ahead: boolean;
}

interface Job {
  bytes: Uint8Array;
  readers: Readers;
  ahead: boolean;
  resolve: (siblings: Siblings) => void;
  reject: (error: unknown) => void;
}

/** A file reported as written: its state then (stat: its size is its length), and its siblings (none under MIN_BYTES). */
interface WrittenFile {
  size: bigint;
  ino: bigint;
  ctimeNs: bigint;
  siblings: Promise<Siblings> | undefined;
}

interface Thread {
  worker: Worker;
  jobs: Map<number, Job>;
  /** Files sent to it and not yet answered, failed jobs included (none once it has stopped): it is ended only at none (see `close`). */
  unanswered: number;
  /** Whether a large file is among its jobs. */
  large: boolean;
  /** Set by `close`: ends the thread once it has answered every file it was sent. */
  endWhenAnswered?: () => void;
}

const takesMore = (thread: Thread) => thread.jobs.size < IN_FLIGHT && !thread.large;

/**
 * Compression that starts while Astro still renders: Astro renders on the main thread and waits on
 * its writes, so the second core is idle until the last page. The build hands each file Astro writes
 * (render-writes.ts reports it) to one compression thread while rendering goes on; `precompress` then
 * adds threads, one a core, and takes the result for every file still as it was written. The API's
 * files are offered ahead, from the dataset, and a file written with the same bytes takes their
 * result (keyed by sha256 and readers). The threads use zlib's synchronous calls: zlib's
 * asynchronous ones, on libuv's thread pool, cost about three times the processor time for these
 * thousands of small files (a stream, a hand-off and a callback each).
 */
export class EarlyCompression {
  readonly #done = new Map<string, Promise<Siblings>>();
  /** The lengths of the files offered ahead: a file written with another length cannot have their bytes. */
  readonly #aheadLengths = new Set<number>();
  /** Files reported as written, by path: what a file must still be for its result to be taken. */
  readonly #written = new Map<string, WrittenFile>();
  /** Files waiting their turn, the large ones (brotli's slow high quality) first: the longest jobs start soonest. */
  readonly #waiting: { large: Job[]; small: Job[] } = { large: [], small: [] };
  readonly #threads: Thread[] = [];
  #threadLimit = 1;
  #nextId = 0;
  #failure: unknown;

  /** The folder the site is written to, where a file's path within the site starts. */
  readonly #root: string;

  constructor(root: string) {
    this.#root = root;
  }

  /** Whether a response of this media type becomes a file the build compresses. */
  wants(contentType: string | null): boolean {
    return contentType !== null && COMPRESSIBLE_TYPE.test(contentType);
  }

  /** The siblings of these bytes for these readers: compressed already, on the way, or queued now. */
  offer(bytes: Uint8Array, readers: Readers, ahead = false): Promise<Siblings> {
    if (ahead) this.#aheadLengths.add(bytes.length);
    const key = `${readers} ${contentKey(bytes)}`;
    const known = this.#done.get(key);
    if (known) return known;
    const result = this.#queue(bytes, readers, ahead);
    this.#done.set(key, result);
    return result;
  }

  #queue(bytes: Uint8Array, readers: Readers, ahead: boolean): Promise<Siblings> {
    const result = new Promise<Siblings>((resolve, reject) => {
      this.#waiting[bytes.length >= LARGE ? 'large' : 'small'].push({ bytes, readers, ahead, resolve, reject });
    });
    // A failure is met again by whoever takes the result; nobody taking it is no crash.
    result.catch(() => undefined);
    this.#pump();
    return result;
  }

  /**
   * A file just written at `path` with `bytes` (Astro's pages and endpoints, while it renders): its
   * siblings start now. Its size, inode and change time are kept, so a file written again by
   * anything afterwards is compressed again from what it then holds. (Linux gives a written file a
   * new change time at once since 6.13; before, only from the clock's next tick, a few milliseconds:
   * a file rewritten within that tick with the same length would keep this result. Nothing in the
   * build writes a file twice.)
   */
  written(path: string, bytes: Uint8Array): void {
    if (!COMPRESSIBLE.test(path)) return;
    const { size, ino, ctimeNs } = statSync(path, { bigint: true });
    // Bytes that are not the whole file (an append) tell nothing of it: it is read at the end.
    if (size !== BigInt(bytes.length)) return;
    const readers = readersOf(sitePath(this.#root, path));
    // Only a file as long as one offered ahead may take that one's result: the others (the pages)
    // are not hashed, which spared Texas's main thread about 0.2 s of its 4 s of rendering.
    const siblings = bytes.length < MIN_BYTES ? undefined : this.#aheadLengths.has(bytes.length) ? this.offer(bytes, readers) : this.#queue(bytes, readers, false);
    this.#written.set(path, { size, ino, ctimeNs, siblings });
  }

  /** What `written` was told of the file at `path` (its length and siblings), if the file is still as it was then. */
  asWritten(path: string): { rawBytes: number; siblings: Promise<Siblings> | undefined } | undefined {
    const known = this.#written.get(path);
    if (!known) return undefined;
    const now = statSync(path, { bigint: true });
    return now.size === known.size && now.ino === known.ino && now.ctimeNs === known.ctimeNs ? { rawBytes: Number(known.size), siblings: known.siblings } : undefined;
  }

  /**
   * Files the build makes before Astro renders them: the API's files, from the dataset, which
   * programs read (readersOf says so of every path under the API). A file Astro then writes with the
   * same bytes takes their result.
   */
  offerAhead(files: readonly { bytes: Uint8Array; mediaType: string }[]): void {
    for (const file of files) if (this.wants(file.mediaType) && file.bytes.length >= MIN_BYTES) void this.offer(file.bytes, 'programs', true);
  }

  /** Rendering is over: what still waits may use `threads` threads. */
  hurry(threads: number): void {
    this.#threadLimit = threads;
    this.#pump();
  }

  /**
   * Ends each thread once it has answered every file it was sent, and resolves when all are ended;
   * whatever was still waiting fails. A thread is never ended inside a file: Node aborts the whole
   * process when a thread is ended inside zlib's set-up of a stream (`Assertion failed: init_done_
   * && "close before init"`; a refused build in CI ended by a signal instead of exit code 1), and
   * a process that exits ends its threads. A thread with files to answer keeps the process alive
   * until it has answered them (so the process does not end meanwhile with exit code 0, as it once
   * did while awaiting an unreferenced thread's exit); an idle one is ended at once.
   */
  async close(): Promise<void> {
    this.#fail(new Error('compression was closed'));
    await Promise.all(
      this.#threads.splice(0).map(
        (thread) =>
          new Promise<void>((resolve) => {
            thread.endWhenAnswered = () => {
              thread.endWhenAnswered = undefined;
              void thread.worker.terminate();
              resolve();
            };
            if (thread.unanswered === 0) thread.endWhenAnswered();
            else thread.worker.ref();
          }),
      ),
    );
  }

  #pump(): void {
    for (;;) {
      const queue = this.#waiting.large.length > 0 ? this.#waiting.large : this.#waiting.small;
      if (queue.length === 0) return;
      if (this.#failure !== undefined) {
        this.#fail(this.#failure);
        return;
      }
      // An idle thread first, else a new one while the limit allows, else the least busy that takes more.
      const thread = this.#threads.find((t) => t.jobs.size === 0) ?? (this.#threads.length < this.#threadLimit ? this.#startThread() : this.#leastBusy());
      if (!thread) return;
      const job = queue.shift() as Job;
      const id = (this.#nextId += 1);
      thread.jobs.set(id, job);
      thread.unanswered += 1;
      if (job.bytes.length >= LARGE) thread.large = true;
      // A thread with work keeps the process alive; an idle one does not (see the answer's handler).
      thread.worker.ref();
      // A message carries a view's whole buffer: a view of a shared one (Buffer's pool) goes as a copy.
      const bytes = job.bytes.byteLength === job.bytes.buffer.byteLength ? job.bytes : new Uint8Array(job.bytes);
      thread.worker.postMessage({ id, bytes, readers: job.readers } satisfies CompressRequest);
    }
  }

  #leastBusy(): Thread | undefined {
    return this.#threads.filter(takesMore).sort((a, b) => a.jobs.size - b.jobs.size)[0];
  }

  #startThread(): Thread {
    const thread: Thread = { worker: startWorker(new URL('./compress-worker.ts', import.meta.url)), jobs: new Map(), unanswered: 0, large: false };
    thread.worker.on('message', ({ id, gz, br }: CompressReply) => {
      const job = thread.jobs.get(id);
      thread.jobs.delete(id);
      thread.unanswered -= 1;
      if (job && job.bytes.length >= LARGE) thread.large = false;
      if (thread.unanswered === 0) {
        if (thread.endWhenAnswered) thread.endWhenAnswered();
        else thread.worker.unref();
      }
      job?.resolve({ gz: asBuffer(gz), br: asBuffer(br), ahead: job.ahead });
      this.#pump();
    });
    // A thread that fails takes the whole compression with it: the build must not publish half.
    thread.worker.on('error', (error) => this.#fail(error));
    thread.worker.on('exit', (code) => {
      // It will answer nothing more: a close waiting for it is done with it.
      thread.unanswered = 0;
      this.#fail(new Error(`a compression thread stopped (exit code ${code})`));
      thread.endWhenAnswered?.();
    });
    thread.worker.unref();
    this.#threads.push(thread);
    return thread;
  }

  #fail(error: unknown): void {
    this.#failure ??= error;
    for (const thread of this.#threads) {
      for (const job of thread.jobs.values()) job.reject(this.#failure);
      thread.jobs.clear();
    }
    for (const job of this.#waiting.large.splice(0).concat(this.#waiting.small.splice(0))) job.reject(this.#failure);
  }
}

/** Writes the siblings of every text file in `dir`, with what `early` compressed while the pages rendered; ends `early`'s threads. */
export async function precompress(dir: string, early = new EarlyCompression(dir), threads = availableParallelism()): Promise<PrecompressStats> {
  try {
    early.hurry(threads);
    // Synchronous listing, reads and writes: the pages are rendered and the main thread has nothing
    // else to do. Through libuv's pool each folder or file is a round trip between threads: Texas's
    // 5,300 files and 10,600 siblings took 0.6 s that way, against 0.1 to 0.2 s like this, and
    // listing its 2,655 folders 0.17 to 0.27 s, against 0.07 s.
    const files = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
      .map((e) => join(e.parentPath, e.name))
      .sort();
    const stats: PrecompressStats = { files: 0, rawBytes: 0, gzipBytes: 0, brotliBytes: 0, ahead: 0 };
    // Every file is offered first, so the few that were not reported as written (copied from
    // public/, written by an integration, or changed since) are compressed side by side while the
    // others are written. A file reported as written is not read again.
    const offered = files.flatMap((file) => {
      const known = early.asWritten(file);
      if (known) return known.siblings ? [{ file, rawBytes: known.rawBytes, siblings: known.siblings }] : [];
      const bytes = readFileSync(file);
      return bytes.length < MIN_BYTES ? [] : [{ file, rawBytes: bytes.length, siblings: early.offer(bytes, readersOf(sitePath(dir, file))) }];
    });
    for (const { file, rawBytes, siblings } of offered) {
      const { gz, br, ahead } = await siblings;
      writeFileSync(`${file}.gz`, gz);
      writeFileSync(`${file}.br`, br);
      stats.files += 1;
      stats.rawBytes += rawBytes;
      stats.gzipBytes += gz.length;
      stats.brotliBytes += br.length;
      if (ahead) stats.ahead += 1;
    }
    return stats;
  } finally {
    await early.close();
  }
}
