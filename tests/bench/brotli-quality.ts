// npm run bench:brotli -- --dir DIST : what brotli's qualities cost and give on a built site's large files
// (the ones precompress gives LARGE_QUALITY), against gzip at level 9 in the same run; then what the
// build's fitted windows (brotliWindowBits) save against brotli's default window, small files and large.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { brotliParams, COMPRESSIBLE, LARGE, LARGE_QUALITY, MIN_BYTES, SMALL_QUALITY } from '../../src/lib/precompress.ts';

const dir = parseArgs({ options: { dir: { type: 'string', default: 'dist' } } }).values.dir;
if (!existsSync(join(dir, 'index.html'))) {
  console.error(`bench:brotli: ${dir} is not a built site (no index.html): run npm run build first, or give --dir`);
  process.exit(1);
}
const names = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile() && COMPRESSIBLE.test(e.name)).map((e) => join(e.parentPath, e.name));
const all = await Promise.all(names.map((name) => readFile(name)));
const files = all.filter((bytes) => bytes.length >= LARGE);
const small = all.filter((bytes) => bytes.length >= MIN_BYTES && bytes.length < LARGE);
const rawKb = files.reduce((sum, bytes) => sum + bytes.length, 0) / 1024;
console.log(`bench:brotli — ${files.length} files of ${LARGE / 1024} KB or more in ${dir}, ${rawKb.toFixed(0)} KB raw`);

/** Processor time (this thread) and total bytes of compressing every file once. */
function measure(compress: (bytes: Buffer) => Buffer, set: Buffer[] = files): { ms: number; kb: number } {
  const before = process.cpuUsage();
  let bytes = 0;
  for (const file of set) bytes += compress(file).length;
  const used = process.cpuUsage(before);
  return { ms: (used.user + used.system) / 1000, kb: bytes / 1024 };
}

const gzip = measure((bytes) => zlib.gzipSync(bytes, { level: 9 }));
console.log(`gzip -9       ${gzip.ms.toFixed(0).padStart(6)} ms ${gzip.kb.toFixed(1).padStart(8)} KB`);
for (const quality of [9, 10, 11]) {
  const br = measure((bytes) => zlib.brotliCompressSync(bytes, { params: brotliParams(bytes.length, quality) }));
  const chosen = quality === LARGE_QUALITY ? '  ← the build' : '';
  console.log(
    `brotli q${String(quality).padEnd(3)}  ${br.ms.toFixed(0).padStart(6)} ms ${br.kb.toFixed(1).padStart(8)} KB   ${(br.ms / gzip.ms).toFixed(1).padStart(5)}x gzip's time, ${((br.kb / gzip.kb) * 100).toFixed(0)}% of its bytes${chosen}`,
  );
}

const DEFAULT_WINDOW = 22;
for (const [label, set, quality] of [[`${small.length} files under ${LARGE / 1024} KB`, small, SMALL_QUALITY], [`the ${files.length} large files`, files, LARGE_QUALITY]] as const) {
  const withDefault = measure((bytes) => zlib.brotliCompressSync(bytes, { params: { ...brotliParams(bytes.length, quality), [zlib.constants.BROTLI_PARAM_LGWIN]: DEFAULT_WINDOW } }), set);
  const fitted = measure((bytes) => zlib.brotliCompressSync(bytes, { params: brotliParams(bytes.length, quality) }), set);
  console.log(`${label}, q${quality}: brotli's default window ${withDefault.ms.toFixed(0)} ms ${withDefault.kb.toFixed(1)} KB; fitted to each file (the build) ${fitted.ms.toFixed(0)} ms ${fitted.kb.toFixed(1)} KB`);
}
