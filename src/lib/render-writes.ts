// Astro writes each page it renders with `fs.promises.mkdir` and `fs.promises.writeFile`
// (astro/dist/core/build/generate.js). On libuv's pool that is four hand-offs between threads a page
// (mkdir, open, write, close), each waking the pool's thread and then the main thread. While the
// build renders, those two calls do their work with the synchronous call instead, and settle on a
// later turn of the event loop, so the compression thread's answers are still taken between pages
// (README, "What a build costs": Texas renders in 5.15 s instead of 5.99). Each file written is
// reported with its bytes, for the build's compression to start on it (precompress.ts).
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

type Promises = typeof fs.promises;
type Mkdir = Promises['mkdir'];
type WriteFile = Promises['writeFile'];

/** A path the synchronous calls take as the promise API does (not a FileHandle). */
const isPath = (file: unknown): file is string | URL | Buffer => typeof file === 'string' || file instanceof URL || Buffer.isBuffer(file);
/** Text or bytes: what writeFileSync takes (not a stream or an iterable of chunks). */
const isWritable = (data: unknown): data is string | NodeJS.ArrayBufferView => typeof data === 'string' || ArrayBuffer.isView(data);
/** Options writeFileSync honours as the promise API does: none with an AbortSignal. */
const hasSignal = (options: unknown) => typeof options === 'object' && options !== null && 'signal' in options && options.signal !== undefined;
/** The encoding a string is written in: utf8 unless the options name another. */
const encodingOf = (options: unknown): BufferEncoding => (typeof options === 'string' ? (options as BufferEncoding) : ((options as { encoding?: BufferEncoding } | null | undefined)?.encoding ?? 'utf8'));
/** The bytes a writeFile call put in the file. */
const bytesOf = (data: string | NodeJS.ArrayBufferView, options: unknown): Uint8Array => (typeof data === 'string' ? Buffer.from(data, encodingOf(options)) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
const pathOf = (file: string | URL | Buffer) => (file instanceof URL ? fileURLToPath(file) : file.toString());

/** Told of each file written while rendering, once it is written: its path and its bytes. */
export type ReportWritten = (path: string, bytes: Uint8Array) => void;

/** How the writes made while rendering end: as before, or refused. */
export interface RenderWrites {
  /** Puts the original calls back (only those this put there). */
  restore: () => void;
  /**
   * The render failed: every later `mkdir` and `writeFile` through `fs.promises` rejects with
   * `reason` and touches nothing. Astro's build rejects at the first failed page while the pages it
   * has started (and those queued behind them) go on and write; with the originals back they wrote
   * into the staging folder as it was being removed (a full disk ended in ENOTEMPTY and a staging
   * folder left behind).
   */
  refuse: (reason: Error) => void;
}

/**
 * From now until `restore` or `refuse`, `fs.promises.mkdir` makes its directories with
 * `mkdirSync`, and `fs.promises.writeFile` writes a path's text or bytes with `writeFileSync` on the
 * next turn of the event loop: the same results and the same errors, as rejections; `written` hears
 * of each such file once it is written (if it throws, the write rejects with its error). Anything
 * else (a FileHandle, a stream, an AbortSignal) goes to the original call, unreported. Code that
 * imported these functions from `node:fs/promises` keeps the originals.
 */
export function writeDirectlyWhileRendering(written?: ReportWritten): RenderWrites {
  const promises = fs.promises as { -readonly [K in keyof Promises]: Promises[K] };
  const { mkdir, writeFile } = promises;
  const made = new Set<string>();
  let refused: Error | undefined;
  const direct: { mkdir: Mkdir; writeFile: WriteFile } = {
    mkdir: ((path: Parameters<Mkdir>[0], options?: Parameters<Mkdir>[1]) =>
      new Promise<string | undefined>((resolve) => {
        if (refused) throw refused;
        // Astro asks for each page's folder, recursively: a folder this made (or found) once is
        // there still, and asking again is a system call for nothing (Texas's 2,382 ZIP files share one).
        const recursive = typeof options === 'object' && options?.recursive === true;
        const key = recursive && isPath(path) ? pathOf(path) : undefined;
        if (key !== undefined && made.has(key)) return resolve(undefined);
        const first = fs.mkdirSync(path, options);
        if (key !== undefined) made.add(key);
        resolve(first);
      })) as Mkdir,
    writeFile: (file, data, options) => {
      if (refused) return Promise.reject(refused);
      if (!isPath(file) || !isWritable(data) || hasSignal(options)) return writeFile(file, data, options);
      return new Promise<void>((resolve, reject) => {
        setImmediate(() => {
          try {
            fs.writeFileSync(file, data, options as fs.WriteFileOptions);
            written?.(pathOf(file), bytesOf(data, options));
            resolve();
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      });
    },
  };
  Object.assign(promises, direct);
  return {
    restore: () => {
      // Only what this call put there: a later replacement by someone else stays.
      if (promises.mkdir === direct.mkdir) promises.mkdir = mkdir;
      if (promises.writeFile === direct.writeFile) promises.writeFile = writeFile;
    },
    refuse: (reason) => {
      refused = reason;
    },
  };
}
