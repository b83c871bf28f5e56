// readSources chooses the county FMR file by the newest fiscal year of the state's SAFMR rows, not
// by the newest SAFMR file's name.
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NO_DATE_LIMITS } from '../../src/lib/sources/plausible.ts';
import { readSources } from '../../src/lib/sources/read-sources.ts';
import { MINNESOTA, stateByCode } from '../../src/lib/states.ts';
import { source } from '../helpers/paths.ts';
import { sourcesCopy } from '../helpers/sources-copy.ts';
import { workbook } from '../helpers/xlsx.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('the county FMR file', () => {
  it("follows the newest year of the state's SAFMR rows, also when a newer SAFMR workbook holds no row for the state", async () => {
    const dir = await sourcesCopy(await mkdtemp(join(tmpdir(), 'mnrent-fmr-year-')), { 'hud_safmr/fy2024_safmrs_revised.xlsx': null });
    dirs.push(dir);
    // A FY2027 SAFMR workbook with one Wisconsin row, and a county FMR file for FY2027 (FY2026's bytes) beside FY2026's.
    const header = ['ZIP Code', 'HUD Area Name', 'SAFMR 0BR', 'SAFMR 1BR', 'SAFMR 2BR', 'SAFMR 3BR', 'SAFMR 4BR'];
    await writeFile(join(dir, 'hud_safmr/fy2027_safmrs.xlsx'), await workbook({ sheet: 'SAFMRs', rows: [header, ['53703', 'Madison, WI HUD Metro FMR Area', 1200, 1300, 1550, 2000, 2300]] }));
    await copyFile(source('hud_fmr/FY26_FMRs_revised.xlsx'), join(dir, 'hud_fmr/FY27_FMRs.xlsx'));

    const minnesota = await readSources({ sourcesDir: dir }, { state: MINNESOTA, limits: NO_DATE_LIMITS });
    expect(Math.max(...minnesota.safmr.rows.map((r) => r.fiscalYear))).toBe(2026);
    expect(minnesota.fmr.file.name).toBe('hud_fmr/FY26_FMRs_revised.xlsx');
    expect(minnesota.fmr.fiscalYear).toBe(2026);

    const wisconsin = await readSources({ sourcesDir: dir }, { state: stateByCode('WI') ?? MINNESOTA, limits: NO_DATE_LIMITS });
    expect(Math.max(...wisconsin.safmr.rows.map((r) => r.fiscalYear))).toBe(2027);
    expect(wisconsin.fmr.file.name).toBe('hud_fmr/FY27_FMRs.xlsx');
    expect(wisconsin.fmr.fiscalYear).toBe(2027);
  }, 60_000);
});
