// The parse cache: anything that decides a parse changes the key, and a cache that cannot be used
// is skipped; a workbook's sheets are kept by its bytes alone, for any state's read (the round trip
// over the real snapshot is tests/national/parse-cache.test.ts's).
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { serialize } from 'node:v8';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheKey, parseCache, sheetsIn, sheetsKey } from '../../src/lib/sources/parse-cache.ts';
import { readSheets, readWorkbook } from '../../src/lib/sources/readers.ts';
import { workbook } from '../helpers/xlsx.ts';
import { NO_DATE_LIMITS } from '../../src/lib/sources/plausible.ts';
import { MINNESOTA, stateByCode } from '../../src/lib/states.ts';

const scope = { state: MINNESOTA, limits: NO_DATE_LIMITS };
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('the parse cache', () => {
  it('keys an entry by the file, its bytes, the state and the date limits', () => {
    const base = cacheKey('hud_fmr/FY26_FMRs.xlsx', 'a'.repeat(64), scope);
    expect(cacheKey('hud_fmr/FY26_FMRs.xlsx', 'a'.repeat(64), scope)).toBe(base);
    const others = [
      cacheKey('hud_fmr/FY25_FMRs.xlsx', 'a'.repeat(64), scope),
      cacheKey('hud_fmr/FY26_FMRs.xlsx', 'b'.repeat(64), scope),
      cacheKey('hud_fmr/FY26_FMRs.xlsx', 'a'.repeat(64), { ...scope, state: stateByCode('WI') ?? MINNESOTA }),
      cacheKey('hud_fmr/FY26_FMRs.xlsx', 'a'.repeat(64), { ...scope, limits: { date: '2026-01-01', latestFiscalYear: 2026, latestMonth: '2026-01' } }),
    ];
    expect(new Set([base, ...others]).size).toBe(5);
  });

  it('is skipped, not fatal, where it cannot be written or read', async () => {
    // A cache folder under a file: every mkdir and read fails (ENOTDIR), as on a broken disk.
    const dir = await mkdtemp(join(tmpdir(), 'mnrent-parse-cache-'));
    dirs.push(dir);
    await writeFile(join(dir, 'a-file'), 'x');
    const cache = parseCache(join(dir, 'a-file', 'cache'));
    await cache.set('k', { rows: [1] });
    expect(cache.get('k')).toBeUndefined();
    expect(cache.stats).toEqual({ hits: 0, asked: 1 });
  });

  it("keeps a workbook's sheets by its bytes, and reads them back instead of the workbook", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mnrent-parse-cache-'));
    dirs.push(dir);
    const bytes = await workbook({ sheet: 'FY26', rows: [['fips', 'state_alpha', 'fmr_2'], ['2705399999', 'MN', 1400], ['5502599999', 'WI', 1300]] });
    const sheets = sheetsIn(dir);
    const first = await sheets(bytes);
    expect(first).toEqual(await readSheets(bytes));
    expect(await readdir(dir)).toEqual([`${sheetsKey(bytes)}.v8`]);
    // The entry is what a second read returns: put other rows in it and they come back.
    await writeFile(join(dir, `${sheetsKey(bytes)}.v8`), serialize([{ sheet: 'FY26', data: [['fips'], ['2705399999']] }]));
    expect(await sheets(bytes)).toEqual([{ sheet: 'FY26', data: [['fips'], ['2705399999']] }]);
    // Other bytes, another entry; without a folder, the workbook itself.
    const other = await workbook({ sheet: 'FY26', rows: [['fips', 'state_alpha', 'fmr_2'], ['2705399999', 'MN', 1401]] });
    expect(sheetsKey(other)).not.toBe(sheetsKey(bytes));
    expect(sheetsIn(undefined)).toBe(readSheets);
  });

  it('never keeps a workbook it cannot read, and reads through a folder it cannot write', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mnrent-parse-cache-'));
    dirs.push(dir);
    const truncated = (await workbook({ sheet: 'S', rows: [['zip', 'county'], ['55104', '27123']] })).subarray(0, 200);
    for (let i = 0; i < 2; i++) await expect(readWorkbook(truncated, 'ZIP_COUNTY_092024.xlsx', () => true, undefined, sheetsIn(dir))).rejects.toThrow(/^ZIP_COUNTY_092024\.xlsx: not a readable \.xlsx workbook/);
    expect(await readdir(dir)).toEqual([]);
    await writeFile(join(dir, 'a-file'), 'x');
    const bytes = await workbook({ sheet: 'S', rows: [['zip', 'county'], ['55104', '27123']] });
    expect(await sheetsIn(join(dir, 'a-file', 'cache'))(bytes)).toEqual(await readSheets(bytes));
  });
});
