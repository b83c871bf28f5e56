import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The real public source files, beside the project (never committed into it). */
export const SHARED_SOURCES = resolve(process.env.MNRENT_SHARED_SOURCES ?? join(PROJECT_ROOT, '..', 'shared', 'data', 'sources'));

if (!existsSync(SHARED_SOURCES)) {
  throw new Error(`the tests read the real source files from ${SHARED_SOURCES}; set MNRENT_SHARED_SOURCES to their folder`);
}

export const source = (path: string) => join(SHARED_SOURCES, path);

export const TEST_SITE = 'https://rent.example.net';
/** 2026-01-01T00:00:00Z: the generation time of the test builds. */
export const TEST_EPOCH = '1767225600';
