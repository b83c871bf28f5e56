// Precompressed siblings (.gz, .br) of every text file, for nginx's gzip_static/brotli_static and
// CDNs that serve them. Deterministic: zlib writes no timestamp, so the same input gives the same bytes.
import { type BigIntStats, closeSync, fstatSync, openSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { relative, sep } from 'node:path';
import type { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import { filesUnder, isInside } from './output-folder.ts';
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

/**
 * A file's path within the site written to the folder `root`: `/zip/55104/index.html`. A file named
 * under `root` is sliced rather than passed through path.relative, which cost Texas's main thread
 * about 0.05 s of its render (once for each file Astro writes).
 */
export function sitePath(root: string, file: string): string {
  const prefix = root.endsWith(sep) ? root : `${root}${sep}`;
  const within = file.startsWith(prefix) ? file.slice(prefix.length) : relative(root, file);
  return `/${within.split(sep).join('/')}`;
}

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
 * Once rendering is over, each thread takes its share of what waits at once: the main thread then
 * lists the output for 0.1 s (Texas) without hearing the threads' answers, and with 16 each they sat
 * idle behind the 400 files still waiting.
 */
const IN_FLIGHT = 16;

export interface PrecompressStats {
  files: number;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
  /** Files whose siblings were made from the dataset before Astro rendered them (offerAhead). */
  ahead: number;
  /** Every file in the folder once the siblings are written: its listing and the siblings it lacked. */
  filesInFolder: number;
}

interface Compressed {
  gz: Buffer;
  br: Buffer;
}

/** A file's state on disk when it was read: a result made from it holds while the file is still so. */
export interface FileState {
  size: bigint;
  ino: bigint;
  ctimeNs: bigint;
}

/**
 * A job for a compression thread (compress-worker.ts): bytes to compress, answered with their
 * siblings; or a file just written, which the thread reads and compresses, answered with the file's
 * state when read, its length and its siblings (none under MIN_BYTES), or that it is gone. A message
 * carries several jobs, an answer several answers; siblings come back in buffers of their own.
 */
export type CompressJob = { id: number; readers: Readers } & ({ bytes: Uint8Array; path?: undefined } | { path: string; bytes?: undefined });
export type FileAnswer = { state: FileState; rawBytes: number; siblings?: { gz: Uint8Array<ArrayBuffer>; br: Uint8Array<ArrayBuffer> } } | { missing: true };
export type CompressAnswer = { id: number } & ({ gz: Uint8Array; br: Uint8Array } | { file: FileAnswer });

/** Brotli's parameters for a file of `size` bytes at `quality`. */
export function brotliParams(size: number, quality: number): Record<number, number> {
  return { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(size), [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size };
}

/** RFC 1952's number for Unix, the operating system every `.gz` sibling names in its header. */
export const GZIP_OS_UNIX = 3;

/**
 * The gzip stream as written whatever machine builds: zlib names the system it was built for in the
 * header's tenth byte (3 on Linux, 19 on macOS, 10 on Windows; nodejs/node#48690), and nothing
 * reads it, so the siblings would differ from one machine to the next by that byte alone. No header
 * checksum covers it (zlib sets no FHCRC), so it is set in place.
 */
export function withUnixHeader(gz: Buffer): Buffer {
  gz[9] = GZIP_OS_UNIX;
  return gz;
}

/** One file's siblings: gzip at level 9, brotli at its quality (brotliQuality) in a window fitted to it. */
export function compressSiblings(bytes: Uint8Array, readers: Readers): Compressed {
  return {
    gz: withUnixHeader(zlib.gzipSync(bytes, { level: 9 })),
    br: zlib.brotliCompressSync(bytes, { params: brotliParams(bytes.length, brotliQuality(bytes.length, readers)) }),
  };
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const stateOf = ({ size, ino, ctimeNs }: BigIntStats): FileState => ({ size, ino, ctimeNs });
const sameState = (a: FileState, b: FileState) => a.size === b.size && a.ino === b.ino && a.ctimeNs === b.ctimeNs;

/** Siblings in buffers of their own: zlib's results are views of larger buffers, and a message carries a view's whole buffer. */
export function ownBuffers({ gz, br }: Compressed): { gz: Uint8Array<ArrayBuffer>; br: Uint8Array<ArrayBuffer> } {
  return { gz: new Uint8Array(gz), br: new Uint8Array(br) };
}

/**
 * Reads the file at `path` and compresses it (nothing under MIN_BYTES): what a compression thread
 * does with a file just written. Its state is taken from the open file before it is read, so a
 * change while it is read shows as another change time at the end.
 */
export function compressFile(path: string, readers: Readers): FileAnswer {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    // Renamed or removed since it was written: the end of the build sees to whatever is there then.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { missing: true };
    throw error;
  }
  let state: FileState;
  let bytes: Buffer;
  try {
    state = stateOf(fstatSync(fd, { bigint: true }));
    bytes = readFileSync(fd);
  } finally {
    closeSync(fd);
  }
  if (bytes.length < MIN_BYTES) return { state, rawBytes: bytes.length };
  return { state, rawBytes: bytes.length, siblings: ownBuffers(compressSiblings(bytes, readers)) };
}

/** A file's siblings, and whether they were made before Astro rendered the file. */
interface Siblings extends Compressed {
  ahead: boolean;
}

interface Job {
  id: number;
  readers: Readers;
  large: boolean;
  /** The bytes to compress, or the path of a written file the thread reads and compresses. */
  work: { bytes: Uint8Array } | { path: string };
  answer: (answer: CompressAnswer) => void;
  reject: (error: unknown) => void;
}

/** Bytes offered, kept by length: a file written with the same bytes takes their result. */
interface Offered {
  bytes: Uint8Array;
  readers: Readers;
  siblings: Promise<Siblings>;
}

/**
 * What the build heard of a file written while rendering: it took the siblings of the same bytes
 * offered ahead (and the file's state then), or a thread reads and compresses it, or it was
 * reported more than once (made again at the end from what it then holds).
 */
type WrittenFile = { by: 'offer'; state: FileState; rawBytes: number; siblings: Promise<Siblings> } | { by: 'thread'; answer: Promise<FileAnswer> } | { by: 'again' };

interface Thread {
  worker: Worker;
  jobs: Map<number, Job>;
  /** Jobs sent to it and not yet answered, failed jobs included (none once it has stopped): it is ended only at none (see `close`). */
  unanswered: number;
  /** Whether a large file is among its jobs. */
  large: boolean;
  /** Set by `close`: ends the thread once it has answered every job it was sent. */
  endWhenAnswered?: () => void;
}

/**
 * Compression that starts while Astro still renders: Astro renders on the main thread and waits on
 * its writes, so the second core is idle until the last page. Each file Astro writes (render-writes.ts
 * reports it) goes to a compression thread by its path: the thread reads and compresses it, so the
 * main thread, which renders, neither copies its bytes into a message nor stats it (Texas's main
 * thread spent about 0.3 s of its render on that hand-off). `precompress` then adds threads, one a
 * core, and writes each file's siblings only while the file is still as it was read. The API's
 * files are offered ahead, as bytes, from the dataset: a file written with the same bytes takes their
 * result (found by its length, then compared). The jobs go in batches, one message a turn of the
 * event loop. The threads use zlib's synchronous calls: zlib's asynchronous ones, on libuv's thread
 * pool, cost about three times the processor time for these thousands of small files.
 */
export class EarlyCompression {
  readonly #offered = new Map<number, Offered[]>();
  /** Files reported as written, by path. */
  readonly #written = new Map<string, WrittenFile>();
  /** Jobs waiting their turn, the large ones (brotli's slow high quality) first: the longest jobs start soonest. */
  readonly #waiting: { large: Job[]; small: Job[] } = { large: [], small: [] };
  readonly #threads: Thread[] = [];
  #threadLimit = 1;
  /** Jobs a thread may have in hand (IN_FLIGHT). */
  #inFlight = IN_FLIGHT;
  #nextId = 0;
  #pumpScheduled = false;
  #failure: unknown;

  /** The folder the site is written to: its files' paths within the site start there, and nothing outside it is compressed early. */
  readonly #root: string;

  constructor(root: string) {
    this.#root = root;
  }

  /** Whether a response of this media type becomes a file the build compresses. */
  wants(contentType: string | null): boolean {
    return contentType !== null && COMPRESSIBLE_TYPE.test(contentType);
  }

  /** The siblings of these bytes for these readers: compressed already, on the way, or sent now. */
  offer(bytes: Uint8Array, readers: Readers): Promise<Siblings> {
    const siblings = this.#offer(bytes, readers, false);
    this.#pump();
    return siblings;
  }

  #offer(bytes: Uint8Array, readers: Readers, ahead: boolean): Promise<Siblings> {
    const known = this.#offeredAs(bytes, readers);
    if (known) return known;
    const siblings = new Promise<Siblings>((resolve, reject) => {
      const answer = (reply: CompressAnswer) => ('gz' in reply ? resolve({ gz: asBuffer(reply.gz), br: asBuffer(reply.br), ahead }) : reject(new Error('a compression thread answered bytes with a file')));
      this.#queue({ bytes }, bytes.length, readers, answer, reject);
    });
    // A failure is met again by whoever takes the result; nobody taking it is no crash.
    siblings.catch(() => undefined);
    const sameLength = this.#offered.get(bytes.length) ?? [];
    sameLength.push({ bytes, readers, siblings });
    this.#offered.set(bytes.length, sameLength);
    return siblings;
  }

  /** What was offered with these bytes for these readers, if anything. */
  #offeredAs(bytes: Uint8Array, readers: Readers): Promise<Siblings> | undefined {
    const sameLength = this.#offered.get(bytes.length);
    if (sameLength === undefined) return undefined;
    const view = asBuffer(bytes);
    return sameLength.find((offered) => offered.readers === readers && view.equals(offered.bytes))?.siblings;
  }

  #queue(work: Job['work'], size: number, readers: Readers, answer: Job['answer'], reject: Job['reject']): void {
    const large = size >= LARGE;
    this.#waiting[large ? 'large' : 'small'].push({ id: 0, readers, large, work, answer, reject });
  }

  /** Sends what waits on the next turn of the event loop: the jobs queued meanwhile go in one message. */
  #pumpSoon(): void {
    if (this.#pumpScheduled) return;
    this.#pumpScheduled = true;
    setImmediate(() => {
      this.#pumpScheduled = false;
      this.#pump();
    });
  }

  /**
   * A file just written at `path` with `bytes` (Astro's pages and endpoints, while it renders): its
   * siblings start now. A file written with bytes offered ahead takes their result, with its size,
   * inode and change time now; any other goes to a thread by its path, and the thread answers with
   * the state it read it in. The end takes a result only while the file is still in that state, so a
   * file written again by anything afterwards is compressed again from what it then holds. (Linux
   * gives a written file a new change time at once since 6.13; before, only from the clock's next
   * tick, a few milliseconds: a file rewritten within that tick with the same length would keep this
   * result. Nothing in the build writes a file twice.) Files outside the site's folder are left alone.
   */
  written(path: string, bytes: Uint8Array): void {
    if (!isInside(path, this.#root) || !COMPRESSIBLE.test(path)) return;
    const earlier = this.#written.get(path);
    if (earlier) {
      this.#written.set(path, { by: 'again' });
      return;
    }
    // Too small for siblings: the end reads it again, as a file it was not told of.
    if (bytes.length < MIN_BYTES) return;
    const readers = readersOf(sitePath(this.#root, path));
    const offered = this.#offeredAs(bytes, readers);
    if (offered) {
      const state = stateOf(statSync(path, { bigint: true }));
      // Bytes that are not the whole file (an append) tell nothing of it: a thread reads it all.
      if (state.size === BigInt(bytes.length)) {
        this.#written.set(path, { by: 'offer', state, rawBytes: bytes.length, siblings: offered });
        return;
      }
    }
    const answer = new Promise<FileAnswer>((resolve, reject) => {
      this.#queue({ path }, bytes.length, readers, (reply) => ('file' in reply ? resolve(reply.file) : reject(new Error('a compression thread answered a file with bytes'))), reject);
    });
    answer.catch(() => undefined);
    this.#written.set(path, { by: 'thread', answer });
    this.#pumpSoon();
  }

  /** What `written` was told of the file at `path`, if anything. */
  reported(path: string): WrittenFile | undefined {
    return this.#written.get(path);
  }

  /**
   * Files the build makes before Astro renders them: the API's files, from the dataset, which
   * programs read (readersOf says so of every path under the API). A file Astro then writes with the
   * same bytes takes their result.
   */
  offerAhead(files: readonly { bytes: Uint8Array; mediaType: string }[]): void {
    for (const file of files) if (this.wants(file.mediaType) && file.bytes.length >= MIN_BYTES) void this.#offer(file.bytes, 'programs', true);
    this.#pump();
  }

  /** Rendering is over: what still waits may use `threads` threads. */
  hurry(threads: number): void {
    this.#threadLimit = threads;
    this.#inFlight = Math.max(IN_FLIGHT, Math.ceil((this.#waiting.large.length + this.#waiting.small.length) / threads));
    this.#pump();
  }

  /**
   * Ends each thread once it has answered every job it was sent, and resolves when all are ended;
   * whatever was still waiting fails. A thread is never ended inside a file: Node aborts the whole
   * process when a thread is ended inside zlib's set-up of a stream (`Assertion failed: init_done_
   * && "close before init"`; a refused build in CI ended by a signal instead of exit code 1), and
   * a process that exits ends its threads. A thread with jobs to answer keeps the process alive
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
      if (this.#waiting.large.length === 0 && this.#waiting.small.length === 0) return;
      if (this.#failure !== undefined) {
        this.#fail(this.#failure);
        return;
      }
      // An idle thread first, else a new one while the limit allows, else the least busy that takes more.
      const thread = this.#threads.find((t) => t.jobs.size === 0) ?? (this.#threads.length < this.#threadLimit ? this.#startThread() : this.#leastBusy());
      if (!thread) return;
      const batch: CompressJob[] = [];
      while (this.#takesMore(thread)) {
        const job = this.#waiting.large.shift() ?? this.#waiting.small.shift();
        if (!job) break;
        job.id = this.#nextId += 1;
        thread.jobs.set(job.id, job);
        thread.unanswered += 1;
        if (job.large) thread.large = true;
        if ('path' in job.work) batch.push({ id: job.id, readers: job.readers, path: job.work.path });
        else {
          // A message carries a view's whole buffer: a view of a shared one (Buffer's pool) goes as a copy.
          const { bytes } = job.work;
          batch.push({ id: job.id, readers: job.readers, bytes: bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes) });
        }
      }
      // A thread with work keeps the process alive; an idle one does not (see the answer's handler).
      thread.worker.ref();
      thread.worker.postMessage(batch);
    }
  }

  #takesMore(thread: Thread): boolean {
    return thread.jobs.size < this.#inFlight && !thread.large;
  }

  #leastBusy(): Thread | undefined {
    return this.#threads.filter((thread) => this.#takesMore(thread)).sort((a, b) => a.jobs.size - b.jobs.size)[0];
  }

  #startThread(): Thread {
    const thread: Thread = { worker: startWorker(new URL('./compress-worker.ts', import.meta.url)), jobs: new Map(), unanswered: 0, large: false };
    thread.worker.on('message', (answers: CompressAnswer[]) => {
      const answered: [Job, CompressAnswer][] = [];
      for (const answer of answers) {
        const job = thread.jobs.get(answer.id);
        thread.jobs.delete(answer.id);
        thread.unanswered -= 1;
        if (job?.large) thread.large = false;
        if (job) answered.push([job, answer]);
      }
      if (thread.unanswered === 0) {
        if (thread.endWhenAnswered) thread.endWhenAnswered();
        else thread.worker.unref();
      }
      for (const [job, answer] of answered) job.answer(answer);
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

/** A file's siblings as written: their sizes and the file's, and whether they were made ahead. */
type Outcome = { rawBytes: number; gzBytes: number; brBytes: number; ahead: boolean } | undefined;

/** Writes the siblings of every text file in `dir`, with what `early` compressed while the pages rendered; ends `early`'s threads. */
export async function precompress(dir: string, early = new EarlyCompression(dir), threads = availableParallelism()): Promise<PrecompressStats> {
  try {
    early.hurry(threads);
    // Synchronous listing, reads and writes: the pages are rendered and the main thread has nothing
    // else to do. Through libuv's pool each folder or file is a round trip between threads: Texas's
    // 5,300 files and 10,600 siblings took 0.6 s that way, against 0.1 to 0.2 s like this, and
    // listing its 2,655 folders 0.17 to 0.27 s, against 0.07 s.
    const listed = filesUnder(dir);
    const files = listed.filter((file) => COMPRESSIBLE.test(file)).sort();
    // The folder's files are counted here, not listed again after: a sibling that was already there
    // (none is, in a build's fresh folder) is written over, not added.
    const listedSiblings = new Set(listed.filter((file) => file.endsWith('.gz') || file.endsWith('.br')));
    const stats: PrecompressStats = { files: 0, rawBytes: 0, gzipBytes: 0, brotliBytes: 0, ahead: 0, filesInFolder: listed.length };
    const write = (file: string, rawBytes: number, { gz, br, ahead }: Siblings): Outcome => {
      for (const [sibling, bytes] of [[`${file}.gz`, gz], [`${file}.br`, br]] as const) {
        writeFileSync(sibling, bytes);
        if (!listedSiblings.has(sibling)) stats.filesInFolder += 1;
      }
      return { rawBytes, gzBytes: gz.length, brBytes: br.length, ahead };
    };
    /** Offers the file as it is now; its siblings are written when taken. */
    const fromNow = (file: string): (() => Promise<Outcome>) => {
      const bytes = readFileSync(file);
      if (bytes.length < MIN_BYTES) return () => Promise.resolve(undefined);
      const siblings = early.offer(bytes, readersOf(sitePath(dir, file)));
      return () => siblings.then((made) => write(file, bytes.length, made));
    };
    const isStill = (file: string, state: FileState) => sameState(state, stateOf(statSync(file, { bigint: true })));
    // A file the build was told of keeps its result while it is as it was then; any other (copied
    // from public/, written by an integration, changed since) is read and offered here, all of them
    // first, so they are compressed side by side while the others' siblings are written.
    const outcomes = files.map((file): (() => Promise<Outcome>) => {
      const known = early.reported(file);
      if (known === undefined) return fromNow(file);
      switch (known.by) {
        case 'offer':
          return isStill(file, known.state) ? () => known.siblings.then((made) => write(file, known.rawBytes, made)) : fromNow(file);
        case 'thread':
          return async () => {
            const answer = await known.answer;
            if ('missing' in answer || !isStill(file, answer.state)) return fromNow(file)();
            return answer.siblings ? write(file, answer.rawBytes, { gz: asBuffer(answer.siblings.gz), br: asBuffer(answer.siblings.br), ahead: false }) : undefined;
          };
        case 'again':
          // Written more than once: made from what it holds now.
          return fromNow(file);
      }
    });
    for (const outcome of outcomes) {
      const made = await outcome();
      if (!made) continue;
      stats.files += 1;
      stats.rawBytes += made.rawBytes;
      stats.gzipBytes += made.gzBytes;
      stats.brotliBytes += made.brBytes;
      if (made.ahead) stats.ahead += 1;
    }
    return stats;
  } finally {
    await early.close();
  }
}
