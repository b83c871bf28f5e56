// The parse cache over the real snapshot: a rebuild over unchanged sources reads the parsed rows
// back instead of parsing the workbooks again, and gets exactly what a parse gives; another state
// reads the national workbooks' sheets back instead of parsing them (its keys and failures are
// tests/sources/parse-cache.test.ts's).
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCache } from '../../src/lib/sources/parse-cache.ts';
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
    expect(first.stats).toEqual({ hits: 0, asked: 17 });
    const second = parseCache(dir);
    const again = await readSources({ sourcesDir: SNAPSHOT_SOURCES }, scope, second);
    expect(second.stats).toEqual({ hits: 17, asked: 17 });
    expect(again).toEqual(parsed);
    // Maps survive the round trip: the HUD areas by name, as the derivation looks them up.
    expect(again.fmr.areas.get('Duluth, MN-WI MSA')?.fmr.br2).toBe(1232);
  }, 60_000);

  it("gives another state exactly what a parse gives, from the sheets Minnesota's read kept", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mnrent-parse-cache-'));
    dirs.push(dir);
    await readSources({ sourcesDir: SNAPSHOT_SOURCES }, scope, parseCache(dir));
    const sheets = async () => {
      const names = (await readdir(dir)).filter((name) => name.startsWith('sheets-')).sort();
      return Promise.all(names.map(async (name) => `${name} ${(await stat(join(dir, name))).mtimeMs}`));
    };
    const kept = await sheets();
    // The workbooks read: the county FMRs and the income limits chosen, HUD's SAFMR workbook, the crosswalk.
    expect(kept).toHaveLength(4);
    const wisconsin = { state: stateByCode('WI') ?? MINNESOTA, limits: NO_DATE_LIMITS };
    const cache = parseCache(dir);
    const read = await readSources({ sourcesDir: SNAPSHOT_SOURCES }, wisconsin, cache);
    expect(cache.stats).toEqual({ hits: 0, asked: 17 });
    // No workbook parsed again (no entry written anew), and the very rows a parse without a cache gives.
    expect(await sheets()).toEqual(kept);
    expect(read).toEqual(await readSources({ sourcesDir: SNAPSHOT_SOURCES }, wisconsin));
    expect(read.fmr.areas.get('Milwaukee-Waukesha, WI MSA')?.fmr.br2).toBeGreaterThan(0);
  }, 60_000);
});
