import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { monthFromHeader, parseZoriCsv } from '../../src/lib/sources/zillow-zori.ts';
import { MINNESOTA, zipInState } from '../../src/lib/states.ts';
import { source } from '../helpers/paths.ts';

const inMinnesota = zipInState(MINNESOTA);

describe('Zillow ZORI as re-saved by a spreadsheet (the copy in the snapshot)', () => {
  const file = source('zillow_zori/Zip_zori_uc_sfrcondomfr_sm_month_2023-10_excel-resaved.csv');
  const zori = parseZoriCsv(readFileSync(file, 'utf8'), file, inMinnesota);

  it('reads M/D/YYYY headers as months, 2015-01 to 2023-10, CRLF and all', () => {
    expect(zori.months).toHaveLength(106);
    expect(zori.months[0]).toBe('2015-01');
    expect(zori.months.at(-1)).toBe('2023-10');
  });

  it('finds the 108 Minnesota ZIPs', () => {
    expect(zori.series).toHaveLength(108);
  });

  it('keeps only months with a value: 55104 runs from 12/31/2016 (1301.116798) to 10/31/2023 (1773.711566)', () => {
    const stPaul = zori.series.find((s) => s.zip === '55104');
    expect(stPaul?.points).toHaveLength(83);
    expect(stPaul?.points[0]).toEqual({ month: '2016-12', rent: 1301.116798 });
    expect(stPaul?.points.at(-1)).toEqual({ month: '2023-10', rent: 1773.711566 });
  });

  it('restores ZIPs that lost their leading zero (RegionName 7305 is Jersey City 07305)', () => {
    const all = parseZoriCsv(readFileSync(file, 'utf8'), file, (zip) => zip === '07305');
    expect(all.series.map((s) => s.zip)).toEqual(['07305']);
  });
});

describe('Zillow ZORI as published (made in code from Zillow\'s layout)', () => {
  const csv = [
    'RegionID,SizeRank,RegionName,RegionType,StateName,State,City,Metro,CountyName,2023-09-30,2023-10-31,2023-11-30',
    '82107,524,55106,zip,MN,MN,Saint Paul,"Minneapolis-St. Paul-Bloomington, MN-WI",Ramsey County,1160.5,,1170.25',
    '58196,1,01001,zip,MA,MA,Agawam,"Springfield, MA",Hampden County,1500,1510,1520',
  ].join('\n');

  it('reads YYYY-MM-DD headers and text ZIPs, skipping empty months', () => {
    const zori = parseZoriCsv(csv, 'z.csv', inMinnesota);
    expect(zori.months).toEqual(['2023-09', '2023-10', '2023-11']);
    expect(zori.series).toEqual([
      { zip: '55106', points: [{ month: '2023-09', rent: 1160.5 }, { month: '2023-11', rent: 1170.25 }], file: 'z.csv', row: 2 },
    ]);
  });

  it('rejects a negative rent with file, row and column', () => {
    expect(() => parseZoriCsv(csv.replace('1160.5', '-3'), 'z.csv', inMinnesota)).toThrow('z.csv, row 2, column 2023-09-30: rent for 2023-09 -3 is negative');
  });

  it('knows month headers from other columns', () => {
    expect(monthFromHeader('2023-10-31')).toBe('2023-10');
    expect(monthFromHeader('1/31/2015')).toBe('2015-01');
    expect(monthFromHeader('CountyName')).toBeUndefined();
    expect(monthFromHeader('13/31/2015')).toBe('invalid');
    expect(monthFromHeader('2023-13-31')).toBe('invalid');
  });
});
