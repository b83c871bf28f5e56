// Precompressed siblings (.gz, .br) of every text file, for nginx's gzip_static/brotli_static and
// CDNs that serve them. Deterministic: zlib writes no timestamp, so the same input gives the same bytes.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

const COMPRESSIBLE = /\.(json|html|txt|xml|svg|css|js|csv)$/;
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

export async function precompress(dir: string, concurrency = 4): Promise<PrecompressStats> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
  const stats: PrecompressStats = { files: 0, rawBytes: 0, gzipBytes: 0, brotliBytes: 0 };
  const queue = [...files];
  // zlib's async calls run on libuv's thread pool, so a few at a time use both cores.
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const bytes = await readFile(file);
      if (bytes.length < MIN_BYTES) continue;
      const quality = bytes.length >= LARGE ? 11 : 6;
      const [gz, br] = await Promise.all([
        gzip(bytes, { level: 9 }),
        brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
      ]);
      await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
      stats.files += 1;
      stats.rawBytes += bytes.length;
      stats.gzipBytes += gz.length;
      stats.brotliBytes += br.length;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return stats;
}
