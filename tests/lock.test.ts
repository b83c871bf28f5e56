// acquireLock (src/lib/build/output-folder.ts): one holder at a time, however many ask at once. Builds run
// side by side in one checkout (the tests do), and two holding it at once let one build's Astro
// delete the staging folder another was bundling into.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireLock } from '../src/lib/build/output-folder.ts';

const scratch = await mkdtemp(join(tmpdir(), 'mnrent-lock-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('the build lock', () => {
  it('is held by one at a time when 24 ask at once, each for a moment, 30 rounds', async () => {
    const path = join(scratch, 'checkout.lock');
    let holding = 0;
    let most = 0;
    let turns = 0;
    const takeTurn = async () => {
      const lock = await acquireLock(path, 'the test checkout', { waitMs: 60_000, pollMs: 1 });
      holding += 1;
      most = Math.max(most, holding);
      // Hold it across a few turns of the event loop, as a build holds it across its awaits.
      for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
      holding -= 1;
      turns += 1;
      lock.release();
    };
    for (let round = 0; round < 30; round++) await Promise.all(Array.from({ length: 24 }, takeTurn));
    expect(turns).toBe(720);
    expect(most).toBe(1);
  });

  it('holds the process id from the moment the file exists, and takes over a dead process\'s lock', async () => {
    const path = join(scratch, 'stale.lock');
    await writeFile(path, '999999999\n');
    const lock = await acquireLock(path, 'the test checkout', { waitMs: 1_000, pollMs: 1 });
    expect(await readFile(path, 'utf8')).toBe(`${process.pid}\n`);
    lock.release();
    await expect(readFile(path, 'utf8')).rejects.toThrow(/ENOENT/);
  });
});
