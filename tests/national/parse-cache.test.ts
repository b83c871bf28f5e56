// The parse cache over the real snapshot: a rebuild over unchanged sources reads the parsed rows
// back instead of parsing the workbooks again, and gets exactly what a parse gives (its keys and
// failures are tests/sources/parse-cache.test.ts's).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCache } from '../../src/lib/sources/parse-cache.ts';
import { NO_DATE_LIMITS } from '../../src/lib/sources/plausible.ts';
import { readSources } from '../../src/lib/sources/read-sources.ts';
import { MINNESOTA } from '../../src/lib/states.ts';
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
});
