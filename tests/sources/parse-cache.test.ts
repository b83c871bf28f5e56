// The parse cache: anything that decides a parse changes the key, and a cache that cannot be used
// is skipped (the round trip over the real snapshot is tests/national/parse-cache.test.ts's).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheKey, parseCache } from '../../src/lib/sources/parse-cache.ts';
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
});
