// npm run bench:brotli -- --dir DIST : what brotli's qualities cost and give on a built site's large files
// (the ones precompress gives LARGE_QUALITY), for each kind of reader, against gzip at level 9 in the same
// run; then what the build's fitted windows (brotliWindowBits) save against brotli's default window.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { brotliParams, brotliQuality, COMPRESSIBLE, LARGE, LARGE_QUALITY, MIN_BYTES, readersOf, type Readers, sitePath, SMALL_QUALITY } from '../../src/lib/build/compress.ts';

const dir = parseArgs({ options: { dir: { type: 'string', default: 'dist' } } }).values.dir;
if (!existsSync(join(dir, 'index.html'))) {
  console.error(`bench:brotli: ${dir} is not a built site (no index.html): run npm run build first, or give --dir`);
  process.exit(1);
}
const names = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile() && COMPRESSIBLE.test(e.name)).map((e) => join(e.parentPath, e.name));
const all: File[] = await Promise.all(names.map(async (name) => ({ bytes: await readFile(name), readers: readersOf(sitePath(dir, name)) })));
const large = all.filter(({ bytes }) => bytes.length >= LARGE);
const small = all.filter(({ bytes }) => bytes.length >= MIN_BYTES && bytes.length < LARGE);

interface File {
  bytes: Buffer;
  readers: Readers;
}

/** Processor time (this thread) and total bytes of compressing every file once. */
function measure(compress: (file: File) => Buffer, set: File[]): { ms: number; kb: number } {
  const before = process.cpuUsage();
  let bytes = 0;
  for (const file of set) bytes += compress(file).length;
  const used = process.cpuUsage(before);
  return { ms: (used.user + used.system) / 1000, kb: bytes / 1024 };
}

for (const readers of ['people', 'programs'] as const satisfies Readers[]) {
  const files = large.filter((file) => file.readers === readers);
  const rawKb = files.reduce((sum, file) => sum + file.bytes.length, 0) / 1024;
  console.log(`bench:brotli — ${files.length} files of ${LARGE / 1024} KB or more that ${readers} read, in ${dir}: ${rawKb.toFixed(0)} KB raw`);
  if (files.length === 0) continue;
  const gzip = measure(({ bytes }) => zlib.gzipSync(bytes, { level: 9 }), files);
  console.log(`gzip -9       ${gzip.ms.toFixed(0).padStart(6)} ms ${gzip.kb.toFixed(1).padStart(8)} KB`);
  for (const quality of [9, 10, 11]) {
    const br = measure(({ bytes }) => zlib.brotliCompressSync(bytes, { params: brotliParams(bytes.length, quality) }), files);
    const chosen = quality === LARGE_QUALITY[readers] ? '  ← the build' : '';
    console.log(
      `brotli q${String(quality).padEnd(3)}  ${br.ms.toFixed(0).padStart(6)} ms ${br.kb.toFixed(1).padStart(8)} KB   ${(br.ms / gzip.ms).toFixed(1).padStart(5)}x gzip's time, ${((br.kb / gzip.kb) * 100).toFixed(0)}% of its bytes${chosen}`,
    );
  }
}

const DEFAULT_WINDOW = 22;
for (const [label, set] of [[`${small.length} files under ${LARGE / 1024} KB, q${SMALL_QUALITY}`, small], [`the ${large.length} large files, at their readers' qualities`, large]] as const) {
  const at =
    (window?: number) =>
    ({ bytes, readers }: File) => {
      const params = brotliParams(bytes.length, brotliQuality(bytes.length, readers));
      return zlib.brotliCompressSync(bytes, { params: window === undefined ? params : { ...params, [zlib.constants.BROTLI_PARAM_LGWIN]: window } });
    };
  const withDefault = measure(at(DEFAULT_WINDOW), set);
  const fitted = measure(at(), set);
  console.log(`${label}: brotli's default window ${withDefault.ms.toFixed(0)} ms ${withDefault.kb.toFixed(1)} KB; fitted to each file (the build) ${fitted.ms.toFixed(0)} ms ${fitted.kb.toFixed(1)} KB`);
}
