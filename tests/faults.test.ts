// Hostile input and hostile circumstances for the build, on mutated copies of the real files:
// either one line naming the file (row, column), exit 1, no stack trace, the earlier output
// byte-identical and nothing outside the output folder touched, or, where accepting is right,
// the correct output.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BUILD_TEST_TIMEOUT_MS, runBuild, type BuildRun } from './helpers/build.ts';
import { PROJECT_ROOT, source, TEST_EPOCH, TEST_SITE } from './helpers/paths.ts';
import { gateRefusalOf, refusalOf } from './helpers/refusal.ts';
import { sourcesCopy } from './helpers/sources-copy.ts';
import { outputWriteFailure, renderFolderName, renderFoldersIn } from '../src/lib/build/output-folder.ts';
import { loadDataset } from '../src/lib/dataset/load.ts';
import { generationTime } from '../src/lib/dataset/options.ts';
import { MINNESOTA } from '../src/lib/states.ts';

const SAFMR_2026 = 'hud_safmr/safmr_fy2026_national_from_worthwise_parquet.csv';
const ZORI = 'zillow_zori/Zip_zori_uc_sfrcondomfr_sm_month_2023-10_excel-resaved.csv';
const ACS = 'census_acs/acs5_2019-2023_B25064_zcta_MN.csv';
const COUNTY_ZORI = 'zillow_zori_county/County_zori_uc_sfrcondomfr_sm_month.csv';
const GEONAMES = 'geonames/US.txt';
const LAYER = 'hud_pha_layer/Detailed_Public_Housing_Authority_Dataset_2025-07-06_via_assistancehub.csv';
const AREAS = join(PROJECT_ROOT, 'data', 'agency-areas', 'MN.json');

// The reference: the snapshot built in English alone, as every build here is (runBuild's default).
const builtSite = inject('builtSiteEnglish');
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'mnrent-faults-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

const text = (path: string) => readFile(source(path), 'utf8');
const replaceLine = (all: string, lineNumber: number, edit: (line: string) => string) =>
  all.split('\n').map((line, i) => (i === lineNumber - 1 ? edit(line) : line)).join('\n');
const mutated = (name: string, replace: Record<string, string | Buffer | null>) => sourcesCopy(join(scratch, name), replace);

/** Every file under `dir` with its sha256: what "untouched" is compared by. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[path.slice(dir.length)] = createHash('sha256').update(await readFile(path)).digest('hex');
  }
  return files;
}

/** A copy of the real build of the snapshot, as the earlier output a new build would replace. */
async function earlierOutput(name: string): Promise<string> {
  const dir = join(scratch, 'earlier', name, 'site');
  await cp(builtSite, dir, { recursive: true });
  return dir;
}

function expectOneLine(run: BuildRun, message: RegExp): void {
  expect(run.code, run.stderr + run.stdout).toBe(1);
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^mnrent build failed: /);
  expect(lines[0]).toMatch(message);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

/** A bad source stops the build with one line; the earlier output and the folder around it stay as they were. */
async function expectRefused(name: string, sourcesDir: string, message: RegExp): Promise<void> {
  const outDir = await earlierOutput(name);
  const before = await snapshot(join(outDir, '..'));
  expectOneLine(await runBuild({ sourcesDir, outDir }), message);
  expect(await snapshot(join(outDir, '..'))).toEqual(before);
}

/** A folder of the areas agencies serve with Minnesota's file changed. */
async function areasCopy(name: string, edit: (raw: { agencies: Record<string, unknown>[] }) => void): Promise<string> {
  const raw = JSON.parse(await readFile(AREAS, 'utf8')) as { agencies: Record<string, unknown>[] };
  edit(raw);
  const dir = join(scratch, 'areas', name);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'MN.json'), `${JSON.stringify(raw, null, 2)}\n`);
  return dir;
}

describe.concurrent('the output folder is ours or untouched', { timeout: BUILD_TEST_TIMEOUT_MS }, () => {
  const expectUntouched = async (outDir: string, message: RegExp, watch: string) => {
    const before = await snapshot(watch);
    expectOneLine(await runBuild({ outDir }), message);
    expect(await snapshot(watch)).toEqual(before);
  };

  it('refuses a folder that holds files no build wrote', async () => {
    const dir = join(scratch, 'foreign');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'important.txt'), 'keep me\n');
    await expectUntouched(dir, /--outDir .*foreign holds files that no build of this project wrote \(important\.txt\)/, dir);
    expect(await readFile(join(dir, 'important.txt'), 'utf8')).toBe('keep me\n');
  });

  it('refuses the sources folder, and a folder that holds it', async () => {
    const sources = await sourcesCopy(join(scratch, 'outdir-sources', 'sources'));
    const before = await snapshot(join(scratch, 'outdir-sources'));
    expectOneLine(await runBuild({ sourcesDir: sources, outDir: sources }), /holds the sources folder/);
    expectOneLine(await runBuild({ sourcesDir: sources, outDir: join(scratch, 'outdir-sources') }), /holds the sources folder/);
    expectOneLine(await runBuild({ sourcesDir: sources, outDir: join(sources, 'geonames') }), /is inside the sources folder/);
    expect(await snapshot(join(scratch, 'outdir-sources'))).toEqual(before);
  });

  it('refuses a plain file', async () => {
    const file = join(scratch, 'a-file');
    await writeFile(file, 'not a folder\n');
    expectOneLine(await runBuild({ outDir: file }), /a-file is a file, not a folder/);
    expect(await readFile(file, 'utf8')).toBe('not a folder\n');
  });

  it('refuses the project and the folders of its source tree', async () => {
    expectOneLine(await runBuild({ outDir: PROJECT_ROOT }), /holds this project/);
    expectOneLine(await runBuild({ outDir: join(PROJECT_ROOT, '..') }), /holds this project/);
    expectOneLine(await runBuild({ outDir: join(PROJECT_ROOT, 'src') }), /is inside the project's src\//);
    expect((await stat(join(PROJECT_ROOT, 'src', 'pages'))).isDirectory()).toBe(true);
  });
});

describe('builds at once, and what killed builds left behind', () => {
  // Three builds at once: two into one folder, the second started from another folder with relative
  // paths and from other sources; and a third, of the snapshot, into a folder of its own under
  // another locale and time zone.
  const elsewhere = () => join(scratch, 'elsewhere');
  const outDir = () => join(elsewhere(), 'site');
  const abroad = () => join(scratch, 'abroad');
  const deadRender = join(renderFoldersIn(PROJECT_ROOT), renderFolderName(999_999));
  let runs: BuildRun[] = [];

  beforeAll(async () => {
    await mkdir(join(elsewhere(), '.site.building-999999', 'api'), { recursive: true });
    // What a build killed while Astro rendered leaves in the checkout: its own render folder (no process 999999 runs).
    await mkdir(join(deadRender, 'astro-cache'), { recursive: true });
    // 55104's FY2026 2-bedroom FMR (line 15147 of the FY2026 file) raised by $5 in one copy.
    const changed = await mutated('mix-sources', { [SAFMR_2026]: replaceLine(await text(SAFMR_2026), 15147, (l) => l.replace('1110,1260,1530', '1110,1260,1535')) });
    runs = await Promise.all([
      runBuild({ outDir: outDir() }),
      runBuild({ outDir: 'site', sourcesDir: relative(elsewhere(), changed), cwd: elsewhere() }),
      // A Lithuanian locale ("y" sorts between "i" and "j" there) and Pago Pago, 11 hours behind
      // UTC: at the test epoch (2026-01-01T00:00Z) it is still 2025 there, so a date or year taken
      // in local time would differ.
      runBuild({ outDir: abroad(), env: { LANG: 'lt_LT.UTF-8', LC_ALL: 'lt_LT.UTF-8', TZ: 'Pacific/Pago_Pago' } }),
    ]);
  }, BUILD_TEST_TIMEOUT_MS);

  const fmr2 = async (dir: string) => (JSON.parse(await readFile(join(dir, 'api/v1/zip/55104.json'), 'utf8')) as { fmr: { br2: number } }).fmr.br2;

  it("two builds into one folder wait for each other, one started from another folder with relative paths; both succeed; a dead build's staging folder and render folder are removed, and nothing else is left there", async () => {
    const [a, b] = runs as [BuildRun, BuildRun];
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    const waiting = /waiting for process \d+, which holds output folder/;
    expect(a.stdout + b.stdout).toMatch(waiting);
    // Astro stages its server bundle under the working directory when the output is outside it: not here.
    expect(await readdir(elsewhere())).toEqual(['site']);
    await expect(stat(deadRender)).rejects.toThrow();
    const meta = JSON.parse(await readFile(join(outDir(), 'api/v1/meta.json'), 'utf8')) as { counts: { zips: number } };
    expect(meta.counts.zips).toBe(911);
    // The one that waited swapped its output in last: the folder is wholly its build.
    expect(await fmr2(outDir())).toBe(waiting.test(b.stdout) ? 1535 : 1530);
  });

  it("a build beside them, from other sources, never mixes their data, and the host's locale and time zone change nothing", async () => {
    const [, , c] = runs as [BuildRun, BuildRun, BuildRun];
    expect(c.code, c.stderr).toBe(0);
    // It has its own output folder and its own render folder: it waited for neither.
    expect(c.stdout).not.toContain('waiting for');
    expect(await fmr2(abroad())).toBe(1530);
    // Built under a Lithuanian locale and in UTC-11 while a build of other sources ran beside it,
    // the same bytes as the reference build, made here in UTC.
    expect(await snapshot(abroad())).toEqual(await snapshot(builtSite));
  });
});

describe('a write that fails while Astro renders', () => {
  it('is told in one line when the machine refused it, with the path when the error names one; anything else is left as it is', async () => {
    const folder = join(scratch, 'refusals');
    await mkdir(folder, { recursive: true });
    const thrown = (write: () => void) => {
      try {
        write();
      } catch (error) {
        return error;
      }
      throw new Error('the write did not fail');
    };
    const isFolder = thrown(() => writeFileSync(folder, 'x'));
    expect(outputWriteFailure(isFolder, '/srv/site')?.message).toBe(`could not write the output (${folder}): is a folder (EISDIR); nothing was published, and /srv/site is as it was`);
    // A full disk fails a write to an open file: its error names no path.
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    expect(outputWriteFailure(full, '/srv/site')?.message).toBe('could not write the output in /srv: no space left on the device (ENOSPC); nothing was published, and /srv/site is as it was');
    expect(outputWriteFailure(thrown(() => writeFileSync(join(folder, 'missing', 'x'), 'x')), '/srv/site')).toBeUndefined();
    expect(outputWriteFailure(Object.assign(new Error('no room'), { code: 'ENOSPC' }), '/srv/site')).toBeUndefined();
    expect(outputWriteFailure(new Error('a bug'), '/srv/site')).toBeUndefined();
  });

  it('stops the build with one line; the staging folder goes, though pages and compression threads were still writing into it', async () => {
    const outDir = await earlierOutput('mid-render');
    const parent = join(outDir, '..');
    const before = await snapshot(parent);
    const running = runBuild({ outDir });
    // Once Astro has written the client scripts (just before it renders), a folder where Mankato's
    // page will go: its write fails with EISDIR while other pages and their siblings are being written.
    let blocked = false;
    for (let waited = 0; waited < 300_000 && !blocked; waited += 10) {
      const staging = (await readdir(parent)).find((name) => name.startsWith('.site.building-'));
      if (staging && (await readdir(join(parent, staging)).catch((): string[] => [])).includes('_astro')) {
        await mkdir(join(parent, staging, 'zip', '56001', 'index.html'), { recursive: true });
        blocked = true;
      } else await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const run = await running;
    expect(blocked).toBe(true);
    expectOneLine(run, /could not write the output \(.*\.site\.building-\d+\/zip\/56001\/index\.html\): is a folder \(EISDIR\); nothing was published/);
    expect(await snapshot(parent)).toEqual(before);
    expect(await readdir(parent)).toEqual(['site']);
  }, BUILD_TEST_TIMEOUT_MS);
});

describe.concurrent('the publish gate', { timeout: BUILD_TEST_TIMEOUT_MS }, () => {
  // The FY2026 file cut at a row boundary: the first 20,000 lines, all well-formed.
  const cutSafmr = async () => (await text(SAFMR_2026)).split('\n').slice(0, 20_000).join('\n') + '\n';
  // Zillow's metro-level file has the same layout, with RegionType "msa": no ZIP rows at all.
  const metroZori = async () => (await text(ZORI)).replace(/,zip,/g, ',msa,');

  it('stops a truncated SAFMR file against the earlier output, naming the dataset and both counts', async () => {
    const dir = await mutated('cut-safmr', { [SAFMR_2026]: await cutSafmr() });
    await expectRefused('gate-cut', dir, /not published: .*hud_safmr: 379 ZIP codes, against 911 in the earlier output \(down 58\.4%, more than 3\.0%\).*run again with --accept-changes$/);
  });

  it('stops a truncated SAFMR file on a first build too: the latest year against the year before', async () => {
    const dir = await mutated('cut-safmr-first', { [SAFMR_2026]: await cutSafmr() });
    const run = await runBuild({ sourcesDir: dir, outDir: join(scratch, 'earlier', 'cut-first', 'site') });
    expectOneLine(run, /hud_safmr: FY2026 has 379 ZIP codes, against 915 in FY2025 \(down 58\.6%, more than 3\.0%\): is the FY2026 file complete/);
    await expect(stat(join(scratch, 'earlier', 'cut-first', 'site'))).rejects.toThrow();
  });

  // The gate's other refusals, from the same pipeline and gate in this process (the build's exit and
  // kept output are the two cases above).
  it('stops metro-level ZORI against the earlier output and on a first build', async () => {
    const dir = await mutated('metro-zori', { [ZORI]: await metroZori() });
    expect(await gateRefusalOf(dir, builtSite)).toMatch(/zillow_zori: .*Zip_zori_uc_sfrcondomfr_sm_month_2023-10_excel-resaved\.csv has no rows for the state's ZIP codes or counties.*zillow_zori: 0 ZIP codes with a market rent, against 108 in the earlier output/);
    expect(await gateRefusalOf(dir)).toMatch(/^not published: zillow_zori: .* has no rows for the state's ZIP codes/);
  });

  it("publishes metro-level ZORI with --accept-changes, and then cites Zillow's county series alone", async () => {
    const dir = await mutated('metro-zori-accepted', { [ZORI]: await metroZori() });
    const outDir = await earlierOutput('gate-metro-accepted');
    const run = await runBuild({ sourcesDir: dir, outDir, args: ['--accept-changes'] });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('accepted with --accept-changes: zillow_zori: 0 ZIP codes with a market rent, against 108 in the earlier output');
    const meta = JSON.parse(await readFile(join(outDir, 'api/v1/meta.json'), 'utf8')) as { meta: { attribution: string }; counts: { zips: number; zips_with_market_rent: number; section_8_rows: number } };
    expect(meta.counts).toMatchObject({ zips: 911, zips_with_market_rent: 0, section_8_rows: 0 });
    expect(meta.meta.attribution).not.toContain('ZIP codes through');
    expect(meta.meta.attribution).toContain('Zillow Observed Rent Index (ZORI), counties through 2026-01, Zillow Research;');
    expect(meta.meta.attribution).toContain('Small Area Fair Market Rents FY2026');
  });

  it('stops an ACS file of another state against the earlier output; on a first build it is a gap: one warning, null census rents', async () => {
    // Minnesota's ZCTAs renumbered into Wisconsin's 53xxx/54xxx range.
    const acs = (await text(ACS)).replace(/^5([56])/gm, (_, d: string) => (d === '5' ? '53' : '54'));
    const dir = await mutated('acs-other-state', { [ACS]: acs });
    expect(await gateRefusalOf(dir, builtSite)).toMatch(/census_acs: 0 ZIP codes with a census rent, against \d+ in the earlier output/);
    // With nothing to compare with, a file of other states only is what a state without its own ACS
    // copy has (issue 12): the build goes on, says so once, and cites no census rent.
    // (The build's pipeline in this process: what it publishes is its records.)
    const first = await loadDataset({ sourcesDir: dir, site: TEST_SITE, generatedAt: generationTime(TEST_EPOCH), state: MINNESOTA });
    expect(first.warnings.filter((w) => w === 'census_acs: census_acs/acs5_2019-2023_B25064_zcta_MN.csv has rows for other states only: census rent is null for every Minnesota ZIP code')).toHaveLength(1);
    expect(first.metaRecord.counts).toMatchObject({ zips: 911, zips_with_census_rent: 0 });
    expect(first.meta.attribution).not.toContain('American Community Survey');
    expect(first.zips.find((z) => z.zip === '55104')?.acs).toBeNull();
  });
});

// Zillow's county file (data/snapshot/provenance.json): Hennepin is row 34, StateCodeFIPS 27 and
// MunicipalCodeFIPS 053; the last two month columns are 2025-12-31 and 2026-01-31.
describe.concurrent("Zillow's county series: one line, nothing published changed", { timeout: BUILD_TEST_TIMEOUT_MS }, () => {
  it('a file without Minnesota stops the build against the earlier output, which stays as it was', async () => {
    const withoutMinnesota = (await text(COUNTY_ZORI)).split('\n').filter((line) => !line.includes(',MN,MN,')).join('\n');
    const dir = await mutated('county-zori-no-mn', { [COUNTY_ZORI]: withoutMinnesota });
    await expectRefused('county-zori-no-mn', dir, /^mnrent build failed: not published: zillow_zori_county: 0 counties with Zillow's series, against 32 in the earlier output \(down 100\.0%, more than 3\.0%\)\. If this change is real, run again with --accept-changes$/);
    // With nothing to compare with, it is a gap in Zillow's coverage, as for a state Zillow leaves out: one warning, no county series.
    const first = await loadDataset({ sourcesDir: dir, site: TEST_SITE, generatedAt: generationTime(TEST_EPOCH), state: MINNESOTA });
    expect(first.warnings).toContain("zillow_zori_county: zillow_zori_county/County_zori_uc_sfrcondomfr_sm_month.csv has rows for other states only: no Minnesota county carries Zillow's series of its own");
    expect(first.counties.find((c) => c.county_slug === 'hennepin')?.zori_county).toBeNull();
    expect(first.zips.find((z) => z.zip === '55104')?.zori_county_latest).toBeNull();
  });

  it('a county code that is not one of the state\'s counties', async () => {
    const zori = replaceLine(await text(COUNTY_ZORI), 34, (l) => l.replace(',27,053,', ',27,999,'));
    expect(await refusalOf(await mutated('county-zori-27999', { [COUNTY_ZORI]: zori }))).toMatch(
      /County_zori_uc_sfrcondomfr_sm_month\.csv, row 34, column MunicipalCodeFIPS: county code 27999 \(Hennepin County\) is not one of Minnesota's counties in hud_fmr\/FY26_FMRs_revised\.xlsx$/,
    );
  });

  it('a month header out of order', async () => {
    const zori = (await text(COUNTY_ZORI)).replace('2025-12-31,2026-01-31', '2026-01-31,2025-12-31');
    expect(await refusalOf(await mutated('county-zori-order', { [COUNTY_ZORI]: zori }))).toMatch(/County_zori_uc_sfrcondomfr_sm_month\.csv, row 1, column 2025-12-31: month 2025-12 does not follow 2026-01$/);
  });
});

// The first case runs the build itself (one line, exit 1, the earlier output kept); the others check
// the same pipeline in this process, which is where each rule lives.
describe.concurrent('plausibility at the edge: one line naming file, row and column', { timeout: BUILD_TEST_TIMEOUT_MS }, () => {
  const safmrLine = async (name: string, edit: (line: string) => string) =>
    mutated(name, { [SAFMR_2026]: replaceLine(await text(SAFMR_2026), 15147, edit) });

  it('a hexadecimal rent', async () => {
    await expectRefused('hex', await safmrLine('hex', (l) => l.replace('1110,1260,1530', '1110,1260,0x5DC')), /safmr_fy2026_national_from_worthwise_parquet\.csv, row 15147, column safmr_2br: SAFMR 2BR "0x5DC" is not a number$/);
  });

  it('a European decimal', async () => {
    const zori = replaceLine(await text(ZORI), 1249, (l) => l.replace(/,1773\.711566/, ',"1.773,71"'));
    expect(await refusalOf(await mutated('european', { [ZORI]: zori }))).toMatch(/excel-resaved\.csv, row 1249, column 10\/31\/2023: rent for 2023-10 "1\.773,71" is not a number$/);
  });

  it('an FMR of 0', async () => {
    expect(await refusalOf(await safmrLine('zero', (l) => l.replace('1110,1260,1530', '1110,1260,0')))).toMatch(/row 15147, column safmr_2br: SAFMR 2BR 0 is outside the plausible range \$100-\$20000$/);
  });

  it('an FMR of 99,999', async () => {
    expect(await refusalOf(await safmrLine('huge', (l) => l.replace('1110,1260,1530', '1110,1260,99999')))).toMatch(/row 15147, column safmr_2br: SAFMR 2BR 99999 is outside the plausible range/);
  });

  it('an ACS rent of 99,999,999', async () => {
    const acs = replaceLine(await text(ACS), 74, (l) => l.replace('55104,1159,', '55104,99999999,'));
    expect(await refusalOf(await mutated('acs-huge', { [ACS]: acs }))).toMatch(/acs5_2019-2023_B25064_zcta_MN\.csv, row 74, column median_gross_rent: median gross rent 99999999 is outside the plausible range \$99-\$10001$/);
  });

  it('a fiscal year file from the future', async () => {
    const dir = await mutated('future-fy', {});
    await symlink(source('hud_safmr/fy2024_safmrs_revised.xlsx'), join(dir, 'hud_safmr', 'fy2031_safmrs.xlsx'));
    expect(await refusalOf(dir)).toMatch(/hud_safmr\/fy2031_safmrs\.xlsx: fiscal year 2031 is after FY2026, the newest HUD can have published by the build date$/);
  });

  it('a fiscal year row from the future in a tidy CSV', async () => {
    expect(await refusalOf(await safmrLine('future-row', (l) => l.replace('55104,2026,', '55104,2027,')))).toMatch(/row 15147, column fiscal_year: fiscal year 2027 is after FY2026/);
  });

  it('a month header that is not a date', async () => {
    const zori = (await text(ZORI)).replace('10/31/2023', '13/31/2023');
    expect(await refusalOf(await mutated('month-13', { [ZORI]: zori }))).toMatch(/excel-resaved\.csv, row 1, column 13\/31\/2023: month column "13\/31\/2023" is not a valid date$/);
  });

  it('a city name in Windows-1252', async () => {
    // "ü" as Windows-1252 writes it: the single byte 0xFC, which is never valid UTF-8.
    const utf8 = Buffer.from((await text(GEONAMES)).replace('US\t55104\tSaint Paul\t', 'US\t55104\tSaint Pa\u0000l\t'));
    const bytes = Buffer.from(utf8.map((b) => (b === 0 ? 0xfc : b)));
    expect(await refusalOf(await mutated('cp1252', { [GEONAMES]: bytes }))).toMatch(/geonames\/US\.txt, row 18878, column 3: not UTF-8 text: a byte that is not UTF-8 in ".*Saint Pa\uFFFDl.*" \(save the file as UTF-8\)$/);
  });
});

// HUD's agency layer and the project's file of the areas agencies serve, checked by the pipeline in
// this process (a source's refusal as the build prints it is the hexadecimal rent's case above).
// MN001's row of the layer is line 1273 (found by hand).
describe.concurrent("the housing agencies' sources: one line naming file, row and column, or the entry", { timeout: BUILD_TEST_TIMEOUT_MS }, () => {
  const layerLine = async (name: string, edit: (line: string) => string) => mutated(name, { [LAYER]: replaceLine(await text(LAYER), 1273, edit) });

  it('the layer with a malformed phone: the build stops, naming the row and the column', async () => {
    expect(await refusalOf(await layerLine('layer-phone', (l) => l.replace('(651) 298-5664', '(651) 298-566')))).toMatch(/hud_pha_layer\/Detailed_Public_Housing_Authority_Dataset_2025-07-06_via_assistancehub\.csv, row 1273, column HA_PHN_NUM: agency MN001: phone "\(651\) 298-566" is not a ten-digit phone number as HUD writes one, \(612\) 342-1400$/);
  });

  it('the layer with a duplicate code, an address with no ZIP, an empty file, a truncated file', async () => {
    const layer = await text(LAYER);
    const mn001 = layer.split('\n')[1272] ?? '';
    expect(await refusalOf(await mutated('layer-twice', { [LAYER]: `${layer}${mn001}\n` }))).toMatch(/\.csv, row 3810, column PARTICIPANT_CODE: agency MN001 is listed twice \(also at row 1273\)$/);
    expect(await refusalOf(await layerLine('layer-no-zip', (l) => l.replace('Saint Paul, MN, 55102', 'Saint Paul, MN')))).toMatch(
      /\.csv, row 1273, column FULL_ADDRESS: agency MN001: the office's address "555 Wabasha St N Ste 400, Saint Paul, MN" has no five-digit ZIP code where its ZIP belongs$/,
    );
    expect(await refusalOf(await mutated('layer-empty', { [LAYER]: '' }))).toMatch(/hud_pha_layer\/Detailed_Public_Housing_Authority_Dataset_2025-07-06_via_assistancehub\.csv: file is empty$/);
    expect(await refusalOf(await mutated('layer-cut', { [LAYER]: layer.slice(0, layer.indexOf('Saint Paul, MN, 55102')) }))).toMatch(/\.csv, row 1273: Quoted field unterminated \(truncated or malformed file\)$/);
  });

  it('the areas file with an unknown county: the build stops, naming the file and the entry', async () => {
    const dir = await areasCopy('unknown-county', (raw) => {
      const stPaul = raw.agencies[0] as { area: { parts: Record<string, unknown>[] } };
      stPaul.area.parts[0] = { ...stPaul.area.parts[0], county: 'Ramsy' };
    });
    expect(await refusalOf(source('.'), { agencyAreasDir: dir })).toMatch(/areas\/unknown-county\/MN\.json: agencies\[0\] \(MN001\)\.area\.parts\[0\]: "Ramsy" is not one of Minnesota's counties as HUD's county FMR file names them/);
  });

  it('the areas file with a fact lacking a source, an agency code HUD\'s layer does not have', async () => {
    const noSource = await areasCopy('no-source', (raw) => {
      const stPaul = raw.agencies[0] as { sources: { facts: string[] }[] };
      stPaul.sources = stPaul.sources.filter((s) => !s.facts.includes('payment_standard_basis'));
    });
    expect(await refusalOf(source('.'), { agencyAreasDir: noSource })).toMatch(
      /no-source\/MN\.json: agencies\[0\] \(MN001\): area has no source; add the page that states it to sources \(with "area" in its facts\), or set area to null$/,
    );
    const unknown = await areasCopy('unknown-code', (raw) => ((raw.agencies[0] as { code: string }).code = 'MN999'));
    expect(await refusalOf(source('.'), { agencyAreasDir: unknown })).toMatch(/unknown-code\/MN\.json: agencies\[0\] \(MN999\): HUD's agency layer \(.*\) has no agency MN999; give the code HUD's layer gives the agency$/);
  });
});

describe.concurrent('files chosen by rule', { timeout: BUILD_TEST_TIMEOUT_MS }, () => {
  it('an old crosswalk named off the pattern is an error, not the newest quarter', async () => {
    const dir = await mutated('old-crosswalk', {});
    await symlink(source('hud_usps_crosswalk/ZIP_COUNTY_122025.xlsx'), join(dir, 'hud_usps_crosswalk', 'ZIP_COUNTY_032020_old.xlsx'));
    expect(await refusalOf(dir)).toMatch(/hud_usps_crosswalk\/ZIP_COUNTY_032020_old\.xlsx: not named like a hud_usps_crosswalk source \(ZIP_COUNTY_092024\.xlsx or ZIP_COUNTY_api\.json\)/);
  });

  it('a dangling symbolic link', async () => {
    const dir = await mutated('dangling', { [GEONAMES]: null });
    await symlink(join(scratch, 'nowhere', 'US.txt'), join(dir, GEONAMES));
    expect(await refusalOf(dir)).toMatch(/geonames\/US\.txt: is a symbolic link to nothing$/);
  });

  it('a folder named like a file', async () => {
    const dir = await mutated('folder-file', { [GEONAMES]: null });
    await mkdir(join(dir, GEONAMES));
    expect(await refusalOf(dir)).toMatch(/geonames\/US\.txt: is a folder, not a file$/);
  });

  it('a FIFO named like a source is refused at once, not read forever', async () => {
    const dir = await mutated('fifo', { [GEONAMES]: null });
    execFileSync('mkfifo', [join(dir, GEONAMES)]);
    expect(await refusalOf(dir)).toMatch(/geonames\/US\.txt: is not a regular file \(a pipe, socket or device\); the build reads only files$/);
  });

  it.skipIf(process.getuid?.() === 0)('an unreadable file names its path', async () => {
    const dir = await mutated('unreadable', { [GEONAMES]: await readFile(source(GEONAMES)) });
    execFileSync('chmod', ['000', join(dir, GEONAMES)]);
    await expectRefused('unreadable', dir, /geonames\/US\.txt: cannot be read \(permission denied\)$/);
  });
});
