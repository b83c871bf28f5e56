import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { acsVintageFromFileName, parseAcsApiJson, parseAcsCsv, parseAcsSummaryFile } from '../../src/lib/sources/census-acs.ts';
import { MINNESOTA, zipInState } from '../../src/lib/states.ts';
import { source } from '../helpers/paths.ts';

const inMinnesota = zipInState(MINNESOTA);

describe('ACS B25064 tidy CSV (the copy in the snapshot)', () => {
  const file = source('census_acs/acs5_2019-2023_B25064_zcta_MN.csv');
  const acs = parseAcsCsv(readFileSync(file, 'utf8'), file, inMinnesota);

  it('keeps the 756 published rents and reads the period from the data', () => {
    expect(acs.vintage).toBe('2019-2023');
    expect(acs.rents).toHaveLength(756);
  });

  it('has 55104 at 1159 with no margin of error, and no entry for suppressed 55001', () => {
    expect(acs.rents.find((r) => r.zcta === '55104')).toEqual({ zcta: '55104', medianGrossRent: 1159, marginOfError: null });
    expect(acs.rents.find((r) => r.zcta === '55001')).toBeUndefined();
  });

  it('spans $198 (56591) to $2,435 (55386)', () => {
    const rents = acs.rents.map((r) => r.medianGrossRent);
    expect(Math.min(...rents)).toBe(198);
    expect(Math.max(...rents)).toBe(2435);
  });
});

describe('ACS forms made in code from the Census layouts', () => {
  it('reads the Census Data API JSON, treating sentinels as not published', () => {
    const json = JSON.stringify([
      ['B25064_001E', 'B25064_001M', 'zip code tabulation area'],
      ['1159', '41', '55104'],
      ['-666666666', '-222222222', '55001'],
      ['1391', '-555555555', '55803'],
      ['900', '10', '01001'],
    ]);
    const acs = parseAcsApiJson(json, 'acs5_2023_b25064_zcta.json', inMinnesota);
    expect(acs.vintage).toBe('2019-2023');
    expect(acs.rents).toEqual([
      { zcta: '55104', medianGrossRent: 1159, marginOfError: 41 },
      { zcta: '55803', medianGrossRent: 1391, marginOfError: null },
    ]);
    // 55001's median is annotated as not published: null, and counted for the build report.
    expect(acs.annotated).toBe(1);
  });

  it('refuses a negative value that is no annotation of the Census: never a silent null', () => {
    const json = JSON.stringify([
      ['B25064_001E', 'B25064_001M', 'zip code tabulation area'],
      ['1159', '41', '55104'],
      ['-1', '10', '55001'],
    ]);
    expect(() => parseAcsApiJson(json, 'acs5_2023_b25064_zcta.json', inMinnesota)).toThrow(
      /^acs5_2023_b25064_zcta\.json, row 3, column B25064_001E: median gross rent -1 is negative, and not one of the Census's annotation values/,
    );
    const csv = 'zcta,median_gross_rent,acs5_period\n55104,1159,2019-2023\n55001,-999999,2019-2023\n';
    expect(() => parseAcsCsv(csv, 'acs.csv', inMinnesota)).toThrow(/^acs\.csv, row 3, column median_gross_rent: median gross rent -999999 is negative/);
  });

  it('refuses a header that names a column twice, naming it', () => {
    const csv = 'zcta,median_gross_rent,median_gross_rent,acs5_period\n55104,1159,1200,2019-2023\n';
    expect(() => parseAcsCsv(csv, 'acs.csv', inMinnesota)).toThrow('acs.csv, row 1, column median_gross_rent: the header names column "median_gross_rent" twice (also median_gross_rent)');
  });

  it('says the API answered with HTML rather than JSON', () => {
    expect(() => parseAcsApiJson('<!doctype html><html>', 'acs5_2023.json', inMinnesota)).toThrow(/^acs5_2023\.json: not JSON/);
  });

  it('reads the table-based summary file: pipe-delimited, GEO_ID 860Z200US, annotations', () => {
    const dat = [
      'GEO_ID|B25064_E001|B25064_M001',
      '0100000US|1348|4',
      '0400000US27|1225|6',
      '860Z200US55104|1159|41',
      '860Z200US55001|-666666666|-222222222',
      '860Z200US56591|198|(X)',
    ].join('\n');
    const acs = parseAcsSummaryFile(dat, 'acsdt5y2023-b25064.dat', inMinnesota);
    expect(acs.vintage).toBe('2019-2023');
    expect(acs.rents).toEqual([
      { zcta: '55104', medianGrossRent: 1159, marginOfError: 41 },
      { zcta: '56591', medianGrossRent: 198, marginOfError: null },
    ]);
    expect(acs.annotated).toBe(1);
  });

  it('derives the 5-year period from file names', () => {
    expect(acsVintageFromFileName('acsdt5y2022-b25064.dat')).toBe('2018-2022');
    expect(acsVintageFromFileName('acs5_2019-2023_B25064_zcta_MN.csv')).toBe('2019-2023');
    expect(acsVintageFromFileName('rents.json')).toBeUndefined();
  });
});
