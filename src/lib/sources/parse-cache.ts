// Parsed sources kept between builds, so a rebuild whose sources did not change does not parse the
// workbooks again. An entry is found only by everything that decides a parse: the file's dataset,
// name and sha256, the state, the date limits, and the source code of the parsers themselves, so
// a changed parser never reads an old result. Values are v8-serialized (Maps and all). A cache that
// cannot be read or written is skipped: it only ever saves time.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { ScopeOfRead } from './registry.ts';

/** Where the checkout keeps it: node_modules/.cache, which npm ci clears and git ignores. */
export const PARSE_CACHE_DIR = join(import.meta.dirname, '..', '..', '..', 'node_modules', '.cache', 'mnrent-parsed');

let parserFingerprint: string | undefined;

/**
 * A hash of the code that turns bytes into rows: this folder, the states table and the contract's
 * schemas, bedroom names and household sizes.
 * Read synchronously, like the cache's entries: the sources are read while Astro loads, and an
 * asynchronous read would wait for every module Astro compiles before the workbooks could start.
 */
function codeFingerprint(): string {
  if (parserFingerprint === undefined) {
    const hash = createHash('sha256');
    const here = import.meta.dirname;
    const files = [...readdirSync(here).filter((f) => f.endsWith('.ts')).sort().map((f) => join(here, f)), join(here, '..', 'states.ts'), join(here, '..', 'contract', 'schemas.ts'), join(here, '..', 'contract', 'bedrooms.ts'), join(here, '..', 'contract', 'household.ts')];
    for (const file of files) hash.update(file.slice(here.length)).update(readFileSync(file));
    parserFingerprint = hash.digest('hex');
  }
  return parserFingerprint;
}

export interface ParseCache {
  get(key: string): unknown;
  set(key: string, value: unknown): Promise<void>;
  /** How many reads it answered, and how many it was asked. */
  readonly stats: { hits: number; asked: number };
}

export function cacheKey(file: string, sha256: string, scope: ScopeOfRead): string {
  // The limits' years and months decide a parse; their day only which file is chosen.
  return createHash('sha256')
    .update(JSON.stringify({ file, sha256, state: scope.state.code, limits: [scope.limits.latestFiscalYear, scope.limits.latestMonth], code: codeFingerprint() }))
    .digest('hex');
}

export function parseCache(dir = PARSE_CACHE_DIR): ParseCache {
  const stats = { hits: 0, asked: 0 };
  return {
    stats,
    get(key) {
      stats.asked += 1;
      try {
        const value = deserialize(readFileSync(join(dir, `${key}.v8`))) as unknown;
        stats.hits += 1;
        return value;
      } catch {
        return undefined;
      }
    },
    async set(key, value) {
      try {
        await mkdir(dir, { recursive: true });
        // Written beside and renamed, so a reader never meets half an entry.
        const partial = join(dir, `.${key}.${process.pid}`);
        await writeFile(partial, serialize(value));
        await rename(partial, join(dir, `${key}.v8`));
      } catch {
        // A read-only or full disk costs only the time the cache would have saved.
      }
    },
  };
}
