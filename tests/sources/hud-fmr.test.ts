import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFmrWorkbook } from '../../src/lib/sources/hud-fmr.ts';
import { MINNESOTA } from '../../src/lib/states.ts';
import { source } from '../helpers/paths.ts';

// FY25 stores fips as the number 2713799999, FY26 as the text "2713799999" (sheet rows 2397 and 2396).
const fy25 = await parseFmrWorkbook(readFileSync(source('hud_fmr/FY25_FMRs_revised.xlsx')), 'FY25_FMRs_revised.xlsx', MINNESOTA);
const fy26 = await parseFmrWorkbook(readFileSync(source('hud_fmr/FY26_FMRs_revised.xlsx')), 'FY26_FMRs_revised.xlsx', MINNESOTA);

describe('HUD county FMR workbooks', () => {

  it('lists all 87 Minnesota counties, 27001 to 27173, from either layout', () => {
    for (const { counties } of [fy25, fy26]) {
      expect(counties).toHaveLength(87);
      expect(counties[0]).toEqual({ fips: '27001', name: 'Aitkin' });
      expect(counties.at(-1)).toEqual({ fips: '27173', name: 'Yellow Medicine' });
    }
    expect(fy25.counties).toEqual(fy26.counties);
  });

  it('drops the word County but keeps HUD\'s spelling', () => {
    const names = new Map(fy26.counties.map((c) => [c.fips, c.name]));
    expect(names.get('27137')).toBe('St. Louis');
    expect(names.get('27073')).toBe('Lac qui Parle');
    expect(names.get('27077')).toBe('Lake of the Woods');
  });

  it('flags metropolitan areas by name (row 2396 metro 1, row 2395 metro 0)', () => {
    expect(fy26.areas.get('Duluth, MN-WI MSA')?.metro).toBe(true);
    expect(fy26.areas.get('Roseau County, MN')?.metro).toBe(false);
    expect(fy25.areas.get('Duluth, MN-WI HUD Metro FMR Area')?.metro).toBe(true);
  });

  it('gives each HUD area its code and area-wide FMR, and each county its area (FY26 sheet rows 2354 Hennepin, 2332 Benton)', () => {
    expect(fy26.areas.get('Minneapolis-St. Paul-Bloomington, MN-WI HUD Metro FMR Area')).toEqual({
      code: 'METRO33460M33460',
      name: 'Minneapolis-St. Paul-Bloomington, MN-WI HUD Metro FMR Area',
      metro: true,
      fmr: { br0: 1242, br1: 1405, br2: 1709, br3: 2262, br4: 2531 },
    });
    expect(fy26.areas.get('St. Cloud, MN MSA')?.fmr).toEqual({ br0: 874, br1: 919, br2: 1206, br3: 1604, br4: 1873 });
    expect(fy25.areas.get('Minneapolis-St. Paul-Bloomington, MN-WI HUD Metro FMR Area')?.fmr.br2).toBe(1685);
    expect(fy26.areaOfCounty.get('27053')).toBe('Minneapolis-St. Paul-Bloomington, MN-WI HUD Metro FMR Area');
    expect(fy26.areaOfCounty.get('27009')).toBe('St. Cloud, MN MSA');
    expect(fy26.areaOfCounty.size).toBe(87);
  });
});
