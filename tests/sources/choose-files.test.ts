// Which files of a dataset folder the build reads: each rule on the publishers' own file names.
import { describe, expect, it } from 'vitest';
import {
  chooseCountyFmrFile,
  chooseCrosswalkFile,
  chooseGeonamesFile,
  chooseOnlyFile,
  chooseSafmrFiles,
  fiscalYearOfCountyFmrFile,
} from '../../src/lib/sources/choose-files.ts';

describe('SAFMR files: one per fiscal year', () => {
  it('reads every year, and a revised workbook instead of its original', () => {
    const choice = chooseSafmrFiles(['fy2024_safmrs.xlsx', 'fy2024_safmrs_revised.xlsx', 'fy2025_safmrs.xlsx', 'safmr_fy2023.csv']);
    expect(choice.read).toEqual(['fy2024_safmrs_revised.xlsx', 'fy2025_safmrs.xlsx', 'safmr_fy2023.csv']);
    expect(choice.leftOut).toEqual([{ name: 'fy2024_safmrs.xlsx', instead: 'fy2024_safmrs_revised.xlsx' }]);
  });

  it('prefers the revision whichever order the folder lists them in', () => {
    expect(chooseSafmrFiles(['fy2026_safmrs_revised.xlsx', 'fy2026_safmrs.xlsx']).read).toEqual(['fy2026_safmrs_revised.xlsx']);
  });
});

describe('the county FMR file: the year of the SAFMR published', () => {
  const shared = ['FY25_FMRs_revised.xlsx', 'FY26_FMRs.xlsx'];

  it('takes the year of the latest SAFMR', () => {
    expect(chooseCountyFmrFile(shared, 2026)).toEqual({ name: 'FY26_FMRs.xlsx', fiscalYear: 2026 });
    expect(chooseCountyFmrFile(shared, 2025)).toEqual({ name: 'FY25_FMRs_revised.xlsx', fiscalYear: 2025 });
  });

  it('never a year after it, unless there is nothing older', () => {
    expect(chooseCountyFmrFile([...shared, 'FY27_FMRs.xlsx'], 2026).name).toBe('FY26_FMRs.xlsx');
    expect(chooseCountyFmrFile(['FY27_FMRs.xlsx'], 2026).name).toBe('FY27_FMRs.xlsx');
  });

  it('the revised file of a year before the original', () => {
    expect(chooseCountyFmrFile(['FY26_FMRs.xlsx', 'FY26_FMRs_revised.xlsx'], 2026).name).toBe('FY26_FMRs_revised.xlsx');
  });

  it('names the fiscal year of a file', () => {
    expect(fiscalYearOfCountyFmrFile('hud_fmr/FY26_FMRs.xlsx')).toBe(2026);
    expect(fiscalYearOfCountyFmrFile('FY25_FMRs_revised.xlsx')).toBe(2025);
    expect(() => fiscalYearOfCountyFmrFile('fmrs.xlsx')).toThrow(/FYnn_FMRs/);
  });
});

describe('the crosswalk: the newest quarter', () => {
  it('ranks workbooks by year, then quarter', () => {
    const choice = chooseCrosswalkFile(['ZIP_COUNTY_122023.xlsx', 'ZIP_COUNTY_032024.xlsx', 'ZIP_COUNTY_092024.xlsx', 'ZIP_COUNTY_062024.xlsx'], 'hud_usps_crosswalk');
    expect(choice).toEqual({ name: 'ZIP_COUNTY_092024.xlsx', leftOut: ['ZIP_COUNTY_122023.xlsx', 'ZIP_COUNTY_032024.xlsx', 'ZIP_COUNTY_062024.xlsx'] });
  });

  it('none when the folder has none; the API answer beside workbooks is an error', () => {
    expect(chooseCrosswalkFile([], 'hud_usps_crosswalk')).toBeUndefined();
    expect(() => chooseCrosswalkFile(['ZIP_COUNTY_api.json', 'ZIP_COUNTY_092024.xlsx'], 'hud_usps_crosswalk')).toThrow(/both the HUD API answer and workbooks/);
  });
});

describe('datasets of one file', () => {
  it('read the one file, and refuse to guess between two', () => {
    expect(chooseOnlyFile(['US.txt'], 'geonames')).toEqual({ read: ['US.txt'], leftOut: [] });
    expect(() => chooseOnlyFile(['Zip_zori_a.csv', 'Zip_zori_b.csv'], 'zillow_zori')).toThrow('several candidate files (Zip_zori_a.csv, Zip_zori_b.csv); keep one');
  });
});

describe('GeoNames: US.txt for the states and DC, PR.txt for Puerto Rico', () => {
  it('reads the state\'s own file and leaves the other out with the reason', () => {
    expect(chooseGeonamesFile(['PR.txt', 'US.txt'], 'MN')).toEqual({ read: ['US.txt'], leftOut: [{ name: 'PR.txt', why: 'it holds Puerto Rico only' }] });
    expect(chooseGeonamesFile(['PR.txt', 'US.txt'], 'PR')).toEqual({ read: ['PR.txt'], leftOut: [{ name: 'US.txt', why: 'it holds the states and DC, not Puerto Rico' }] });
  });

  it('reads the other file when the state\'s own is missing (it then has no rows for the state: a warning)', () => {
    expect(chooseGeonamesFile(['US.txt'], 'PR')).toEqual({ read: ['US.txt'], leftOut: [] });
    expect(chooseGeonamesFile([], 'MN')).toEqual({ read: [], leftOut: [] });
  });
});
