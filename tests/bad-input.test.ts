// Bad input, made by mutating copies of the real files: one clear line naming the file (row, column),
// a non-zero exit, no stack trace, and the earlier output left exactly as it was. The build itself
// runs for each way of failing (a folder, a CSV, a workbook, the command line); the other cases check
// the same pipeline in this process (helpers/refusal.ts).
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import readExcelFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_TEST_TIMEOUT_MS, runBuild } from './helpers/build.ts';
import { source } from './helpers/paths.ts';
import { refusalOf } from './helpers/refusal.ts';
import { sourcesCopy } from './helpers/sources-copy.ts';
import { workbook } from './helpers/xlsx.ts';

const SAFMR_2026 = 'hud_safmr/safmr_fy2026_national_from_worthwise_parquet.csv';
const ZORI = 'zillow_zori/Zip_zori_uc_sfrcondomfr_sm_month_2023-10_excel-resaved.csv';
const CROSSWALK = 'hud_usps_crosswalk/ZIP_COUNTY_122025.xlsx';

let scratch: string;
let earlier: string;
const earlierFiles: Record<string, string> = {
  // The marker says an earlier build wrote the folder, so the build may replace it.
  '.mnrent-output': 'an earlier output\n',
  'api/v1/meta.json': '{"meta":{"generated_at":"2025-12-01T00:00:00Z"}}\n',
  'zip/55104/index.html': '<h1>earlier</h1>\n',
};

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'mnrent-bad-'));
  earlier = join(scratch, 'site');
  for (const [path, text] of Object.entries(earlierFiles)) {
    await mkdir(join(earlier, path, '..'), { recursive: true });
    await writeFile(join(earlier, path), text);
  }
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

const mutatedSources = (name: string, replace: Record<string, string | Buffer | null>, omitDataset?: string) =>
  sourcesCopy(join(scratch, name), replace, omitDataset);

const text = (path: string) => readFile(source(path), 'utf8');
const replaceLine = (all: string, lineNumber: number, edit: (line: string) => string) =>
  all.split('\n').map((line, i) => (i === lineNumber - 1 ? edit(line) : line)).join('\n');

async function expectFailure(sourcesDir: string, message: RegExp): Promise<void> {
  const run = await runBuild({ sourcesDir, outDir: earlier });
  expect(run.code).toBe(1);
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^mnrent build failed: /);
  expect(lines[0]).toMatch(message);
  expect(run.stderr).not.toMatch(/\n\s+at /);
  for (const [path, content] of Object.entries(earlierFiles)) expect(await readFile(join(earlier, path), 'utf8')).toBe(content);
  expect((await readdir(scratch)).filter((n) => n.includes('.building-') || n.includes('.old-'))).toEqual([]);
}

describe.concurrent('a build with bad input stops, says where, and keeps the earlier output', { timeout: BUILD_TEST_TIMEOUT_MS }, () => {
  it('a missing sources folder', async () => {
    await expectFailure(join(scratch, 'nowhere'), /nowhere: sources folder not found \(set SOURCES_DIR, or run npm run data:fetch\)$/);
  });

  it('a missing dataset', async () => {
    const dir = await mutatedSources('no-zori', {}, 'zillow_zori');
    expect(await refusalOf(dir)).toMatch(/no-zori\/zillow_zori: dataset folder zillow_zori\/ is missing/);
  });

  it('an empty file', async () => {
    const dir = await mutatedSources('empty', { [ZORI]: '' });
    expect(await refusalOf(dir)).toMatch(/empty\/zillow_zori\/Zip_zori_uc_sfrcondomfr_sm_month_2023-10_excel-resaved\.csv: file is empty$/);
  });

  it('a CSV truncated mid-row', async () => {
    // Line 15147 is 55104's FY2026 row; the download stopped after its 2-bedroom rent began.
    const lines = (await text(SAFMR_2026)).split('\n').slice(0, 15146);
    const dir = await mutatedSources('truncated-csv', { [SAFMR_2026]: `${lines.join('\n')}\n55104,2026,1110,1260,15` });
    await expectFailure(dir, /safmr_fy2026_national_from_worthwise_parquet\.csv, row 15147: row has 5 columns, the header has 8 \(truncated or malformed file\)$/);
  });

  it('a truncated workbook', async () => {
    const bytes = await readFile(source(CROSSWALK));
    const dir = await mutatedSources('truncated-xlsx', { [CROSSWALK]: bytes.subarray(0, bytes.length / 2) });
    await expectFailure(dir, /ZIP_COUNTY_122025\.xlsx: not a readable \.xlsx workbook/);
  });

  it('a workbook that is an HTML error page', async () => {
    const dir = await mutatedSources('html-xlsx', { 'hud_safmr/fy2024_safmrs_revised.xlsx': '<!doctype html><title>503</title>' });
    expect(await refusalOf(dir)).toMatch(/fy2024_safmrs_revised\.xlsx: not a readable \.xlsx workbook/);
  });

  it('a renamed column', async () => {
    const dir = await mutatedSources('renamed', { [ZORI]: (await text(ZORI)).replace('RegionName', 'Region') });
    expect(await refusalOf(dir)).toMatch(/Zip_zori_uc_sfrcondomfr_sm_month_2023-10_excel-resaved\.csv, row 1: missing column RegionName; the header has "regionid", "sizerank", "region",/);
  });

  it('a missing column', async () => {
    const acs = (await text('census_acs/acs5_2019-2023_B25064_zcta_MN.csv')).replace(/^([^,\n]*),[^,\n]*,/gm, '$1,');
    const dir = await mutatedSources('missing-column', { 'census_acs/acs5_2019-2023_B25064_zcta_MN.csv': acs });
    expect(await refusalOf(dir)).toMatch(/acs5_2019-2023_B25064_zcta_MN\.csv, row 1: missing column median_gross_rent; the header has "zcta", "median_household_income", "acs5_period"$/);
  });

  it('a non-numeric rent', async () => {
    const csv = replaceLine(await text(SAFMR_2026), 15147, (l) => l.replace('1110,1260,1530', '1110,1260,n/a'));
    const dir = await mutatedSources('non-numeric', { [SAFMR_2026]: csv });
    expect(await refusalOf(dir)).toMatch(/safmr_fy2026_national_from_worthwise_parquet\.csv, row 15147, column safmr_2br: SAFMR 2BR "n\/a" is not a number$/);
  });

  it('a negative rent', async () => {
    const csv = replaceLine(await text(ZORI), 1249, (l) => l.replace(/,1773\.711566/, ',-1773.711566'));
    const dir = await mutatedSources('negative', { [ZORI]: csv });
    expect(await refusalOf(dir)).toMatch(/excel-resaved\.csv, row 1249, column 10\/31\/2023: rent for 2023-10 -1773\.711566 is negative$/);
  });

  it('one ZIP with conflicting values across rows', async () => {
    // 55602 is listed under Duluth (line 7515) and Lake County (line 37469) with the same rents; change one.
    const csv = replaceLine(await text(SAFMR_2026), 37469, (l) => l.replace('860,990,1250', '860,990,1275'));
    const dir = await mutatedSources('conflict', { [SAFMR_2026]: csv });
    expect(await refusalOf(dir)).toMatch(/safmr_fy2026_national_from_worthwise_parquet\.csv, row 37469: ZIP 55602 has conflicting FY2026 rents: 860\/990\/1275\/1710\/2090 here, 860\/990\/1250\/1710\/2090 at .*safmr_fy2026_national_from_worthwise_parquet\.csv row 7515$/);
  });

  it('a county code not in the county list', async () => {
    // Ramsey County (27123) dropped from HUD's FY26 county list; the crosswalk still places St. Paul ZIPs there.
    const sheets = (await readExcelFile(source('hud_fmr/FY26_FMRs_revised.xlsx'))) as { sheet: string; data: (string | number | null)[][] }[];
    const fmr = sheets[0] as { sheet: string; data: (string | number | null)[][] };
    const rows = fmr.data.filter((row) => row[7] !== '2712399999');
    expect(rows).toHaveLength(fmr.data.length - 1);
    const dir = await mutatedSources('unknown-county', { 'hud_fmr/FY26_FMRs_revised.xlsx': await workbook({ sheet: fmr.sheet, rows }) });
    expect(await refusalOf(dir)).toMatch(/ZIP_COUNTY_122025\.xlsx \[Export Worksheet\], row \d+, column COUNTY: county code 27123 of ZIP 551\d\d is not in the state's county list$/);
  });

  describe('HUD income limits (the FY2025 workbook is in effect on the test date)', () => {
    const IL = 'hud_il/Section8-FY25.xlsx';
    /** The workbook with its first sheet's rows edited; row 2354 is Hennepin's. */
    async function editedLimits(edit: (rows: (string | number | null)[][], column: (name: string) => number) => (string | number | null)[][]): Promise<Buffer> {
      const sheets = (await readExcelFile(source(IL))) as { sheet: string; data: (string | number | null)[][] }[];
      const first = sheets[0] as { sheet: string; data: (string | number | null)[][] };
      const header = first.data[0] as string[];
      expect(first.data[2353]?.[0]).toBe('2705399999');
      return workbook({ sheet: first.sheet, rows: edit(first.data, (name) => header.indexOf(name)) });
    }
    const atHennepin = (column: string, value: number) =>
      editedLimits((rows, col) => rows.map((row, i) => (i === 2353 ? row.map((v, c) => (c === col(column) ? value : v)) : row)));

    it('a limit of 0', async () => {
      const dir = await mutatedSources('il-zero', { [IL]: await atHennepin('l50_1', 0) });
      expect(await refusalOf(dir)).toMatch(/Section8-FY25\.xlsx \[Section8-FY25\], row 2354, column L \(l50_1\): very low limit for 1 person 0 is outside the plausible range \$2000-\$500000$/);
    });

    it('a very low limit above the low limit', async () => {
      // l80_8 is 137,550 for Hennepin; 137,600 keeps l50 rising with household size.
      const dir = await mutatedSources('il-l50-above-l80', { [IL]: await atHennepin('l50_8', 137_600) });
      expect(await refusalOf(dir)).toMatch(/Section8-FY25\.xlsx \[Section8-FY25\], row 2354, column S \(l50_8\): very low limit for 8 persons \(\$137600\) is above the low limit \(\$137550\)$/);
    });

    it('a missing household column', async () => {
      const dir = await mutatedSources('il-no-l80-8', { [IL]: await editedLimits((rows, col) => rows.map((row) => row.filter((_, c) => c !== col('l80_8')))) });
      expect(await refusalOf(dir)).toMatch(/Section8-FY25\.xlsx \[Section8-FY25\], row 1: missing column l80_8; the header has "fips", "stusps",/);
    });

    it('a truncated workbook', async () => {
      const bytes = await readFile(source(IL));
      const dir = await mutatedSources('il-truncated', { [IL]: bytes.subarray(0, bytes.length / 2) });
      expect(await refusalOf(dir)).toMatch(/hud_il\/Section8-FY25\.xlsx: not a readable \.xlsx workbook/);
    });
  });

  it('a bad command line', async () => {
    const run = await runBuild({ outDir: earlier, site: 'not a url' });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('mnrent build failed: --site not a url is not an absolute URL (e.g. https://rent.example.org)\n');
    const report = await runBuild({ outDir: earlier, args: ['--report-url', 'issues'] });
    expect(report.code).toBe(2);
    expect(report.stderr).toBe('mnrent build failed: --report-url issues is not an absolute http(s) or mailto: URL (e.g. https://github.com/you/mnrent/issues)\n');
    // A language the pages are not written in, and a list without English, whose pages are the site's root.
    const french = await runBuild({ outDir: earlier, languages: 'every', args: ['--languages', 'en,fr,so'] });
    expect([french.code, french.stderr]).toEqual([2, 'mnrent build failed: --languages en,fr,so: "fr" is not a language of the pages; give codes from en,es,so,hmn\n']);
    const noEnglish = await runBuild({ outDir: earlier, languages: 'every', args: ['--languages', 'es'] });
    expect([noEnglish.code, noEnglish.stderr]).toEqual([2, "mnrent build failed: --languages es: en must be among them: the English pages are the site's root (e.g. en,es)\n"]);
  });
});
