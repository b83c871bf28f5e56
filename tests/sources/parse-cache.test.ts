// The parse cache: a rebuild over unchanged sources reads the parsed rows back instead of parsing
// the workbooks again, and gets exactly what a parse gives; anything that decides a parse changes
// the key.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheKey, parseCache } from '../../src/lib/sources/parse-cache.ts';
import { NO_DATE_LIMITS } from '../../src/lib/sources/plausible.ts';
import { readSources } from '../../src/lib/sources/read-sources.ts';
import { MINNESOTA, stateByCode } from '../../src/lib/states.ts';
import { SNAPSHOT_SOURCES } from '../helpers/paths.ts';

const scope = { state: MINNESOTA, limits: NO_DATE_LIMITS };
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('the parse cache', () => {
  it('answers every file of an unchanged rebuild, with the very rows a parse gives', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mnrent-parse-cache-'));
    dirs.push(dir);
    const parsed = await readSources({ sourcesDir: SNAPSHOT_SOURCES }, scope);
    const first = parseCache(dir);
    expect(await readSources({ sourcesDir: SNAPSHOT_SOURCES }, scope, first)).toEqual(parsed);
    expect(first.stats).toEqual({ hits: 0, asked: 16 });
    const second = parseCache(dir);
    const again = await readSources({ sourcesDir: SNAPSHOT_SOURCES }, scope, second);
    expect(second.stats).toEqual({ hits: 16, asked: 16 });
    expect(again).toEqual(parsed);
    // Maps survive the round trip: the HUD areas by name, as the derivation looks them up.
    expect(again.fmr.areas.get('Duluth, MN-WI MSA')?.fmr.br2).toBe(1232);
  }, 60_000);

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
});
