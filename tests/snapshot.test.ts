// The snapshot of the sources the repository carries: every file listed in provenance.json with the
// hash of the bytes kept, nothing unlisted, and the refresh's rules (a dataset replaced whole, the
// rest kept, unchanged bytes keeping their origin).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { refreshedProvenance, SnapshotProvenance } from '../src/lib/fetch/snapshot.ts';
import { DATASET_FOLDERS } from '../src/lib/sources/registry.ts';
import { SNAPSHOT_SOURCES, snapshotDatasets } from './helpers/paths.ts';

const provenance = SnapshotProvenance.parse(JSON.parse(readFileSync(join(SNAPSHOT_SOURCES, 'provenance.json'), 'utf8')));

describe('data/snapshot', () => {
  it('holds one folder per dataset, and lists exactly the files it holds', async () => {
    expect(snapshotDatasets()).toEqual([...DATASET_FOLDERS].sort());
    const held: string[] = [];
    for (const dataset of snapshotDatasets()) for (const name of await readdir(join(SNAPSHOT_SOURCES, dataset))) held.push(`${dataset}/${name}`);
    expect(provenance.files.map((f) => f.path)).toEqual(held.sort());
  });

  it('keeps every file byte for byte: its size and sha256 as written beside it', async () => {
    for (const file of provenance.files) {
      const bytes = await readFile(join(SNAPSHOT_SOURCES, file.path));
      expect({ path: file.path, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') }).toEqual({ path: file.path, bytes: file.bytes, sha256: file.sha256 });
    }
  });

  it('says where each file came from: a publisher URL, the copy, and the original hash wherever nothing was changed', () => {
    for (const file of provenance.files) {
      expect(new URL(file.publisher_url).protocol, file.path).toBe('https:');
      if (file.changes.startsWith('none')) expect(file.original_sha256, file.path).toBe(file.sha256);
    }
    // The publisher's HUD workbook kept as it is: the hash the copy had (yeokj/WorthWise @ efdd057).
    expect(provenance.files.find((f) => f.path === 'hud_safmr/fy2024_safmrs_revised.xlsx')).toMatchObject({
      original_sha256: 'cf144c6be865e77bf489160147cae7d7523fd79971c5ddd1ed43402a9aca6691',
      publisher_url: 'https://www.huduser.gov/portal/datasets/fmr/fmr2024/fy2024_safmrs_revised.xlsx',
    });
  });
});

describe('refreshing it from a fetch (npm run data:snapshot)', () => {
  const lock = (sha256: string, archive?: string) => ({
    url: 'https://download.geonames.org/export/zip/US.zip',
    retrieved_at: '2026-12-01T06:00:00.000Z',
    bytes: 10,
    sha256,
    etag: null,
    last_modified: null,
    ...(archive ? { archive: { bytes: 5, sha256: archive } } : {}),
  });
  const manifest = [{ dataset: 'geonames' as const, file: 'US.txt', url: 'https://download.geonames.org/export/zip/US.zip', format: 'zip', licence: 'CC BY 4.0 (GeoNames)' }];

  it('replaces a fetched dataset whole and keeps the others as they were', () => {
    const next = refreshedProvenance(provenance, [{ dataset: 'geonames', name: 'US.txt', bytes: 10, sha256: 'a'.repeat(64), lock: lock('a'.repeat(64), 'b'.repeat(64)) }], manifest, '2026-12-01');
    expect(next.taken).toBe('2026-12-01');
    expect(next.files.filter((f) => !f.path.startsWith('geonames/'))).toEqual(provenance.files.filter((f) => !f.path.startsWith('geonames/')));
    expect(next.files.find((f) => f.path === 'geonames/US.txt')).toEqual({
      path: 'geonames/US.txt',
      what: provenance.files.find((f) => f.path === 'geonames/US.txt')?.what,
      publisher_url: 'https://download.geonames.org/export/zip/US.zip',
      copied_from: 'npm run data:fetch, 2026-12-01T06:00:00.000Z',
      original_sha256: 'b'.repeat(64),
      sha256: 'a'.repeat(64),
      bytes: 10,
      changes: "unpacked from the publisher's archive (original_sha256 is the archive's)",
      licence: 'CC BY 4.0 (GeoNames)',
      attribution: 'GeoNames (geonames.org), CC BY 4.0',
    });
  });

  it('keeps the origin of bytes that did not change', () => {
    const before = provenance.files.find((f) => f.path === 'geonames/US.txt');
    if (!before) throw new Error('no geonames/US.txt in the snapshot');
    const next = refreshedProvenance(provenance, [{ dataset: 'geonames', name: 'US.txt', bytes: before.bytes, sha256: before.sha256, lock: undefined }], manifest, '2026-12-01');
    expect(next.files).toEqual(provenance.files);
  });
});
