import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFmrWorkbook } from '../../src/lib/sources/hud-fmr.ts';
import { MINNESOTA } from '../../src/lib/state.ts';
import { source } from '../helpers/paths.ts';

describe('HUD county FMR workbooks', async () => {
  // FY25 stores fips as the number 2713799999, FY26 as the text "2713799999" (sheet rows 2397 and 2396).
  const fy25 = await parseFmrWorkbook(readFileSync(source('hud_fmr/FY25_FMRs_revised.xlsx')), 'FY25_FMRs_revised.xlsx', MINNESOTA);
  const fy26 = await parseFmrWorkbook(readFileSync(source('hud_fmr/FY26_FMRs.xlsx')), 'FY26_FMRs.xlsx', MINNESOTA);

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
    expect(fy26.metroByAreaName.get('Duluth, MN-WI MSA')).toBe(true);
    expect(fy26.metroByAreaName.get('Roseau County, MN')).toBe(false);
    expect(fy25.metroByAreaName.get('Duluth, MN-WI HUD Metro FMR Area')).toBe(true);
  });
});
