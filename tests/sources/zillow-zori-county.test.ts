import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countyZoriByFips } from '../../src/lib/derive/zori.ts';
import { parseCountyZoriCsv } from '../../src/lib/sources/zillow-zori-county.ts';
import { dateLimits } from '../../src/lib/sources/plausible.ts';
import { MINNESOTA } from '../../src/lib/states.ts';
import { source } from '../helpers/paths.ts';

describe("Zillow's county file as published (the copy in the snapshot)", () => {
  const file = source('zillow_zori_county/County_zori_uc_sfrcondomfr_sm_month.csv');
  const zori = parseCountyZoriCsv(readFileSync(file, 'utf8'), file, MINNESOTA);

  it('reads its months, 2015-01 to 2026-01, and 32 Minnesota counties; the other 1,255 rows are counted, not kept', () => {
    expect(zori.months).toHaveLength(133);
    expect([zori.months[0], zori.months.at(-1)]).toEqual(['2015-01', '2026-01']);
    expect(zori.series).toHaveLength(32);
    expect(zori.rowsElsewhere).toBe(1287 - 32);
    expect(zori.series.every((s) => /^27\d{3}$/.test(s.fips))).toBe(true);
  });

  it('Hennepin is row 34, 27 + 053: 1155.2007675088164 in January 2015 to 1709.90 in January 2026 (row 26 of PROVENANCE)', () => {
    const hennepin = zori.series.find((s) => s.fips === '27053');
    expect(hennepin).toMatchObject({ name: 'Hennepin County', row: 34, column: 'MunicipalCodeFIPS' });
    expect(hennepin?.points[0]).toEqual({ month: '2015-01', rent: 1155.2007675088164 });
    expect(hennepin?.points.at(-1)?.month).toBe('2026-01');
    expect(hennepin?.points.at(-1)?.rent).toBeCloseTo(1709.9, 1);
  });

  it('keeps only months with a value: Saint Louis County (Duluth) starts in October 2015', () => {
    expect(zori.series.find((s) => s.fips === '27137')?.points[0]?.month).toBe('2015-10');
  });

  it('publishes each county as the ZIP series are: cents on the months, whole dollars on the latest', () => {
    const names = new Map(zori.series.map((s) => [s.fips, s.name]));
    const published = countyZoriByFips(zori.series, names, 'hud_fmr/FY26.xlsx', 'Minnesota').byFips;
    expect(published.get('27053')?.latest).toEqual({ month: '2026-01', rent: 1710 });
    expect(published.get('27053')?.monthly.at(-1)).toEqual({ month: '2026-01', rent: 1709.9 });
    expect(published.get('27123')?.latest.month).toBe('2026-01');
  });
});

describe("Zillow's county layout, made in code", () => {
  const header = 'RegionID,SizeRank,RegionName,RegionType,StateName,State,Metro,StateCodeFIPS,MunicipalCodeFIPS,2025-11-30,2025-12-31,2026-01-31';
  const csv = [
    header,
    '1,1,Los Angeles County,county,CA,CA,"Los Angeles, CA",6,37,2800,2810,2820',
    '2,2,Ramsey County,county,MN,MN,"Minneapolis-St. Paul-Bloomington, MN-WI",27,123,,1480.5,1492.25',
    '3,3,Empty County,county,MN,MN,,27,1,,,',
  ].join('\n');

  it('pads the codes a spreadsheet shortens, skips empty months, counts other states', () => {
    const zori = parseCountyZoriCsv(csv, 'c.csv', MINNESOTA);
    expect(zori.series.map((s) => [s.fips, s.points])).toEqual([
      ['27123', [{ month: '2025-12', rent: 1480.5 }, { month: '2026-01', rent: 1492.25 }]],
      ['27001', []],
    ]);
    expect(zori.rowsElsewhere).toBe(1);
  });

  it('a county with no month of values has no series; a county listed twice stops the build at its second row', () => {
    const zori = parseCountyZoriCsv(csv, 'c.csv', MINNESOTA);
    const names = new Map([['27123', 'Ramsey'], ['27001', 'Aitkin']]);
    expect([...countyZoriByFips(zori.series, names, 'fmr.xlsx', 'Minnesota').byFips.keys()]).toEqual(['27123']);
    const twice = parseCountyZoriCsv(`${csv}\n4,4,Ramsey County,county,MN,MN,,27,123,1400,1410,1420`, 'c.csv', MINNESOTA);
    expect(() => countyZoriByFips(twice.series, names, 'fmr.xlsx', 'Minnesota')).toThrow('c.csv, row 5, column MunicipalCodeFIPS: county 27123 (Ramsey County) has a second row (first at row 3)');
  });

  it("a file none of whose counties is in HUD's list draws them another way (Connecticut's old counties): a warning, no series; one stranger among them stops the build", () => {
    const zori = parseCountyZoriCsv(csv, 'c.csv', MINNESOTA);
    const regions = new Map([['27110', 'Capitol Planning Region']]);
    expect(countyZoriByFips(zori.series, regions, 'fmr.xlsx', 'Minnesota')).toEqual({
      byFips: new Map(),
      warning: "zillow_zori_county: none of the 2 county codes of Minnesota in c.csv is one of the counties of fmr.xlsx (counties drawn another way): no county carries Zillow's series",
    });
    expect(() => countyZoriByFips(zori.series, new Map([['27123', 'Ramsey']]), 'fmr.xlsx', 'Minnesota')).toThrow("c.csv, row 4, column MunicipalCodeFIPS: county code 27001 (Empty County) is not one of Minnesota's counties in fmr.xlsx");
  });

  it('refuses a county code that is not three digits, a rent out of range and a month after the build, naming file, row and column', () => {
    expect(() => parseCountyZoriCsv(csv.replace(',27,123,', ',27,12X,'), 'c.csv', MINNESOTA)).toThrow('c.csv, row 3, column MunicipalCodeFIPS: MunicipalCodeFIPS "12X" is not a 3-digit code');
    expect(() => parseCountyZoriCsv(csv.replace('1480.5', '148050'), 'c.csv', MINNESOTA)).toThrow(/^c\.csv, row 3, column 2025-12-31: rent for 2025-12 148050 is outside the plausible range/);
    expect(() => parseCountyZoriCsv(csv, 'c.csv', MINNESOTA, dateLimits('2025-12-15'))).toThrow('c.csv, row 1, column 2026-01-31: month 2026-01 is after 2025-12, the month of the build');
  });

  it('a file without the columns that give the county says which is missing', () => {
    expect(() => parseCountyZoriCsv(csv.replace('MunicipalCodeFIPS', 'CountyCode'), 'c.csv', MINNESOTA)).toThrow(/^c\.csv, row 1: missing column MunicipalCodeFIPS/);
  });
});
