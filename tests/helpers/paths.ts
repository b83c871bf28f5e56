import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The real public source files the repository carries (`data/snapshot/provenance.json` says where each came from). */
export const SNAPSHOT_SOURCES = join(PROJECT_ROOT, 'data', 'snapshot');

export const source = (path: string) => join(SNAPSHOT_SOURCES, path);

export const TEST_SITE = 'https://rent.example.net';
/** 2026-01-01T00:00:00Z: the generation time of the test builds. */
export const TEST_EPOCH = '1767225600';

/** The snapshot's dataset folders, sorted (beside them: provenance.json and a README). */
export const snapshotDatasets = (): string[] =>
  readdirSync(SNAPSHOT_SOURCES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
