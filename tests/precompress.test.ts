// Precompression with results started while the pages render: made-up files in a scratch folder.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { source } from './helpers/paths.ts';
import { apiPath, ENDPOINTS } from '../src/lib/contract.ts';
import { BULK_DIR, BULK_FILE_NAMES } from '../src/lib/publication/bulk.ts';
import { CHANGES_FEED_PATH, pagePath, SEARCH_INDEX_PATH } from '../src/lib/publication/routes.ts';
import { brotliParams, brotliWindowBits, compressSiblings, EarlyCompression, GZIP_OS_UNIX, LARGE, LARGE_QUALITY, MIN_BYTES, precompress, readersOf, SMALL_QUALITY, withUnixHeader } from '../src/lib/precompress.ts';

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
  it('uses what was compressed early only for a file with the same bytes, and compresses the rest itself', async () => {
    const dir = join(scratch, 'site');
    await mkdir(join(dir, 'zip/55104'), { recursive: true });
    const early = new EarlyCompression(dir);
    // Rendered and offered, then written as rendered.
    void early.offer(page(1), 'people');
    await writeFile(join(dir, 'zip/55104/index.html'), page(1));
    // Offered, but the file on disk ended up different: its siblings must follow the file.
    void early.offer(page(2), 'people');
    await writeFile(join(dir, 'changed.html'), page(3));
    // Never offered (copied from public/), too small, not text.
    await writeFile(join(dir, 'robots.txt'), page(4));
    await writeFile(join(dir, 'small.json'), '{}\n');
    await writeFile(join(dir, 'data.parquet'), page(5));
    // A sibling left from before: written over, and counted once.
    await writeFile(join(dir, 'robots.txt.gz'), 'stale');

    const stats = await precompress(dir, early);

    expect(stats.files).toBe(3);
    const names = (await readdir(dir, { recursive: true })).sort();
    // What the build reports as the folder's files, without listing it again.
    expect(stats.filesInFolder).toBe((await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length);
    expect(stats.filesInFolder).toBe(11);
    expect(names).toEqual(['changed.html', 'changed.html.br', 'changed.html.gz', 'data.parquet', 'robots.txt', 'robots.txt.br', 'robots.txt.gz', 'small.json', 'zip', 'zip/55104', 'zip/55104/index.html', 'zip/55104/index.html.br', 'zip/55104/index.html.gz']);
    for (const file of ['zip/55104/index.html', 'changed.html', 'robots.txt']) {
      const bytes = await readFile(join(dir, file));
      expect(gunzipSync(await readFile(join(dir, `${file}.gz`))).equals(bytes), file).toBe(true);
      expect(brotliDecompressSync(await readFile(join(dir, `${file}.br`))).equals(bytes), file).toBe(true);
      // The same bytes as compressing on the spot (gzip level 9, no timestamp): early or late makes no difference.
      expect((await readFile(join(dir, `${file}.gz`))).equals(gzipSync(bytes, { level: 9 })), file).toBe(true);
    }
    expect(stats.rawBytes).toBe(page(1).length + page(3).length + page(4).length);
    expect(page(4).length).toBeGreaterThanOrEqual(MIN_BYTES);
  });

  it('takes the result of a file reported as written only while the file is as it was read', async () => {
    const dir = join(scratch, 'written');
    await mkdir(dir, { recursive: true });
    const early = new EarlyCompression(dir);
    const report = (name: string, bytes: Buffer) => {
      writeFileSync(join(dir, name), bytes);
      early.written(join(dir, name), bytes);
    };
    report('kept.html', page(10));
    // Written again afterwards with other bytes of the same length, and replaced by a rename: the
    // siblings follow what the files hold at the end.
    report('same-length.html', page(11));
    report('renamed.html', page(13));
    // Appended to: the bytes reported are not the whole file.
    writeFileSync(join(dir, 'appended.html'), page(16));
    appendFileSync(join(dir, 'appended.html'), page(17));
    early.written(join(dir, 'appended.html'), page(17));
    // Shrunk below the size that gets siblings, and removed.
    report('shrunk.html', page(18));
    report('removed.html', page(19));
    // Written twice: made again at the end from what it holds.
    report('twice.html', page(20));
    report('twice.html', page(21));
    report('small.json', Buffer.from('{}\n'));
    report('data.parquet', page(15));
    expect(page(11).length).toBe(page(12).length);
    expect(early.reported(join(dir, 'kept.html'))?.by).toBe('thread');
    expect(early.reported(join(dir, 'twice.html'))?.by).toBe('again');
    for (const name of ['small.json', 'data.parquet', 'never-reported.html']) expect(early.reported(join(dir, name)), name).toBeUndefined();
    // The threads read and compress the files while the build goes on; the siblings are written at the end.
    for (const name of ['kept.html', 'shrunk.html', 'removed.html', 'same-length.html', 'renamed.html']) {
      const known = early.reported(join(dir, name));
      if (known?.by !== 'thread') throw new Error(`${name} went to no thread`);
      expect(await known.answer, name).toMatchObject({ rawBytes: page(10).length });
    }
    expect((await readdir(dir)).filter((name) => /\.(gz|br)$/.test(name))).toEqual([]);
    // Past the clock's tick, for kernels before 6.13 (see EarlyCompression.written).
    await new Promise((resolve) => setTimeout(resolve, 20));
    await writeFile(join(dir, 'same-length.html'), page(12));
    await writeFile(join(dir, 'other.tmp'), page(14));
    await rename(join(dir, 'other.tmp'), join(dir, 'renamed.html'));
    await writeFile(join(dir, 'shrunk.html'), '<p>small</p>\n');
    await rm(join(dir, 'removed.html'));

    const stats = await precompress(dir, early);

    expect(stats.files).toBe(5);
    expect((await readdir(dir)).sort()).toEqual([
      'appended.html', 'appended.html.br', 'appended.html.gz', 'data.parquet', 'kept.html', 'kept.html.br', 'kept.html.gz', 'renamed.html', 'renamed.html.br', 'renamed.html.gz',
      'same-length.html', 'same-length.html.br', 'same-length.html.gz', 'shrunk.html', 'small.json', 'twice.html', 'twice.html.br', 'twice.html.gz',
    ]);
    const expected = [['kept.html', page(10)], ['same-length.html', page(12)], ['renamed.html', page(14)], ['appended.html', Buffer.concat([page(16), page(17)])], ['twice.html', page(21)]] as const;
    for (const [name, bytes] of expected) {
      expect(gunzipSync(await readFile(join(dir, `${name}.gz`))).equals(bytes), name).toBe(true);
      expect(brotliDecompressSync(await readFile(join(dir, `${name}.br`))).equals(bytes), name).toBe(true);
      // The same bytes as compressing on the spot, whichever thread made them.
      expect((await readFile(join(dir, `${name}.gz`))).equals(gzipSync(bytes, { level: 9 })), name).toBe(true);
    }
    expect(stats.rawBytes).toBe(expected.reduce((sum, [, bytes]) => sum + bytes.length, 0));
  });

  it('compresses nothing early outside the folder it was given', async () => {
    const dir = join(scratch, 'inside');
    const outside = join(scratch, 'inside-not');
    await mkdir(dir, { recursive: true });
    await mkdir(outside, { recursive: true });
    const early = new EarlyCompression(dir);
    writeFileSync(join(outside, 'store.json'), page(40));
    early.written(join(outside, 'store.json'), page(40));
    expect(early.reported(join(outside, 'store.json'))).toBeUndefined();
    await precompress(dir, early);
    expect(await readdir(outside)).toEqual(['store.json']);
  });

  it('offers the same bytes once', async () => {
    const early = new EarlyCompression(scratch);
    const first = early.offer(page(6), 'people');
    expect(early.offer(Buffer.from(page(6)), 'people')).toBe(first);
    // For other readers the same bytes are another file: brotli's quality may differ.
    expect(early.offer(page(6), 'programs')).not.toBe(first);
    const { gz, br } = await first;
    expect(gz.length).toBeGreaterThan(0);
    // Each sibling comes back in a buffer of its own size: a view of zlib's larger output buffer
    // would carry that whole buffer across threads (500 MB for Texas).
    expect(gz.buffer.byteLength).toBe(gz.length);
    expect(br.buffer.byteLength).toBe(br.length);
    await early.close();
  });

  it('ends a thread only once it has answered every file it was sent, failing what still waited', async () => {
    // Node aborts the whole process when a thread is ended inside zlib's set-up of a stream: a
    // thread must never be ended with a file in hand. Every thread's files sent and answers heard
    // are counted where EarlyCompression cannot see, and compared when it ends the thread.
    const sent = new Map<Worker, number>();
    const answered = new Map<Worker, number>();
    const atEnd: { sent: number; answered: number }[] = [];
    const prototype = Object.getOwnPropertyDescriptors(Worker.prototype);
    const postMessage = prototype.postMessage.value as Worker['postMessage'];
    const terminate = prototype.terminate.value as Worker['terminate'];
    vi.spyOn(Worker.prototype, 'postMessage').mockImplementation(function (this: Worker, ...args: Parameters<Worker['postMessage']>) {
      if (!sent.has(this)) this.prependListener('message', () => answered.set(this, (answered.get(this) ?? 0) + 1));
      sent.set(this, (sent.get(this) ?? 0) + 1);
      postMessage.apply(this, args);
    });
    vi.spyOn(Worker.prototype, 'terminate').mockImplementation(function (this: Worker) {
      atEnd.push({ sent: sent.get(this) ?? 0, answered: answered.get(this) ?? 0 });
      return terminate.call(this);
    });
    try {
      const early = new EarlyCompression(scratch);
      // A large file (brotli's slow quality: tenths of a second) and small ones behind it.
      const large = Buffer.from(Array.from({ length: 40_000 }, (_, i) => `<tr><td>${i}</td><td>${(i * 7919) % 100_003}</td></tr>`).join('\n'));
      expect(large.length).toBeGreaterThan(LARGE);
      const inHand = early.offer(large, 'people');
      const waiting = [page(20), page(21), page(22)].map((bytes) => early.offer(bytes, 'people'));
      const closed = early.close();
      await expect(inHand).rejects.toThrow('compression was closed');
      for (const offer of waiting) await expect(offer).rejects.toThrow('compression was closed');
      await expect(closed).resolves.toBeUndefined();
      await expect(early.offer(page(23), 'people')).rejects.toThrow('compression was closed');
      expect(atEnd.length).toBeGreaterThan(0);
      for (const thread of atEnd) {
        expect(thread.sent).toBeGreaterThan(0);
        expect(thread.answered).toBe(thread.sent);
      }
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('compresses on threads that end with precompress, after which an offer fails instead of hanging', async () => {
    const dir = join(scratch, 'closed');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'a.html'), page(7));
    const early = new EarlyCompression(dir);
    const offered = early.offer(page(7), 'people');
    expect((await precompress(dir, early)).files).toBe(1);
    expect(gunzipSync((await offered).gz).equals(page(7))).toBe(true);
    await expect(early.offer(page(8), 'people')).rejects.toThrow('compression was closed');
  });

  it('takes the result of a file offered ahead only for a file written with its bytes', async () => {
    const dir = join(scratch, 'ahead');
    await mkdir(join(dir, 'api/v1/zip'), { recursive: true });
    const early = new EarlyCompression(dir);
    const json = (n: number) => Buffer.from(`${JSON.stringify({ zip: n, rents: Array.from({ length: 300 }, (_, i) => i * n) })}\n`);
    early.offerAhead([json(55104), json(55105)].map((bytes) => ({ bytes, mediaType: 'application/json; charset=utf-8' })));
    const report = (name: string, bytes: Buffer) => {
      writeFileSync(join(dir, name), bytes);
      early.written(join(dir, name), bytes);
    };
    // Written as offered; written with the other file's length but other bytes; a page of another length.
    report('api/v1/zip/55104.json', json(55104));
    const sameLength = Buffer.from(json(55105).toString().replace('"zip":55105', '"zip":55106'));
    expect(sameLength.length).toBe(json(55105).length);
    report('api/v1/zip/55106.json', sameLength);
    report('index.html', page(30));

    const stats = await precompress(dir, early);

    expect(stats.files).toBe(3);
    expect(stats.ahead).toBe(1);
    for (const [name, bytes] of [['api/v1/zip/55104.json', json(55104)], ['api/v1/zip/55106.json', sameLength], ['index.html', page(30)]] as const) {
      expect(brotliDecompressSync(await readFile(join(dir, `${name}.br`))).equals(bytes), name).toBe(true);
      expect(gunzipSync(await readFile(join(dir, `${name}.gz`))).equals(bytes), name).toBe(true);
    }
  });

  it('tells the media types that become compressed files from the rest', () => {
    const early = new EarlyCompression(scratch);
    for (const type of ['text/html', 'application/json; charset=utf-8', 'application/problem+json', 'text/csv; charset=utf-8', 'application/xml', 'image/svg+xml', 'text/plain']) expect(early.wants(type), type).toBe(true);
    for (const type of [null, 'application/vnd.apache.parquet', 'image/png', 'application/octet-stream']) expect(early.wants(type), String(type)).toBe(false);
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
