// Parsed sources kept between builds, so a rebuild whose sources did not change does not parse the
// workbooks again. An entry is found only by everything that decides a parse: the file's dataset,
// name and sha256, the state, the date limits, and the source code of the parsers themselves, so
// a changed parser never reads an old result. Beside them, a national workbook's sheets as
// read-excel-file reads them, found by the bytes and read-excel-file's version alone: every state
// reads the same national files, so a build of another state unzips and parses none of that XML
// again. Values are v8-serialized (Maps and all). A cache that cannot be read or written is
// skipped: it only ever saves time.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { readSheets, type Sheet, type WorkbookSheets } from './readers.ts';
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
  /** The folder of its entries, where the workbooks' sheets are kept too (`cachedSheets`). */
  readonly dir: string;
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
    dir,
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
    set: (key, value) => writeEntry(dir, key, value),
  };
}

async function writeEntry(dir: string, key: string, value: unknown): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    // Written beside and renamed, so a reader never meets half an entry.
    const partial = join(dir, `.${key}.${process.pid}`);
    await writeFile(partial, serialize(value));
    await rename(partial, join(dir, `${key}.v8`));
  } catch {
    // A read-only or full disk costs only the time the cache would have saved.
  }
}

let readerVersion: string | undefined;

/** read-excel-file's version: another version may read the same bytes otherwise. */
function sheetReaderVersion(): string {
  if (readerVersion === undefined) {
    const entry = createRequire(import.meta.url).resolve('read-excel-file/node');
    readerVersion = (JSON.parse(readFileSync(join(dirname(dirname(entry)), 'package.json'), 'utf8')) as { version: string }).version;
  }
  return readerVersion;
}

/** The name of a workbook's sheets in the cache: `sheets-` and a hash of the bytes and the reader's version. */
export const sheetsKey = (bytes: Buffer): string => `sheets-${createHash('sha256').update(bytes).update(`read-excel-file@${sheetReaderVersion()}`).digest('hex')}`;

/**
 * Reads a workbook's sheets through the cache in `dir` (the parse cache's folder), or straight from
 * the bytes without one. Only a workbook read-excel-file could read is kept; one it cannot read is
 * refused each time with the same error.
 */
export function sheetsIn(dir: string | undefined): WorkbookSheets {
  if (dir === undefined) return readSheets;
  return async (bytes) => {
    const key = sheetsKey(bytes);
    try {
      return deserialize(readFileSync(join(dir, `${key}.v8`))) as Sheet[];
    } catch {
      const sheets = await readSheets(bytes);
      await writeEntry(dir, key, sheets);
      return sheets;
    }
  };
}
