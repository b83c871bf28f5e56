// The build hands Astro its content store late: Astro bundles the pages while the dataset is read on
// its own, lower-priority thread, and the prerenderer takes the store once the publish gate passed.
// These tests hold the parts to what Astro itself would have done, and to the installed Astro's
// order of work.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { getPriority, tmpdir } from 'node:os';
import { Worker } from 'node:worker_threads';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { storeModuleCode } from '../src/lib/data-store-module.ts';
import { keepDataset, LATE_STORE_KEY, lateContentStore, recordsInProcess, sortedStore, storeContentLate, type StoreEntry } from '../src/lib/dataset-slot.ts';
import { loadDataset, type LoadedDataset, type LoadedRecords } from '../src/lib/dataset.ts';
import { loadDatasetOffThread } from '../src/lib/dataset-thread.ts';
import { generationTime, type LoadOptions } from '../src/lib/load-options.ts';
import { ExpectedError, errorForThread, errorFromThread, isSourceError, SourceError } from '../src/lib/errors.ts';
import { acquireLock, checkoutLockPath, OUTPUT_MARKER } from '../src/lib/output-folder.ts';
import { VITE_ENV_KEYS } from '../src/lib/production-build.ts';
import { READING_NICENESS } from '../src/lib/thread-priority.ts';
import { BUILD_TEST_TIMEOUT_MS, type BuildRun, runBuild, runCommand } from './helpers/build.ts';
import { PROJECT_ROOT, SHARED_SOURCES, TEST_EPOCH, TEST_SITE } from './helpers/paths.ts';

const importCode = async (code: string) => ((await import(`data:text/javascript,${encodeURIComponent(code)}`)) as { default: unknown }).default;
const astroModule = (path: string) => import(pathToFileURL(join(PROJECT_ROOT, 'node_modules/astro/dist', path)).href);
const forgetLateStore = () => Reflect.deleteProperty(globalThis, Symbol.for(LATE_STORE_KEY));

afterEach(forgetLateStore);

// Ids where a byte order and a locale's order disagree: case, hyphens, digits of different lengths, accents.
const COLLECTIONS: [string, StoreEntry[]][] = [
  ['zips', ['56001', '5510', '55104', '00501', '55104-1'].map((id) => ({ id, data: { zip: id, fmr: [1510, null] } }))],
  ['counties', ['lake-of-the-woods', 'Lake', 'lake', 'le-sueur', 'lesueur', 'doña-ana', 'dona-ana', 'st-louis', 'saint-louis'].map((id) => ({ id, data: { slug: id } }))],
  ['site', [{ id: 'site', data: { meta: { name: 'x' } } }]],
  ['section-8', [{ id: 'section-8', data: { rows: [] } }]],
  ['changes', [{ id: 'changes', data: { entries: [] } }]],
];

describe('the late content store', () => {
  it("orders collections and entries as Astro's store file gives them back, with the same values", async () => {
    const { MutableDataStore } = (await astroModule('content/mutable-data-store.js')) as { MutableDataStore: new () => { scopedStore(name: string): { set(entry: StoreEntry): void }; toString(): string } };
    const devalue = (await import(pathToFileURL(join(PROJECT_ROOT, 'node_modules/devalue/index.js')).href)) as { parse: (text: string) => Map<string, Map<string, StoreEntry>> };
    const astro = new MutableDataStore();
    for (const [name, entries] of COLLECTIONS) for (const entry of entries) astro.scopedStore(name).set(entry);
    // What the prerenderer read before: Astro's store file, parsed back.
    const fromFile = devalue.parse(astro.toString());
    const late = sortedStore(COLLECTIONS);
    expect([...late.keys()]).toEqual([...fromFile.keys()]);
    for (const [name, entries] of fromFile) expect([...(late.get(name)?.entries() ?? [])]).toEqual([...entries.entries()]);
  });

  it('is what the store module evaluates to when the build keeps one, made once however often it is asked', async () => {
    const late = storeContentLate();
    let made = 0;
    for (const [name, entries] of COLLECTIONS) {
      late.collections.set(name, () => {
        made++;
        return Promise.resolve(entries);
      });
    }
    const value = await importCode(storeModuleCode('/no/such/store.json'));
    expect(value).toBeInstanceOf(Map);
    expect(value).toBe(await late.make());
    expect(made).toBe(COLLECTIONS.length);
    await expect(late.taken()).resolves.toBeUndefined();
    expect(lateContentStore()).toBe(late);
  });

  it("reports pages written without asking for the store, and a collection that failed, since Astro's runtime takes either for an empty store", async () => {
    const unasked = storeContentLate();
    await expect(unasked.taken()).rejects.toThrow(/without asking for the content store/);
    const failed = storeContentLate();
    failed.collections.set('zips', () => Promise.reject(new SourceError({ file: 'hud_safmr' }, 'the publish gate stopped')));
    await expect(failed.make()).rejects.toThrow('the publish gate stopped');
    await expect(failed.taken()).rejects.toThrow('the publish gate stopped');
    // And Astro does take a failed module for an empty store: only the build script's check stops the build.
    const runtime = await readFile(join(PROJECT_ROOT, 'node_modules/astro/dist/content/data-store.js'), 'utf8');
    expect(runtime).toMatch(/const data = await import\("astro:data-layer-content"\);\n\s+if \(data.default instanceof Map\) \{\n\s+return ImmutableDataStore.fromMap\(data.default\);/);
    expect(runtime).toMatch(/return ImmutableDataStore.fromMap\(map\);\n\s+\} catch \{\n\s+\}/);
  });

  it('is made between the bundling and the rendering, as the installed Vite and Astro order their build (an upgrade that reorders them fails here)', async () => {
    // Vite runs the configuration's buildApp (Astro's bundling) before the first plugin hook ordered 'post'.
    const vite = await readFile(join(PROJECT_ROOT, 'node_modules/vite/dist/node/chunks/config.js'), 'utf8');
    expect(vite).toContain('if (!configBuilderBuildAppCalled && typeof hook === "object" && hook.order === "post") {');
    // Astro renders in a buildApp hook ordered 'post' of a plugin enforced 'post', after ours (not enforced).
    const astro = await readFile(join(PROJECT_ROOT, 'node_modules/astro/dist/core/build/static-build.js'), 'utf8');
    expect(astro).toMatch(/name: "astro:build-generate",\n\s+enforce: "post",\n\s+buildApp: \{\n\s+order: "post",[\s\S]{0,1000}await generatePages\(/);
    const { dataStoreAsJson } = await import('../src/lib/data-store-module.ts');
    const plugins: { name: string; enforce?: string; buildApp?: { order: string; handler: () => Promise<void> } }[] = [];
    const setup = dataStoreAsJson().hooks['astro:config:setup'] as (options: { command: string; config: { cacheDir: URL }; updateConfig: (config: { vite: { plugins: typeof plugins } }) => void }) => void;
    setup({ command: 'build', config: { cacheDir: pathToFileURL(`${PROJECT_ROOT}/node_modules/.astro/`) }, updateConfig: ({ vite }) => plugins.push(...vite.plugins) });
    const maker = plugins.find((p) => p.buildApp);
    expect(maker?.enforce).toBeUndefined();
    expect(maker?.buildApp?.order).toBe('post');
    // Without a late store (a bare `astro build`) the hook has nothing to do; with one it makes it.
    await expect(maker?.buildApp?.handler()).resolves.toBeUndefined();
    const late = storeContentLate();
    late.collections.set('site', () => Promise.resolve([{ id: 'site', data: {} }]));
    await maker?.buildApp?.handler();
    await expect(late.taken()).resolves.toBeUndefined();
  });
});

describe("the pages' records", () => {
  /** Every file Astro wrote: the build script's .gz and .br siblings and its marker left out. */
  const written = async (dir: string) =>
    (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile() && !/\.(gz|br)$/.test(e.name) && e.name !== OUTPUT_MARKER)
      .map((e) => relative(dir, join(e.parentPath, e.name)))
      .sort();

  it("are the same from the late store (the build script) as from Astro's getCollection and getEntry (a bare `astro build`): every file byte for byte", async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'mnrent-records-'));
    try {
      const viaScript = join(scratch, 'script');
      const bare = join(scratch, 'bare');
      const script = await runBuild({ outDir: viaScript, args: ['--state', 'VT'] });
      expect(script.code, script.stderr).toBe(0);
      // A bare `astro build` takes no lock of its own: hold the checkout's, as the build script does.
      const lock = await acquireLock(checkoutLockPath(PROJECT_ROOT), 'this checkout', { waitMs: BUILD_TEST_TIMEOUT_MS });
      let astro: BuildRun;
      try {
        // As a user's shell would run it: without the variables vitest sets, which Astro would bake into the pages.
        const asAUser = Object.fromEntries([...VITE_ENV_KEYS, 'NODE_ENV', 'BASE_URL'].map((key) => [key, undefined]));
        astro = await runCommand('node_modules/astro/bin/astro.mjs', ['build', '--site', TEST_SITE, '--outDir', bare], { env: { ...asAUser, MNRENT_STATE: 'VT' } });
      } finally {
        lock.release();
      }
      expect(astro.code, astro.stderr).toBe(0);
      const files = await written(bare);
      expect(files).toEqual(await written(viaScript));
      expect(files).toContain('zip/05401/index.html');
      const differing = [];
      for (const file of files) if (!(await readFile(join(bare, file))).equals(await readFile(join(viaScript, file)))) differing.push(file);
      expect(differing).toEqual([]);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }, BUILD_TEST_TIMEOUT_MS);
});

describe('the dataset on its own thread', () => {
  const options: LoadOptions = { sourcesDir: SHARED_SOURCES, site: TEST_SITE, generatedAt: generationTime(TEST_EPOCH) };
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
    expect(records && Object.keys(records).sort()).toEqual(['changes', 'counties', 'earlier', 'gate', 'meta', 'sectionEight', 'site', 'warnings', 'zips']);
    const { metaRecord, bulk, timings: _timings, parseCache: _cache, ...recordsOfWhole } = dataset;
    expect(records).toEqual(recordsOfWhole);
    expect(metaRecord.counts.zips).toBe(dataset.zips.length);
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

  it('runs below the main thread: the dataset thread and the workbook threads it starts, not the main thread', async () => {
    /** This process's threads and their niceness (field 19 of /proc/self/task/TID/stat); a thread that
     * ends between the listing and the read is skipped (CI once met one). */
    const statOf = (tid: string) => {
      try {
        return [readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')];
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ESRCH') return [];
        throw error;
      }
    };
    const niceness = () => readdirSync('/proc/self/task').flatMap(statOf).map((stat) => Number(stat.split(') ').pop()?.split(' ')[16]));
    const cache = process.env.MNRENT_PARSE_CACHE;
    process.env.MNRENT_PARSE_CACHE = '0';
    const loading = loadDatasetOffThread(options);
    process.env.MNRENT_PARSE_CACHE = cache;
    const state = { done: false };
    void loading.finally(() => (state.done = true));
    let most = 0;
    while (!state.done) {
      most = Math.max(most, niceness().filter((n) => n === READING_NICENESS).length);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await loading;
    // The dataset's thread and the two national workbooks' threads.
    expect(most).toBeGreaterThanOrEqual(3);
    expect(getPriority()).toBe(0);
  }, 120_000);
});

describe('a lowered thread priority', () => {
  it('holds for the thread that asked and the threads it starts, and for no other', async () => {
    const module = pathToFileURL(join(PROJECT_ROOT, 'src/lib/thread-priority.ts')).href;
    const code = `
      const { parentPort, Worker } = require('node:worker_threads');
      const { getPriority } = require('node:os');
      const { readlinkSync } = require('node:fs');
      const own = () => getPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()));
      import(${JSON.stringify(module)}).then(({ lowerThisThreadPriority }) => {
        const before = own();
        const lowered = lowerThisThreadPriority(7);
        const child = new Worker("const { readlinkSync } = require('node:fs'); require('node:worker_threads').parentPort.postMessage(require('node:os').getPriority(Number(readlinkSync('/proc/thread-self').split('/').pop())))", { eval: true });
        child.once('message', (childs) => parentPort.postMessage({ before, lowered, after: own(), childs }));
      });`;
    const worker = new Worker(code, { eval: true });
    const seen = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(seen).toEqual({ before: 0, lowered: true, after: 7, childs: 7 });
    expect(getPriority()).toBe(0);
  });
});
