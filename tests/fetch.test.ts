// npm run data:fetch against a real HTTP server on loopback serving the snapshot's source files.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDataset } from '../src/lib/dataset/load.ts';
import { generationTime } from '../src/lib/dataset/options.ts';
import { entryForState, fetchSources, type FetchOptions } from '../src/lib/fetch/fetch-sources.ts';
import type { Manifest, ManifestEntry } from '../src/lib/fetch/manifest.ts';
import { readManifest } from '../src/lib/fetch/manifest.ts';
import type { Progress } from '../src/lib/fetch/progress.ts';
import { readLockfile } from '../src/lib/sources/lockfile.ts';
import type { DatasetFolder } from '../src/lib/sources/registry.ts';
import { MINNESOTA, stateByCode, type StateScope } from '../src/lib/states.ts';
import { PROJECT_ROOT, SNAPSHOT_SOURCES, snapshotDatasets, source, TEST_EPOCH, TEST_SITE } from './helpers/paths.ts';
import { asFeatureService } from './helpers/feature-service.ts';
import { startSourceServer, type SourceServer } from './helpers/source-server.ts';

const ZORI = 'zillow_zori/Zip_zori_uc_sfrcondomfr_sm_month_2023-10_excel-resaved.csv';
const ZORI_PATH = `/${ZORI}`;
const LAYER_EXPORT = 'hud_pha_layer/Detailed_Public_Housing_Authority_Dataset_2025-07-06_via_assistancehub.csv';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let server: SourceServer;
let scratch: string;
let snapshotManifest: Manifest;

/** A manifest written for the snapshot's files, as an organisation mirroring its sources folder would. */
async function manifestForSnapshot(): Promise<Manifest> {
  const sources: ManifestEntry[] = [];
  for (const dataset of snapshotDatasets()) {
    for (const file of (await readdir(join(SNAPSHOT_SOURCES, dataset))).sort()) {
      sources.push({ dataset: dataset as DatasetFolder, file, url: `https://publisher.invalid/${dataset}/${file}`, format: file.split('.').pop() as string, licence: 'see data/snapshot/provenance.json' });
    }
  }
  return { sources };
}

const quiet: Progress = { start() {}, update() {}, note() {}, finish() {} };

function options(sourcesDir: string, extra: Partial<FetchOptions> = {}): FetchOptions {
  return {
    sourcesDir,
    manifest: snapshotManifest,
    state: MINNESOTA,
    mirror: server.url,
    env: {},
    idleTimeoutMs: 2000,
    deadlineMs: 30_000,
    retries: 2,
    backoffMs: 10,
    now: () => new Date('2026-01-15T12:00:00Z'),
    asOf: '2026-01-15',
    progress: quiet,
    ...extra,
  };
}

/** A sources folder already holding a good copy of the ZORI file, as after an earlier fetch. */
async function withGoodZori(name: string): Promise<string> {
  const dir = join(scratch, name);
  const results = await fetchSources(options(dir, { only: ['zillow_zori'] }));
  expect(results.find((r) => r.key === ZORI)?.outcome).toBe('downloaded');
  return dir;
}

const leftovers = async (dir: string) => (await readdir(dir, { recursive: true })).filter((n) => /\.(download|unpacked)-\d+$/.test(n));

beforeAll(async () => {
  server = await startSourceServer();
  scratch = await mkdtemp(join(tmpdir(), 'mnrent-fetch-'));
  snapshotManifest = await manifestForSnapshot();
});
afterAll(async () => {
  await server.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('a full fetch into an empty folder', () => {
  let fetched: string;

  it('downloads every file, records its provenance, and writes the same bytes', async () => {
    fetched = join(scratch, 'full');
    const results = await fetchSources(options(fetched));
    expect(results.map((r) => r.outcome)).toEqual(snapshotManifest.sources.map(() => 'downloaded'));
    const lock = readLockfile(fetched);
    expect(Object.keys(lock.files)).toHaveLength(snapshotManifest.sources.length);
    // data/snapshot/provenance.json: the sha256 of the GeoNames dump.
    expect(lock.files['geonames/US.txt']).toMatchObject({
      url: `${server.url}/geonames/US.txt`,
      retrieved_at: '2026-01-15T12:00:00.000Z',
      bytes: 2668861,
      sha256: 'c3044b608d6d43030d717887a25c11c27e728d8d95505aedc7b45e21831a8623',
      last_modified: 'Wed, 01 Oct 2025 00:00:00 GMT',
    });
    for (const entry of snapshotManifest.sources) {
      const key = `${entry.dataset}/${String(entry.file)}`;
      expect(sha256(await readFile(join(fetched, key))), key).toBe(sha256(await readFile(source(key))));
    }
  });

  it('then gives the same dataset as the snapshot folder does, with the provenance in meta.json', async () => {
    // The same bytes as the snapshot (above), so the same records: the build's pipeline in this
    // process, without rendering the site a second time.
    const load = (sourcesDir: string) => loadDataset({ sourcesDir, site: TEST_SITE, generatedAt: generationTime(TEST_EPOCH), state: MINNESOTA });
    const [reference, got] = await Promise.all([load(SNAPSHOT_SOURCES), load(fetched)]);
    expect(got.zips).toEqual(reference.zips);
    const geonames = got.metaRecord.vintages.geonames.files[0];
    expect(geonames).toEqual({ ...reference.metaRecord.vintages.geonames.files[0], url: `${server.url}/geonames/US.txt`, retrieved_at: '2026-01-15T12:00:00.000Z' });
    const strip = (m: object) => JSON.stringify(m, (k, v: unknown) => (k === 'url' || k === 'retrieved_at' ? undefined : v));
    expect(strip(got.metaRecord)).toBe(strip(reference.metaRecord));
  });

  it('asks "changed since?" the next time, and keeps the file on 304', async () => {
    server.requests.length = 0;
    const results = await fetchSources(options(fetched, { only: ['geonames'] }));
    expect(results.find((r) => r.key === 'geonames/US.txt')).toMatchObject({ outcome: 'unchanged' });
    expect(server.requests.at(-1)?.headers['if-none-match']).toMatch(/^"2668861-/);
    expect(server.requests.at(-1)?.headers['if-modified-since']).toBe('Wed, 01 Oct 2025 00:00:00 GMT');
  });
});

describe('faults: the right outcome, no half-written file, the previous good copy kept', () => {
  const expectKept = async (dir: string) => {
    expect(sha256(await readFile(join(dir, ZORI)))).toBe(sha256(await readFile(source(ZORI))));
    expect(await leftovers(dir)).toEqual([]);
  };
  const zoriResult = async (dir: string, extra: Partial<FetchOptions> = {}) =>
    (await fetchSources(options(dir, { only: ['zillow_zori'], ...extra }))).find((r) => r.key === ZORI);

  it('404: fails at once, naming the URL and how to supply the file by hand', async () => {
    const dir = await withGoodZori('f404');
    server.fail(ZORI_PATH, { kind: 'status', status: 404 });
    const result = await zoriResult(dir);
    expect(result?.outcome).toBe('failed');
    expect(result?.detail).toContain(`could not download ${server.url}${ZORI_PATH}: HTTP 404 Not Found. The previous copy is kept. Download it by hand from https://publisher.invalid${ZORI_PATH} and save it as ${join(dir, ZORI)}.`);
    await expectKept(dir);
  });

  it('500 then success: retried, downloaded', async () => {
    const dir = join(scratch, 'f500');
    server.fail(ZORI_PATH, { kind: 'status', status: 500 });
    server.requests.length = 0;
    expect((await zoriResult(dir))?.outcome).toBe('downloaded');
    expect(server.requests.filter((r) => r.path === ZORI_PATH)).toHaveLength(2);
    await expectKept(dir);
  });

  it('a connection reset mid-body, every time: fails after the retries', async () => {
    const dir = await withGoodZori('freset');
    server.fail(ZORI_PATH, { kind: 'reset-mid-body' }, { kind: 'reset-mid-body' }, { kind: 'reset-mid-body' });
    const result = await zoriResult(dir);
    expect(result?.outcome).toBe('failed');
    expect(result?.detail).toMatch(/connection broke after \d+ bytes/);
    await expectKept(dir);
  });

  it('a connection reset once: the retry gets the file', async () => {
    const dir = join(scratch, 'freset-once');
    server.fail(ZORI_PATH, { kind: 'reset-mid-body' });
    expect((await zoriResult(dir))?.outcome).toBe('downloaded');
    await expectKept(dir);
  });

  it('a truncated body (the server closes before Content-Length): fails, nothing half-written', async () => {
    const dir = await withGoodZori('ftrunc');
    server.fail(ZORI_PATH, { kind: 'truncate' }, { kind: 'truncate' }, { kind: 'truncate' });
    const result = await zoriResult(dir);
    expect(result?.outcome).toBe('failed');
    expect(result?.detail).toMatch(/connection broke after|body ended after/);
    await expectKept(dir);
  });

  it('a body slower than the timeout: fails with the timeout named', async () => {
    const dir = await withGoodZori('fslow');
    server.fail(ZORI_PATH, { kind: 'slow', delayMs: 5000 });
    const result = await zoriResult(dir, { idleTimeoutMs: 300, retries: 0 });
    expect(result?.outcome).toBe('failed');
    expect(result?.detail).toContain('no data for 0.3 s');
    await expectKept(dir);
  });

  it('an HTML page instead of a CSV: not a source', async () => {
    const dir = await withGoodZori('fhtml');
    server.fail(ZORI_PATH, { kind: 'html' });
    const result = await zoriResult(dir);
    expect(result?.outcome).toBe('failed');
    expect(result?.detail).toContain('got an HTML page');
    await expectKept(dir);
  });

  it('an HTML page sent as text/csv: not a source, whatever its type says', async () => {
    const dir = await withGoodZori('fhtml-as-csv');
    server.fail(ZORI_PATH, { kind: 'body', body: new TextEncoder().encode('<!doctype html>\n<html>\n<body>Service unavailable</body>\n</html>\n'), contentType: 'text/csv' });
    const result = await zoriResult(dir);
    expect(result?.outcome).toBe('failed');
    expect(result?.detail).toMatch(/got an HTML page \(http:\/\/127\.0\.0\.1:\d+\/.*\) instead of csv/);
    await expectKept(dir);
  });

  it('a file cut at a row boundary: well-formed, but far fewer rows than the copy it would replace', async () => {
    const dir = await withGoodZori('fcut-rows');
    const lines = (await readFile(source(ZORI), 'utf8')).split('\n');
    // The first 1,000 rows of Zillow's national file (sorted by size) hold 7 of Minnesota's 108 ZIPs.
    server.fail(ZORI_PATH, { kind: 'body', body: new TextEncoder().encode(lines.slice(0, 1001).join('\n') + '\n'), contentType: 'text/csv' });
    const cut = await zoriResult(dir);
    expect(cut?.outcome).toBe('failed');
    expect(cut?.detail).toContain('the download has 7 rows for Minnesota, the copy in place 108 (down 93.5%, more than 3.0%); if the change is real, run again with --accept-changes');
    await expectKept(dir);
    // Cut after 300 rows: not one Minnesota ZIP.
    server.fail(ZORI_PATH, { kind: 'body', body: new TextEncoder().encode(lines.slice(0, 301).join('\n') + '\n'), contentType: 'text/csv' });
    expect((await zoriResult(dir))?.detail).toContain('the download has no rows for Minnesota');
    await expectKept(dir);
  });

  it('a file cut at a row boundary is taken with --accept-changes, when the change is meant', async () => {
    const dir = await withGoodZori('fcut-accepted');
    const lines = (await readFile(source(ZORI), 'utf8')).split('\n');
    server.fail(ZORI_PATH, { kind: 'body', body: new TextEncoder().encode(lines.slice(0, 1001).join('\n') + '\n'), contentType: 'text/csv' });
    expect((await zoriResult(dir, { acceptChanges: true }))?.outcome).toBe('downloaded');
    expect((await readFile(join(dir, ZORI), 'utf8')).split('\n')).toHaveLength(1002);
  });

  it('a body that drips one byte at a time: abandoned at the deadline, though never idle', async () => {
    const dir = await withGoodZori('fdrip');
    server.fail(ZORI_PATH, { kind: 'drip', everyMs: 20 });
    const started = Date.now();
    const result = await zoriResult(dir, { idleTimeoutMs: 1000, deadlineMs: 1500, retries: 2 });
    expect(result?.outcome).toBe('failed');
    expect(result?.detail).toContain('not finished after 1.5 s (the deadline per file)');
    expect(Date.now() - started).toBeLessThan(10_000);
    await expectKept(dir);
  });

  it('removes the temporary files of a fetch that was stopped', async () => {
    const dir = await withGoodZori('fleftover');
    const dead = join(dir, 'zillow_zori', `.${ZORI.split('/')[1]}.download-999999`);
    const live = join(dir, 'zillow_zori', `.${ZORI.split('/')[1]}.download-${process.ppid}`);
    await writeFile(dead, 'half a file');
    await writeFile(live, 'a download in progress');
    await zoriResult(dir);
    expect((await readdir(join(dir, 'zillow_zori'))).sort()).toEqual([`.${ZORI.split('/')[1]}.download-${process.ppid}`, ZORI.split('/')[1]]);
    await rm(live);
  });

  it('a redirect to an HTML page (a keyless API call): not a source', async () => {
    const dir = await withGoodZori('fredirect');
    server.fail(ZORI_PATH, { kind: 'redirect-to-html' });
    const result = await zoriResult(dir);
    expect(result?.outcome).toBe('failed');
    expect(result?.detail).toContain(`got an HTML page (${server.url}/login.html)`);
    await expectKept(dir);
  });
});

describe('publishers\' own forms', () => {
  it('unpacks the member of a zip archive (GeoNames US.zip) after checking it', async () => {
    const dir = join(scratch, 'zip');
    const us = await readFile(source('geonames/US.txt'));
    const archive = zipSync({ 'readme.txt': new TextEncoder().encode('GeoNames'), 'US.txt': us });
    server.fail('/export/zip/US.zip', { kind: 'body', body: archive, contentType: 'application/zip' });
    const manifest: Manifest = { sources: [{ dataset: 'geonames', file: 'US.txt', url: `${server.url}/export/zip/US.zip`, format: 'zip', unpack: 'US.txt', licence: 'CC BY 4.0' }] };
    const [result] = await fetchSources(options(dir, { manifest, mirror: undefined }));
    expect(result?.outcome).toBe('downloaded');
    expect(sha256(await readFile(join(dir, 'geonames/US.txt')))).toBe(sha256(us));
    expect(readLockfile(dir).files['geonames/US.txt']?.archive).toEqual({ bytes: archive.length, sha256: sha256(archive) });
    expect(await leftovers(dir)).toEqual([]);
  });

  it('fetches GeoNames\' PR.zip instead of US.zip for Puerto Rico, and keeps US.txt beside it', async () => {
    const dir = join(scratch, 'puerto-rico');
    const defaults = await readManifest(join(PROJECT_ROOT, 'data/sources.json'));
    const entries = defaults.sources.filter((e) => e.dataset === 'geonames').map((e) => ({ ...e, url: e.url.replace('https://download.geonames.org', server.url) }));
    const manifest: Manifest = { sources: entries };
    // Two rows in GeoNames' layout (the snapshot's copy has no PR.txt); US.txt is the real file.
    const pr = new TextEncoder().encode('PR\t00636\tRosario\tPuerto Rico\tPR\tSan German\t125\t\t\t18.1636\t-67.0801\t4\nPR\t00906\tSan Juan\tPuerto Rico\tPR\tSan Juan\t127\t\t\t18.4645\t-66.095\t4\n');
    server.fail('/export/zip/PR.zip', { kind: 'body', body: zipSync({ 'PR.txt': pr }), contentType: 'application/zip' });
    server.fail('/export/zip/US.zip', { kind: 'body', body: zipSync({ 'US.txt': await readFile(source('geonames/US.txt')) }), contentType: 'application/zip' });

    const forMinnesota = await fetchSources(options(dir, { manifest, mirror: undefined }));
    expect(forMinnesota.map((r) => [r.key, r.outcome, r.detail])).toEqual([
      ['geonames/US.txt', 'downloaded', expect.any(String)],
      ['geonames/PR.txt', 'skipped', 'for PR only'],
    ]);
    const forPuertoRico = await fetchSources(options(dir, { manifest, mirror: undefined, state: stateByCode('PR') as StateScope, missingOnly: true }));
    expect(forPuertoRico.map((r) => [r.key, r.outcome, r.detail])).toEqual([
      ['geonames/US.txt', 'skipped', 'not for Puerto Rico: it has an entry of its own'],
      ['geonames/PR.txt', 'downloaded', expect.any(String)],
    ]);
    expect((await readdir(join(dir, 'geonames'))).filter((n) => !n.startsWith('.')).sort()).toEqual(['PR.txt', 'US.txt']);
  });

  it("asks HUD's agency layer for the state's agencies (PARTICIPANT_CODE LIKE 'MN%'), saves the answer under the state's name, and the build's parser accepts it", async () => {
    const dir = join(scratch, 'agency-layer');
    const defaults = await readManifest(join(PROJECT_ROOT, 'data/sources.json'));
    const entry = defaults.sources.find((e) => e.dataset === 'hud_pha_layer') as ManifestEntry;
    const answer = asFeatureService(await readFile(source(LAYER_EXPORT), 'utf8'), (code) => code.startsWith('MN'));
    const path = '/VTyQ9soqVukalItT/arcgis/rest/services/Public_Housing_Authorities/FeatureServer/0/query';
    server.fail(path, { kind: 'body', body: new TextEncoder().encode(answer), contentType: 'application/json' });
    const manifest: Manifest = { sources: [{ ...entry, url: entry.url.replace('https://services.arcgis.com', server.url) }] };
    const [result] = await fetchSources(options(dir, { manifest, mirror: undefined }));
    expect(result).toMatchObject({ key: 'hud_pha_layer/Public_Housing_Authorities_MN.json', outcome: 'downloaded' });
    const asked = server.requests.filter((r) => r.path === path).at(-1);
    expect(new URLSearchParams(asked?.query).get('where')).toBe("PARTICIPANT_CODE LIKE 'MN%'");
    expect(new URLSearchParams(asked?.query).get('f')).toBe('json');
    expect(await readFile(join(dir, 'hud_pha_layer/Public_Housing_Authorities_MN.json'), 'utf8')).toBe(answer);
    // For Puerto Rico the codes are HUD's RQ, the file Puerto Rico's.
    expect(entryForState(entry, stateByCode('PR') as StateScope)).toMatchObject({ file: 'Public_Housing_Authorities_PR.json', url: expect.stringContaining("PARTICIPANT_CODE%20LIKE%20%27RQ%25%27") });
    // An answer the service cut at its page size is refused, and the copy in place kept.
    server.fail(path, { kind: 'body', body: new TextEncoder().encode(answer.replace('"exceededTransferLimit":false', '"exceededTransferLimit":true')), contentType: 'application/json' });
    const [cut] = await fetchSources(options(dir, { manifest, mirror: undefined }));
    expect(cut?.outcome).toBe('failed');
    expect(cut?.detail).toContain('the feature service cut its answer at 135 agencies (exceededTransferLimit)');
    expect(await readFile(join(dir, 'hud_pha_layer/Public_Housing_Authorities_MN.json'), 'utf8')).toBe(answer);
  });

  it('sends HUD_API_TOKEN as a bearer token, and without one says how to get the crosswalk by hand', async () => {
    const dir = join(scratch, 'token');
    const api = JSON.stringify({ data: { year: 2025, quarter: 2, results: [{ zip: '55104', geoid: '27123', city: 'SAINT PAUL', state: 'MN', res_ratio: 1, bus_ratio: 1, oth_ratio: 1, tot_ratio: 1 }] } });
    const defaults = await readManifest(join(PROJECT_ROOT, 'data/sources.json'));
    const entry = defaults.sources.find((e) => e.dataset === 'hud_usps_crosswalk') as ManifestEntry;
    const manifest: Manifest = { sources: [{ ...entry, url: `${server.url}/hudapi/public/usps?type=2&query=All` }] };

    const [without] = await fetchSources(options(dir, { manifest, mirror: undefined }));
    expect(without).toMatchObject({ outcome: 'skipped' });
    expect(without?.detail).toContain('HUD_API_TOKEN is not set; Without HUD_API_TOKEN');
    expect(without?.detail).toContain('save ZIP_COUNTY_MMYYYY.xlsx in the hud_usps_crosswalk folder');

    server.fail('/hudapi/public/usps', { kind: 'body', body: new TextEncoder().encode(api), contentType: 'application/json' });
    server.requests.length = 0;
    const [withToken] = await fetchSources(options(dir, { manifest, mirror: undefined, env: { HUD_API_TOKEN: 'secret-token' } }));
    expect(withToken?.outcome).toBe('downloaded');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer secret-token');
    expect(JSON.parse(await readFile(join(dir, 'hud_usps_crosswalk/ZIP_COUNTY_api.json'), 'utf8'))).toEqual(JSON.parse(api));
  });
});

describe('the command', () => {
  const fetchCommand = (args: string[]) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [join(PROJECT_ROOT, 'src/cli/fetch.ts'), ...args], { cwd: PROJECT_ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('close', (code) => resolve({ code, stderr }));
    });

  it('exits 1 naming the failed file and its URL; 0 when all went well', async () => {
    const dir = join(scratch, 'cli');
    const manifestPath = join(scratch, 'manifest.json');
    await writeFile(manifestPath, JSON.stringify({ sources: snapshotManifest.sources.filter((e) => e.dataset === 'census_acs' || e.dataset === 'geonames') }));
    server.fail('/geonames/US.txt', { kind: 'status', status: 404 });
    const bad = await fetchCommand(['--sources', dir, '--manifest', manifestPath, '--mirror', server.url, '--retries', '0']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(`failed     geonames/US.txt: could not download ${server.url}/geonames/US.txt: HTTP 404 Not Found.`);
    expect(bad.stderr).toContain('1 downloaded, 0 unchanged, 0 skipped, 1 failed');
    const good = await fetchCommand(['--sources', dir, '--manifest', manifestPath, '--mirror', server.url, '--only', 'geonames']);
    expect(good.code).toBe(0);
    expect(good.stderr).toContain('1 downloaded, 0 unchanged, 1 skipped, 0 failed');
  });

  it('rejects an unknown dataset and a bad manifest with one line', async () => {
    const unknown = await fetchCommand(['--only', 'zillow']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^mnrent data:fetch failed: --only zillow: not a dataset \(hud_safmr, /);
    const state = await fetchCommand(['--state', 'ZZ']);
    expect(state.code).toBe(2);
    expect(state.stderr).toMatch(/^mnrent data:fetch failed: --state ZZ is not a state code; one of AL AK /);
    const manifestPath = join(scratch, 'bad-manifest.json');
    await writeFile(manifestPath, JSON.stringify({ sources: [{ dataset: 'hud_safmr', file: '../escape.xlsx', url: 'https://x.test/a', format: 'xlsx', licence: 'x' }] }));
    const bad = await fetchCommand(['--manifest', manifestPath]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe(`mnrent data:fetch failed: ${manifestPath}: invalid manifest at sources.0.file: a file name, not a path\n`);
  });
});

// The copy helper is used by other suites; keep the mirror layout honest here too.
it('serves the snapshot folder under /<dataset>/<file>', async () => {
  await mkdir(join(scratch, 'probe'), { recursive: true });
  await cp(source('census_acs/acs5_2019-2023_B25064_zcta_MN.csv'), join(scratch, 'probe/acs.csv'));
  const response = await fetch(`${server.url}/census_acs/acs5_2019-2023_B25064_zcta_MN.csv`);
  expect(Buffer.from(await response.arrayBuffer()).equals(await readFile(join(scratch, 'probe/acs.csv')))).toBe(true);
});
