// The build loads the dataset on its own thread while Astro starts, and the content loaders take it
// from this process once the publish gate passed. These tests hold the build script to what a plain
// `astro build` makes, and the dataset's thread to the dataset loaded in this one.
import type { HostHeaders } from '../src/lib/build/host-headers.ts';
import { HOST_FOLDER, HOST_HEADERS_JSON, STRICT_TRANSPORT_SECURITY } from '../src/lib/serve/headers.ts';
import { withHeadersForEvery } from '../src/lib/serve/host-files.ts';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keepDataset, recordsInProcess } from '../src/lib/dataset/in-process.ts';
import { loadDataset, type LoadedDataset, type LoadedRecords } from '../src/lib/dataset/load.ts';
import { loadDatasetOffThread } from '../src/lib/dataset/thread.ts';
import { generationTime, type LoadOptions } from '../src/lib/dataset/options.ts';
import { ExpectedError, errorForThread, errorFromThread, isSourceError, SourceError } from '../src/lib/errors.ts';
import { OUTPUT_MARKER } from '../src/lib/build/output-folder.ts';
import { VITE_ENV_KEYS } from '../src/lib/build/production-env.ts';
import { BUILD_TEST_TIMEOUT_MS, runBuild, runCommand } from './helpers/build.ts';
import { PROJECT_ROOT, SNAPSHOT_SOURCES, TEST_EPOCH, TEST_SITE } from './helpers/paths.ts';
import { MINNESOTA } from '../src/lib/states.ts';

describe("the pages' records", () => {
  /** Every file Astro wrote: the build script's .gz and .br siblings, its marker and its host files (HOST_FOLDER) left out. */
  const written = async (dir: string) =>
    (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile() && !/\.(gz|br)$/.test(e.name) && e.name !== OUTPUT_MARKER)
      .map((e) => relative(dir, join(e.parentPath, e.name)))
      .filter((file) => !file.startsWith(`${HOST_FOLDER}/`))
      .sort();

  it("are the same from the build script (with --no-compress) as from a bare `astro build`: every file byte for byte", async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'mnrent-records-'));
    try {
      const viaScript = join(scratch, 'script');
      const bare = join(scratch, 'bare');
      // --no-compress, for hosts that compress on their own: no sibling is written, and the report says so.
      const script = await runBuild({ outDir: viaScript, args: ['--state', 'VT', '--no-compress'] });
      expect(script.code, script.stderr).toBe(0);
      expect(script.stdout).toContain('not precompressed (--no-compress)');
      expect((await readdir(viaScript, { recursive: true })).filter((name) => /\.(gz|br)$/.test(name))).toEqual([]);
      // As a user's shell would run it: without the variables vitest sets, which Astro would bake into the pages,
      // and with the language the script was given (MNRENT_LANGUAGES, read once where a bare build starts).
      const asAUser = Object.fromEntries([...VITE_ENV_KEYS, 'NODE_ENV'].map((key) => [key, undefined]));
      const astro = await runCommand('node_modules/astro/bin/astro.mjs', ['build', '--site', TEST_SITE, '--outDir', bare], { env: { ...asAUser, MNRENT_STATE: 'VT', MNRENT_LANGUAGES: 'en' } });
      expect(astro.code, astro.stderr).toBe(0);
      const files = await written(bare);
      expect(files).toEqual(await written(viaScript));
      expect(files).toContain('zip/05401/index.html');
      const differing = [];
      for (const file of files.filter((name) => name !== '_headers')) if (!(await readFile(join(bare, file))).equals(await readFile(join(viaScript, file)))) differing.push(file);
      expect(differing).toEqual([]);
      // _headers is Astro's copy of public/_headers with the build's security headers in its /* rule.
      const { headers } = JSON.parse(await readFile(join(viaScript, HOST_HEADERS_JSON), 'utf8')) as HostHeaders;
      expect(await readFile(join(viaScript, '_headers'), 'utf8')).toBe(withHeadersForEvery(await readFile(join(bare, '_headers'), 'utf8'), { ...headers, ...STRICT_TRANSPORT_SECURITY }));
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }, BUILD_TEST_TIMEOUT_MS);
});

describe('the dataset on its own thread', () => {
  const options: LoadOptions = { sourcesDir: SNAPSHOT_SOURCES, site: TEST_SITE, generatedAt: generationTime(TEST_EPOCH), state: MINNESOTA };
  const comparable = ({ timings: _timings, parseCache: _cache, ...rest }: LoadedDataset) => rest;

  it('is the dataset loaded in this thread, every record and every bulk file byte', async () => {
    const [here, there] = await Promise.all([loadDataset(options), loadDatasetOffThread(options)]);
    expect(there.zips).toHaveLength(here.zips.length);
    expect(there.zips.length).toBeGreaterThan(800);
    expect(comparable(there)).toEqual(comparable(here));
  }, 120_000);

  it('hands the records over first, before the bulk files and the site record, and the same records as the whole', async () => {
    const order: string[] = [];
    let records: LoadedRecords | undefined;
    const dataset = await loadDatasetOffThread(options, (r) => {
      order.push('records');
      records = r;
    }).then((d) => (order.push('dataset'), d));
    expect(order).toEqual(['records', 'dataset']);
    expect(records && Object.keys(records).sort()).toEqual(['agencyReport', 'changes', 'counties', 'earlier', 'gate', 'meta', 'sectionEight', 'site', 'warnings', 'zips']);
    const { metaRecord, bulk, timings: _timings, parseCache: _cache, languages, ...recordsOfWhole } = dataset;
    expect(records).toEqual(recordsOfWhole);
    expect(metaRecord.counts.zips).toBe(dataset.zips.length);
    // The languages the options asked for: every one when none were given.
    expect(languages).toEqual(['en', 'es', 'so', 'hmn']);
    expect(bulk.map((file) => file.name)).toContain('zips.csv');
    // In this thread, the same order.
    const here: string[] = [];
    await loadDataset(options, () => here.push('records')).then(() => here.push('dataset'));
    expect(here).toEqual(['records', 'dataset']);
  }, 120_000);

  it("fails the records' readers with the dataset when it fails before them", async () => {
    // The process's slot, put back afterwards.
    const slot = globalThis as unknown as Record<symbol, unknown>;
    const kept = slot[Symbol.for('mnrent.dataset')];
    try {
      const site = 'https://records-first.example.org';
      const { promise, reject } = Promise.withResolvers<LoadedDataset>();
      void keepDataset(site, promise, new Promise<LoadedRecords>(() => undefined));
      reject(new Error('the sources are missing'));
      await expect(recordsInProcess(site)).rejects.toThrow('the sources are missing');
      await expect(recordsInProcess('https://another.example.org')).rejects.toThrow('dataset was loaded for https://records-first.example.org');
    } finally {
      slot[Symbol.for('mnrent.dataset')] = kept;
    }
  });

  it("brings a source's error back as the same one-line SourceError", async () => {
    const error = await loadDatasetOffThread({ ...options, sourcesDir: join(PROJECT_ROOT, 'tests') }).catch((e: unknown) => e);
    const inThread = await loadDataset({ ...options, sourcesDir: join(PROJECT_ROOT, 'tests') }).catch((e: unknown) => e);
    expect(isSourceError(inThread)).toBe(true);
    expect(isSourceError(error)).toBe(true);
    expect((error as Error).message).toBe((inThread as Error).message);
  }, 60_000);

  it('keeps what kind of error crossed: a source error with its place, an expected one by name, a bug with its stack', () => {
    const source = errorFromThread(errorForThread(new SourceError({ file: 'a.csv', row: 7, column: 'ZIP' }, 'is not a ZIP code')), 'x');
    expect(isSourceError(source) && source.location).toEqual({ file: 'a.csv', row: 7, column: 'ZIP' });
    expect(source.message).toBe('a.csv, row 7, column ZIP: is not a ZIP code');
    class PublishStopped extends ExpectedError {}
    const expected = errorFromThread(errorForThread(new PublishStopped('the gate stopped')), 'x');
    expect(expected).toBeInstanceOf(ExpectedError);
    expect([expected.name, expected.message]).toEqual(['PublishStopped', 'the gate stopped']);
    const bug = errorFromThread(errorForThread(new TypeError('undefined is not a function')), 'loading the dataset');
    expect(bug).not.toBeInstanceOf(ExpectedError);
    expect(bug.message).toMatch(/^loading the dataset failed on a worker thread:\nTypeError: undefined is not a function\n\s+at /);
  });
});
