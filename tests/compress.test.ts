// Precompression of a built folder: made-up files in a scratch folder, and brotli's settings.
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { source } from './helpers/paths.ts';
import { apiPath, ENDPOINTS } from '../src/lib/contract/schemas.ts';
import { BULK_DIR, BULK_FILE_NAMES } from '../src/lib/contract/bulk-tables.ts';
import { CHANGES_FEED_PATH, pagePath, SEARCH_INDEX_PATH } from '../src/lib/contract/routes.ts';
import { brotliParams, brotliWindowBits, compressSiblings, GZIP_OS_UNIX, LARGE, LARGE_QUALITY, MIN_BYTES, precompress, readersOf, SMALL_QUALITY, withUnixHeader } from '../src/lib/build/compress.ts';

const scratch = await mkdtemp(join(tmpdir(), 'mnrent-precompress-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

const page = (n: number) => Buffer.from(`<p>${'rent '.repeat(400)} ${n}</p>\n`);

describe('the .gz header', () => {
  it('names Unix as its system on any machine: the byte zlib sets to the system it was built for, and nothing else', () => {
    const bytes = page(9);
    const gz = gzipSync(bytes, { level: 9 });
    // What Node writes on macOS (19) and Windows (10), nodejs/node#48690: the header's tenth byte.
    for (const system of [19, 10, 3]) {
      const elsewhere = Buffer.from(gz);
      elsewhere[9] = system;
      const written = withUnixHeader(Buffer.from(elsewhere));
      expect([...written.subarray(0, 10)]).toEqual([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, GZIP_OS_UNIX]);
      expect(written.subarray(10).equals(gz.subarray(10))).toBe(true);
      expect(gunzipSync(written).equals(bytes)).toBe(true);
    }
    expect(compressSiblings(bytes, 'people').gz[9]).toBe(3);
  });
});

describe('precompress', () => {
  it('writes a .gz and a .br beside every text file of MIN_BYTES or more, and nothing beside the rest', async () => {
    const dir = join(scratch, 'site');
    await mkdir(join(dir, 'zip', '55104'), { recursive: true });
    const files = {
      'zip/55104/index.html': page(1),
      'api/index.json': Buffer.from(JSON.stringify({ rows: Array.from({ length: 300 }, (_, i) => ({ zip: 55_000 + i })) })),
      'small.json': Buffer.from('{"a":1}'),
      'data.parquet': page(2),
    };
    await mkdir(join(dir, 'api'), { recursive: true });
    for (const [name, bytes] of Object.entries(files)) await writeFile(join(dir, name), bytes);
    const stats = await precompress(dir, Object.keys(files).map((name) => join(dir, name)));
    expect(stats).toMatchObject({ files: 2, siblings: 4, rawBytes: files['zip/55104/index.html'].length + files['api/index.json'].length });
    expect((await readdir(dir, { recursive: true })).filter((n) => /\.(gz|br)$/.test(n)).sort()).toEqual(['api/index.json.br', 'api/index.json.gz', 'zip/55104/index.html.br', 'zip/55104/index.html.gz']);
    for (const name of ['zip/55104/index.html', 'api/index.json'] as const) {
      expect(gunzipSync(await readFile(join(dir, `${name}.gz`))).equals(files[name])).toBe(true);
      expect(brotliDecompressSync(await readFile(join(dir, `${name}.br`))).equals(files[name])).toBe(true);
      expect((await readFile(join(dir, `${name}.br`))).equals(compressSiblings(files[name], readersOf(`/${name}`)).br)).toBe(true);
    }
  });

  it('fails with the system error of a write the machine refused, its code kept for the one-line report', async () => {
    const dir = join(scratch, 'refused');
    await mkdir(join(dir, 'page.html.gz'), { recursive: true });
    await writeFile(join(dir, 'page.html'), page(3));
    await expect(precompress(dir, [join(dir, 'page.html')])).rejects.toMatchObject({ code: 'EISDIR', syscall: 'open' });
  });
});

describe("brotli's quality", () => {
  it('is the readers\': people load the pages, their scripts and the search index; programs read the API, the bulk files and the rest', () => {
    const forPeople = [pagePath.home, pagePath.zip('55104'), pagePath.county('ramsey'), pagePath.sectionEight, pagePath.zips, pagePath.docs, pagePath.changes].map((path) => `${path}index.html`);
    for (const path of [...forPeople, '/404.html', '/_astro/routes.DzfPAgS-.js', '/favicon.svg', SEARCH_INDEX_PATH]) expect(readersOf(path), path).toBe('people');
    const endpoints = ENDPOINTS.map(({ operation_id: id }) => apiPath(id, { zip: '55104', slug: 'ramsey' }));
    expect(endpoints).toHaveLength(6);
    for (const path of [...endpoints, ...BULK_FILE_NAMES.map((name) => `${BULK_DIR}${name}`), '/api/problems/404.json', '/openapi.json', '/sitemap-0.xml', '/sitemap-index.xml', CHANGES_FEED_PATH, '/llms.txt', '/llms-full.txt', '/robots.txt']) {
      expect(readersOf(path), path).toBe('programs');
    }
  });

  it('is LARGE_QUALITY for a large file (10 for people, 9 for programs) and SMALL_QUALITY under LARGE bytes, whoever reads it', () => {
    expect(LARGE_QUALITY).toEqual({ people: 10, programs: 9 });
    const csv = readFileSync(source('hud_safmr/safmr_fy2026_national_from_worthwise_parquet.csv'));
    const brotli = (bytes: Buffer, quality: number) => brotliCompressSync(bytes, { params: brotliParams(bytes.length, quality) });
    for (const bytes of [csv.subarray(0, 100_000), csv.subarray(0, LARGE)]) {
      expect(compressSiblings(bytes, 'people').br.equals(brotli(bytes, 10))).toBe(true);
      expect(compressSiblings(bytes, 'programs').br.equals(brotli(bytes, 9))).toBe(true);
    }
    // The two qualities make different streams of a large file: the test above can tell them apart.
    expect(brotli(csv.subarray(0, 100_000), 9).equals(brotli(csv.subarray(0, 100_000), 10))).toBe(false);
    const small = csv.subarray(0, LARGE - 1);
    for (const readers of ['people', 'programs'] as const) expect(compressSiblings(small, readers).br.equals(brotli(small, SMALL_QUALITY)), readers).toBe(true);
  });
});

/** The window a brotli stream declares in its first bits (RFC 7932, section 9.1): WBITS, the window being 2^WBITS - 16 bytes. */
function declaredWindowBits(stream: Uint8Array): number {
  const bits = (stream[0] ?? 0) | ((stream[1] ?? 0) << 8);
  if ((bits & 1) === 0) return 16;
  const three = (bits >> 1) & 7;
  if (three !== 0) return 17 + three;
  const next = (bits >> 4) & 7;
  return next === 0 ? 17 : 8 + next;
}

describe("brotli's window", () => {
  it('is the smallest that holds the file, from 2^10 to brotli\'s default 2^22', () => {
    expect([MIN_BYTES, 1008, 1009, 65_520, 65_521, LARGE, 2_067_451, 4_194_288, 4_194_289, 50_000_000].map(brotliWindowBits)).toEqual([11, 10, 11, 16, 17, 17, 21, 22, 22, 22]);
    for (const size of [1024, 17_000, 65_536, 300_000, 3_000_000]) expect(2 ** brotliWindowBits(size) - 16).toBeGreaterThanOrEqual(Math.min(size, 2 ** 22 - 16));
  });

  it('is what each stream declares, and every stream decodes to its file (real pages\' sizes and a national CSV)', () => {
    const csv = readFileSync(source('hud_safmr/safmr_fy2026_national_from_worthwise_parquet.csv'));
    for (const bytes of [page(1), Buffer.from('<p>x</p>'.repeat(2500)), csv.subarray(0, 70_000), csv.subarray(0, 700_000), csv]) {
      const { br } = compressSiblings(bytes, 'programs');
      expect(declaredWindowBits(br), `${bytes.length} bytes`).toBe(brotliWindowBits(bytes.length));
      expect(brotliDecompressSync(br).equals(bytes)).toBe(true);
    }
  });
});
