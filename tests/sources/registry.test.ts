// The source registry: the names each dataset's files may have (every file of the real snapshot
// parsed, and the rows it gives, are tests/national/registry.test.ts's).
import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DATASET_FOLDERS, SOURCES } from '../../src/lib/sources/registry.ts';
import { snapshotDatasets, source } from '../helpers/paths.ts';

describe('file names', () => {
  it('has a folder for every dataset in the snapshot, and the same names', () => {
    expect(snapshotDatasets()).toEqual([...DATASET_FOLDERS].sort());
    for (const dataset of DATASET_FOLDERS) expect(SOURCES[dataset].folder).toBe(dataset);
  });

  it("knows every file of the snapshot by its dataset's names, and by no other dataset's", async () => {
    for (const dataset of DATASET_FOLDERS) {
      for (const name of await readdir(source(dataset))) {
        const owners = DATASET_FOLDERS.filter((d) => SOURCES[d].names.some(({ pattern }) => pattern.test(name)));
        expect(owners, `${dataset}/${name}`).toEqual([dataset]);
      }
    }
  });

  it('gives examples that fit their own patterns, and refuses a renamed copy', () => {
    for (const dataset of DATASET_FOLDERS) {
      for (const { pattern, example } of SOURCES[dataset].names) expect(pattern.test(example), example).toBe(true);
    }
    const crosswalk = SOURCES.hud_usps_crosswalk.names;
    expect(crosswalk.some(({ pattern }) => pattern.test('ZIP_COUNTY_032020_old.xlsx'))).toBe(false);
  });

  it("lets the build go without the crosswalk and Zillow's county series only", () => {
    expect(DATASET_FOLDERS.filter((d) => !SOURCES[d].required)).toEqual(['zillow_zori_county', 'hud_usps_crosswalk']);
  });
});
