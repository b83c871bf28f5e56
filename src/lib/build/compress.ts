// Precompressed siblings (.gz, .br) of every text file of a built site, for nginx's gzip_static and
// brotli_static and for CDNs that serve them. Deterministic: zlib writes no timestamp and the header's
// system byte is fixed, so the same input gives the same bytes on any machine. The work is spread
// over a plain pool of worker threads, one a core, once the pages are written.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { relative, sep } from 'node:path';
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import { compareCodePoints } from '../order.ts';
import { SEARCH_INDEX_PATH } from '../contract/routes.ts';

/** Smaller files are served as they are: compression would save less than its headers cost. */
export const MIN_BYTES = 1024;
export const COMPRESSIBLE = /\.(json|html|txt|xml|svg|css|js|csv)$/;
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
 * Brotli's quality for a large file, by its readers. Not brotli's best (11), which costs several
 * times the processor time for a few percent: pages, read on phones, keep 10; programs take 9.
 * `npm run bench:brotli -- --dir DIST` measures the choices again.
 */
export const LARGE_QUALITY: Record<Readers, number> = { people: 10, programs: 9 };

/** Who reads the file at `path`, its path within the site (sitePath). */
export function readersOf(path: string): Readers {
  return /\.(html|js|css|svg)$/.test(path) || path === SEARCH_INDEX_PATH ? 'people' : 'programs';
}

/** A file's path within the site written to the folder `root`: `/zip/55104/index.html`. */
export function sitePath(root: string, file: string): string {
  return `/${relative(root, file).split(sep).join('/')}`;
}

/** Brotli's quality for a file of `size` bytes read by `readers`. */
export const brotliQuality = (size: number, readers: Readers) => (size >= LARGE ? LARGE_QUALITY[readers] : SMALL_QUALITY);

/**
 * Brotli's window for a file of `size` bytes: the smallest that holds all of it (a window of 2^n
 * bytes holds 2^n - 16), from brotli's least, 2^10, to its default, 2^22. A larger window finds no
 * more in a file, and setting one up is a good part of compressing a small file.
 */
export function brotliWindowBits(size: number): number {
  return Math.min(22, Math.max(10, Math.ceil(Math.log2(size + 16))));
}

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
export function compressSiblings(bytes: Uint8Array, readers: Readers): { gz: Buffer; br: Buffer } {
  return {
    gz: withUnixHeader(zlib.gzipSync(bytes, { level: 9 })),
    br: zlib.brotliCompressSync(bytes, { params: brotliParams(bytes.length, brotliQuality(bytes.length, readers)) }),
  };
}

/** A file for a compression thread, and what it did with it: the sizes written, or nothing under MIN_BYTES. */
export interface CompressJob {
  path: string;
  readers: Readers;
}
export type CompressResult = { rawBytes: number; gzBytes: number; brBytes: number } | { rawBytes: number; small: true };

/** Reads `path` and writes its siblings beside it (none under MIN_BYTES): what a compression thread does. */
export function compressFile({ path, readers }: CompressJob): CompressResult {
  const bytes = readFileSync(path);
  if (bytes.length < MIN_BYTES) return { rawBytes: bytes.length, small: true };
  const { gz, br } = compressSiblings(bytes, readers);
  writeFileSync(`${path}.gz`, gz);
  writeFileSync(`${path}.br`, br);
  return { rawBytes: bytes.length, gzBytes: gz.length, brBytes: br.length };
}

export interface PrecompressStats {
  files: number;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
  /** Siblings written. */
  siblings: number;
}

type WorkerReply = { ok: true; result: CompressResult } | { ok: false; error: { message: string; code?: string; syscall?: string; path?: string } };

/**
 * Runs `jobs` on `threads` workers, one job a worker at a time. After a failure no job is sent, and
 * each worker is ended only once it has answered the job it holds: Node aborts the process when a
 * thread is ended inside zlib's set-up of a stream. The first failure is thrown then.
 */
async function runPool(jobs: readonly CompressJob[], threads: number): Promise<CompressResult[]> {
  const results: CompressResult[] = new Array<CompressResult>(jobs.length);
  let next = 0;
  let failure: Error | undefined;
  const workers = Array.from({ length: Math.max(1, Math.min(threads, jobs.length)) }, () => new Worker(new URL('./compress-worker.ts', import.meta.url)));
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((idle) => {
          let current = -1;
          const sendNext = () => {
            current = next++;
            const job = jobs[current];
            if (job === undefined || failure !== undefined) idle();
            else worker.postMessage(job);
          };
          worker.on('message', (reply: WorkerReply) => {
            // A system error keeps its code, call and path: a full disk is told as such (output-folder.ts).
            if (reply.ok) results[current] = reply.result;
            else failure ??= Object.assign(new Error(reply.error.message), reply.error);
            sendNext();
          });
          worker.once('error', (error) => {
            failure ??= error instanceof Error ? error : new Error(String(error));
            idle();
          });
          sendNext();
        }),
    ),
  );
  await Promise.all(workers.map((worker) => worker.terminate()));
  if (failure !== undefined) throw failure;
  return results;
}

/** Writes the .gz and .br siblings of every text file among `files` (paths under `dir`). */
export async function precompress(dir: string, files: readonly string[], threads = availableParallelism()): Promise<PrecompressStats> {
  // The largest first, so that no thread is left with a slow file at the end.
  const jobs = files
    .filter((file) => COMPRESSIBLE.test(file))
    .map((path) => ({ path, size: statSync(path).size }))
    .sort((a, b) => b.size - a.size || compareCodePoints(a.path, b.path))
    .map(({ path }): CompressJob => ({ path, readers: readersOf(sitePath(dir, path)) }));
  const results = await runPool(jobs, threads);
  const stats: PrecompressStats = { files: 0, rawBytes: 0, gzipBytes: 0, brotliBytes: 0, siblings: 0 };
  for (const result of results) {
    if ('small' in result) continue;
    stats.files += 1;
    stats.siblings += 2;
    stats.rawBytes += result.rawBytes;
    stats.gzipBytes += result.gzBytes;
    stats.brotliBytes += result.brBytes;
  }
  return stats;
}
