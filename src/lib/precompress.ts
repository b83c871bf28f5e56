// Precompressed siblings (.gz, .br) of every text file, for nginx's gzip_static/brotli_static and
// CDNs that serve them. Deterministic: zlib writes no timestamp, so the same input gives the same bytes.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

const COMPRESSIBLE = /\.(json|html|txt|xml|svg|css|js|csv)$/;
/** The media types of those files, as the pages and endpoints answer with them. */
const COMPRESSIBLE_TYPE = /^(text\/|application\/(json|xml|javascript|[a-z.+-]+\+(json|xml))|image\/svg\+xml)/;
/** Smaller files are sent as they are: compression would save less than its headers cost. */
export const MIN_BYTES = 1024;
/** Brotli's best quality is slow; it pays off for the few large shared files only. */
const LARGE = 64 * 1024;

export interface PrecompressStats {
  files: number;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

interface Compressed {
  gz: Buffer;
  br: Buffer;
}

/** One file's siblings: gzip and brotli side by side on libuv's thread pool. */
async function compress(bytes: Uint8Array): Promise<Compressed> {
  const quality = bytes.length >= LARGE ? 11 : 6;
  const [gz, br] = await Promise.all([
    gzip(bytes, { level: 9 }),
    brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  ]);
  return { gz, br };
}

const contentKey = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('base64');

/**
 * Compression that starts while Astro still renders: Astro renders on the main thread and waits on
 * its writes, so the second core is idle until the last page. The pages' middleware offers each
 * response as it is rendered; two run at a time while rendering goes on, and `precompress` then
 * takes the result for every file with the same bytes (keyed by sha256: a file that differs from
 * its response is compressed on its own).
 */
export class EarlyCompression {
  readonly #done = new Map<string, Promise<Compressed>>();
  /** Files waiting their turn, the large ones (brotli's slow best quality) first: the longest jobs start soonest. */
  readonly #waiting: { large: (() => void)[]; small: (() => void)[] } = { large: [], small: [] };
  #running = 0;
  #limit = 2;

  /** Whether a response of this media type becomes a file `precompress` compresses. */
  wants(contentType: string | null): boolean {
    return contentType !== null && COMPRESSIBLE_TYPE.test(contentType);
  }

  /** The siblings of these bytes: compressed already, on the way, or queued now. */
  offer(bytes: Uint8Array): Promise<Compressed> {
    const key = contentKey(bytes);
    const known = this.#done.get(key);
    if (known) return known;
    const turn = new Promise<void>((start) => {
      this.#waiting[bytes.length >= LARGE ? 'large' : 'small'].push(start);
    });
    const result = turn
      .then(() => compress(bytes))
      .finally(() => {
        this.#running -= 1;
        this.#pump();
      });
    // A failure is met again by whoever takes the result; nobody taking it is no crash.
    result.catch(() => undefined);
    this.#done.set(key, result);
    this.#pump();
    return result;
  }

  /** Rendering is over: what still waits may use `limit` threads. */
  hurry(limit: number): void {
    this.#limit = limit;
    this.#pump();
  }

  #pump(): void {
    while (this.#running < this.#limit) {
      const start = this.#waiting.large.shift() ?? this.#waiting.small.shift();
      if (!start) return;
      this.#running += 1;
      start();
    }
  }
}

const EARLY = Symbol.for('mnrent.early-compression');

/** The build's early compression, if a build is running in this process: the pages' middleware reaches it here. */
export function earlyCompression(): EarlyCompression | undefined {
  return (globalThis as { [EARLY]?: EarlyCompression })[EARLY];
}

/** Starts early compression for the pages this process renders next. */
export function startEarlyCompression(): EarlyCompression {
  const early = new EarlyCompression();
  (globalThis as { [EARLY]?: EarlyCompression })[EARLY] = early;
  return early;
}

export function stopEarlyCompression(): void {
  (globalThis as { [EARLY]?: EarlyCompression | undefined })[EARLY] = undefined;
}

export async function precompress(dir: string, early = new EarlyCompression(), concurrency = 4): Promise<PrecompressStats> {
  early.hurry(concurrency);
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
  const stats: PrecompressStats = { files: 0, rawBytes: 0, gzipBytes: 0, brotliBytes: 0 };
  // Reads and writes go through libuv's thread pool, several at a time: creating thousands of small
  // files one by one costs more than the compression that is left.
  const worker = async () => {
    for (let file = files.shift(); file !== undefined; file = files.shift()) {
      const bytes = await readFile(file);
      if (bytes.length < MIN_BYTES) continue;
      // Files the pages' middleware never offered (copied from public/, written by an integration) join the queue here.
      const { gz, br } = await early.offer(bytes);
      await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
      stats.files += 1;
      stats.rawBytes += bytes.length;
      stats.gzipBytes += gz.length;
      stats.brotliBytes += br.length;
    }
  };
  await Promise.all(Array.from({ length: concurrency * 2 }, worker));
  return stats;
}
