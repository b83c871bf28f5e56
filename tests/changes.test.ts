// The change log on real data: the snapshot of the sources built once (a first publication), then again from
// a copy with four changes made by hand (one FMR down, one market rent up, one ZIP removed, one
// county's income limit raised), then once more with nothing changed.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ChangesDoc, ZipDetail } from '../src/lib/contract/schemas.ts';
import { BUILD_TEST_TIMEOUT_MS, runBuild } from './helpers/build.ts';
import readExcelFile from 'read-excel-file/node';
import { source, TEST_SITE } from './helpers/paths.ts';
import { loadDataset } from '../src/lib/dataset/load.ts';
import { generationTime } from '../src/lib/dataset/options.ts';
import { MINNESOTA } from '../src/lib/states.ts';
import { sourcesCopy } from './helpers/sources-copy.ts';
import { workbook } from './helpers/xlsx.ts';

// The earlier output: the snapshot built in English alone, as the second build here is (runBuild's default).
const builtSite = inject('builtSiteEnglish');
const SAFMR = 'hud_safmr/safmr_fy2026_national_from_worthwise_parquet.csv';
const ZORI = 'zillow_zori/Zip_zori_uc_sfrcondomfr_sm_month_2023-10_excel-resaved.csv';
const INCOME_LIMITS = 'hud_il/Section8-FY25.xlsx';
/** 2026-01-02 and 2026-01-03: the second and third builds. */
const SECOND = '1767312000';
const THIRD = '1767398400';

let scratch: string;
let outDir: string;
const readJson = async <T>(path: string) => JSON.parse(await readFile(join(outDir, path), 'utf8')) as T;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'mnrent-changes-'));
  outDir = join(scratch, 'site');
  await cp(builtSite, outDir, { recursive: true });
  // 55104: FY2026 2-bedroom FMR 1530 → 1500; its October 2023 market rent index up by 100; 55602 (Brimson) gone from FY2026.
  const safmr = (await readFile(source(SAFMR), 'utf8'))
    .replace('\n55104,2026,1110,1260,1530,2020,2270,', '\n55104,2026,1110,1260,1500,2020,2270,')
    .replace(/\n55602,2026,[^\n]*/g, ''); // both of its rows: it lies in two HUD areas
  const zori = (await readFile(source(ZORI), 'utf8')).replace(/^(\d+,\d+,55104,zip,.*,)([\d.]+)$/m, (_, head: string, rent: string) => `${head}${(Number(rent) + 100).toFixed(6)}`);
  expect(zori).not.toBe(await readFile(source(ZORI), 'utf8'));
  // Hennepin (row 2354): the very low limit for 4 persons, 66200 → 66300.
  const [sheet] = (await readExcelFile(source(INCOME_LIMITS))) as { sheet: string; data: (string | number | null)[][] }[];
  if (!sheet) throw new Error('no sheet');
  const l50of4 = (sheet.data[0] ?? []).indexOf('l50_4');
  expect([sheet.data[2353]?.[0], sheet.data[2353]?.[l50of4]]).toEqual(['2705399999', 66_200]);
  const limits = await workbook({ sheet: sheet.sheet, rows: sheet.data.map((row, i) => (i === 2353 ? row.map((v, c) => (c === l50of4 ? 66_300 : v)) : row)) });
  const sourcesDir = await sourcesCopy(join(scratch, 'sources'), { [SAFMR]: safmr, [ZORI]: zori, [INCOME_LIMITS]: limits });
  const second = await runBuild({ outDir, sourcesDir, epoch: SECOND });
  expect(second.code, second.stderr).toBe(0);
}, BUILD_TEST_TIMEOUT_MS);
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('the change log', () => {
  it('says "first publication" on the first build, listing no ZIP', async () => {
    const first = JSON.parse(await readFile(join(builtSite, 'api/v1/changes.json'), 'utf8')) as ChangesDoc;
    expect(first.entries).toEqual([
      expect.objectContaining({ first_publication: true, previous_generated_at: null, summary: 'First publication: 911 ZIP codes and 87 counties.', zips: { added: [], removed: [], changed: [] } }),
    ]);
  });

  it('lists exactly the changes made, field by field, newest first, and calls out the FMR cut', async () => {
    const doc = await readJson<ChangesDoc>('api/v1/changes.json');
    expect(doc.generated_at).toBe('2026-01-02T00:00:00Z');
    expect(doc.previous_generated_at).toBe('2026-01-01T00:00:00Z');
    expect(doc.entries).toHaveLength(2);
    const [entry, first] = doc.entries;
    expect(first?.first_publication).toBe(true);
    expect(entry?.zips.added).toEqual([]);
    expect(entry?.zips.removed).toEqual(['55602']);
    expect(entry?.zips.changed.map((z) => z.zip)).toEqual(['55104']);
    const zip = await readJson<ZipDetail>('api/v1/zip/55104.json');
    const fields = Object.fromEntries((entry?.zips.changed[0]?.fields ?? []).map((f) => [f.field, [f.old, f.new]]));
    expect(fields['fmr.br2']).toEqual([1530, 1500]);
    expect(fields['zori_latest.rent']).toEqual([1774, zip.zori_latest?.rent]);
    expect(zip.zori_latest?.rent).toBe(1874);
    expect(fields.spread).toEqual([244, 374]);
    expect(Object.keys(fields).sort()).toEqual(['area_spread', 'area_spread_pct', 'fmr.br2', 'fmr2_yoy_pct', 'spread', 'spread_pct', 'zori_latest.rent']);
    expect(entry?.fmr2_decreases).toEqual([{ zip: '55104', city: 'Saint Paul', old: 1530, new: 1500 }]);
    const stLouis = entry?.counties.changed.find((c) => c.county_slug === 'st-louis');
    expect(stLouis?.fields).toContainEqual({ field: 'zip_count', old: 47, new: 46 });
    // A ZIP takes its county's limits: the change is logged once, on the county.
    expect(entry?.counties.changed.find((c) => c.county_slug === 'hennepin')?.fields).toEqual([{ field: 'income_limits.very_low.4', old: 66_200, new: 66_300 }]);
    expect(entry?.counties.changed.every((c) => ['hennepin', 'ramsey', 'st-louis'].includes(c.county_slug))).toBe(true);
    expect(entry?.summary).toMatch(/^1 ZIP code changed, 0 added, 1 removed; \d counties? changed, 0 added, 0 removed\. The 2-bedroom FMR fell in 1 ZIP code: 55104 Saint Paul \$1,530 → \$1,500\.$/);
  });

  it('keeps the lastmod of what did not change, and moves that of what did, in the JSON and the sitemap', async () => {
    const untouched = await readJson<ZipDetail>('api/v1/zip/56763.json');
    expect([untouched.lastmod, untouched.meta.generated_at]).toEqual(['2026-01-01', '2026-01-02T00:00:00Z']);
    expect((await readJson<ZipDetail>('api/v1/zip/55104.json')).lastmod).toBe('2026-01-02');
    expect((await readJson<{ lastmod: string }>('api/v1/county/lake-of-the-woods.json')).lastmod).toBe('2026-01-01');
    const sitemap = await readFile(join(outDir, 'sitemap-0.xml'), 'utf8');
    expect(sitemap).toContain(`<loc>${TEST_SITE}/zip/56763/</loc><lastmod>2026-01-01`);
    expect(sitemap).toContain(`<loc>${TEST_SITE}/zip/55104/</loc><lastmod>2026-01-02`);
  });

  it('has the entry in the Atom feed and on the changes page', async () => {
    const atom = await readFile(join(outDir, 'changes.xml'), 'utf8');
    expect(atom.match(/<entry>/g)).toHaveLength(2);
    expect(atom).toContain('<title type="html"><![CDATA[Data changed on 2026-01-02]]></title>');
    expect(atom).toContain('55104 Saint Paul $1,530 → $1,500');
    const page = await readFile(join(outDir, 'changes', 'index.html'), 'utf8');
    expect(page).toContain('2-bedroom FMR cuts');
    expect(page).toContain('ZIP codes removed: 55602');
    // Values as people read them: dollars for rents, a percent sign for percents.
    expect(page).toContain('fmr.br2 $1,530 → $1,500');
    expect(page).toMatch(/spread_pct -?\d+(\.\d)?% → -?\d+(\.\d)?%/);
  });

  // The next two are the build's pipeline run in this process over the output above (the rebuilds
  // of the command itself are in beforeAll and in tests/faults.test.ts).
  const rebuild = () => loadDataset({ sourcesDir: join(scratch, 'sources'), site: TEST_SITE, generatedAt: generationTime(THIRD), previousDir: outDir, state: MINNESOTA });

  it('adds no entry when a build changes nothing', async () => {
    const { changes } = await rebuild();
    expect(changes.generated_at).toBe('2026-01-03T00:00:00Z');
    expect(changes.previous_generated_at).toBe('2026-01-02T00:00:00Z');
    expect(changes.entries.map((e) => e.generated_at)).toEqual(['2026-01-02T00:00:00Z', '2026-01-01T00:00:00Z']);
  });

  it('goes on, with a warning, when the earlier changes.json is not readable', async () => {
    await writeFile(join(outDir, 'api/v1/changes.json'), '{"entries": [{"generated_at": 5}]}\n');
    const { changes, warnings } = await rebuild();
    expect(warnings).toContain("the earlier output's changes.json is not readable: its history is not carried over");
    expect(changes.previous_generated_at).toBe('2026-01-02T00:00:00Z');
    expect(changes.entries).toEqual([]);
  });
});
