// County, city, slug and HUD areas of a ZIP, on crosswalk rows made in code.
import { describe, expect, it } from 'vitest';
import { countySlug, metroArea, placeZip, primaryCrosswalkRow, titleCase, zipHudAreas } from '../../src/lib/derive/places.ts';
import type { CrosswalkRow } from '../../src/lib/sources/hud-crosswalk.ts';

describe('places', () => {
  const row = (county: string, resRatio: number, totRatio: number): CrosswalkRow => ({ zip: '55602', county, city: 'BRIMSON', resRatio, totRatio, file: 'x.xlsx', row: 2 });

  it('slugs county names', () => {
    expect(countySlug('St. Louis')).toBe('st-louis');
    expect(countySlug('Lac qui Parle')).toBe('lac-qui-parle');
    expect(countySlug('Lake of the Woods')).toBe('lake-of-the-woods');
    expect(countySlug(' -- Yellow  Medicine! ')).toBe('yellow-medicine');
  });

  it('places a ZIP by RES_RATIO, then TOT_RATIO, then the lower FIPS; TOT_RATIO when no residents', () => {
    expect(primaryCrosswalkRow([row('27075', 0.11, 0.1), row('27137', 0.89, 0.9)])?.county).toBe('27137');
    expect(primaryCrosswalkRow([row('27075', 0.5, 0.4), row('27137', 0.5, 0.6)])?.county).toBe('27137');
    expect(primaryCrosswalkRow([row('27137', 0.5, 0.5), row('27075', 0.5, 0.5)])?.county).toBe('27075');
    expect(primaryCrosswalkRow([row('27137', 0, 0.2), row('27075', 0, 0.8)])?.county).toBe('27075');
    expect(primaryCrosswalkRow([])).toBeUndefined();
  });

  const counties = new Map([['27137', 'St. Louis'], ['27075', 'Lake']]);
  const geonames = { zip: '55814', place: 'Duluth', stateCode: 'MN', countyCode: '137', latitude: 46.78, longitude: -92.1 };

  it('falls back to GeoNames for a ZIP missing from the crosswalk, and title-cases USPS cities', () => {
    expect(placeZip('55814', [], geonames, '27', counties, 'cw.xlsx')).toEqual({ countyFips: '27137', city: 'Duluth' });
    expect(placeZip('55602', [row('27137', 1, 1)], undefined, '27', counties, 'cw.xlsx')).toEqual({ countyFips: '27137', city: 'Brimson' });
    expect(titleCase('INTERNATIONAL FALLS')).toBe('International Falls');
  });

  it('stops on a county code not in the county list, naming file, row and column', () => {
    const bad = { ...row('27999', 1, 1), row: 31288 };
    expect(() => placeZip('55602', [bad], undefined, '27', counties, 'cw.xlsx')).toThrow('x.xlsx, row 31288, column COUNTY: county code 27999 of ZIP 55602 is not in the state\'s county list');
  });

  it("places a ZIP in the state's own county even where most of it lies across the line, and in GeoNames' county where the crosswalk has only other states'", () => {
    // Fort Campbell, KY (42223): crosswalk rows 22361-22362, Christian County KY 27% and Montgomery County TN 73% of addresses.
    const kentucky = new Map([['21047', 'Christian']]);
    const fortCampbell = [row('47125', 0.7343, 0.7091), row('21047', 0.2657, 0.2909)].map((r) => ({ ...r, zip: '42223', city: 'FORT CAMPBELL' }));
    expect(placeZip('42223', fortCampbell, undefined, '21', kentucky, 'cw.xlsx')).toEqual({ countyFips: '21047', city: 'Fort Campbell' });
    // Portsmouth, NH (03804): the crosswalk's only row is York County, ME; GeoNames says Rockingham County, NH.
    const portsmouth = { zip: '03804', place: 'Portsmouth', stateCode: 'NH', countyCode: '015', latitude: 43.07, longitude: -70.76 };
    expect(placeZip('03804', [{ ...row('23031', 1, 1), zip: '03804' }], portsmouth, '33', new Map([['33015', 'Rockingham']]), 'cw.xlsx')).toEqual({ countyFips: '33015', city: 'Portsmouth' });
  });

  it('places a ZIP with no county anywhere nowhere (the build leaves it out and says so)', () => {
    expect(placeZip('55999', [], undefined, '27', counties, 'cw.xlsx')).toBeUndefined();
  });

  it('orders a split ZIP\'s HUD areas (its county\'s first, then by name) and picks the metro among them', () => {
    const area = (name: string, metro: boolean) => ({ code: name.slice(0, 4), name, metro, fmr: { br0: 1, br1: 2, br2: 3, br3: 4, br4: 5 } });
    const areas = new Map([area('Duluth, MN-WI MSA', true), area('Lake County, MN', false), area('B MSA', true)].map((a) => [a.name, a]));
    const names = (list: { name: string }[]) => list.map((a) => a.name);
    const split = zipHudAreas(['Lake County, MN', 'Duluth, MN-WI MSA', 'Lake County, MN'], 'Lake County, MN', areas);
    expect(names(split)).toEqual(['Lake County, MN', 'Duluth, MN-WI MSA']);
    expect(metroArea(split)).toBe('Duluth, MN-WI MSA');
    expect(metroArea(zipHudAreas(['Lake County, MN'], undefined, areas))).toBeNull();
    // Two metros: the one that holds the county wins over the alphabetically first.
    expect(metroArea(zipHudAreas(['Duluth, MN-WI MSA', 'B MSA'], 'Duluth, MN-WI MSA', areas))).toBe('Duluth, MN-WI MSA');
    expect(metroArea(zipHudAreas(['Duluth, MN-WI MSA', 'B MSA'], 'Carlton County, MN', areas))).toBe('B MSA');
    expect(zipHudAreas(['Unknown area'], undefined, areas)).toEqual([]);
  });
});
