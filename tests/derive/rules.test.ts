// The derivation rules of CONTRACT-NOTES, one by one, on small inputs made in code.
import { describe, expect, it } from 'vitest';
import { fmr2YearOverYear, fmrHistories } from '../../src/lib/derive/fmr.ts';
import { contentFingerprint, lastmodFor } from '../../src/lib/derive/lastmod.ts';
import { countyMedians, medianSpreadPct } from '../../src/lib/derive/medians.ts';
import { greatCircleKm, nearestZips } from '../../src/lib/derive/nearby.ts';
import { countySlug, metroArea, placeZip, primaryCrosswalkRow, titleCase, zipHudAreas } from '../../src/lib/derive/places.ts';
import { percentOf, roundHalfAway } from '../../src/lib/derive/round.ts';
import { publishZori, voucherSpread, zoriByZip, zoriLagMonths } from '../../src/lib/derive/zori.ts';
import type { IndexZip } from '../../src/lib/contract.ts';
import type { CrosswalkRow } from '../../src/lib/sources/hud-crosswalk.ts';
import type { SafmrRow } from '../../src/lib/sources/hud-safmr.ts';

describe('rounding: half away from zero, on the decimal form (CONTRACT-NOTES)', () => {
  it('rounds halves up, including ones a binary double stores a hair low', () => {
    expect(roundHalfAway(1166.225, 2)).toBe(1166.23);
    expect(roundHalfAway(1.005, 2)).toBe(1.01);
    expect(roundHalfAway(2.5)).toBe(3);
    expect(roundHalfAway(-6.55, 1)).toBe(-6.6);
    expect(roundHalfAway(-6.25, 1)).toBe(-6.3);
    expect(roundHalfAway(6.25, 1)).toBe(6.3);
    expect(roundHalfAway(-2.5)).toBe(-3);
    expect(roundHalfAway(-0.04, 1)).toBe(0);
    expect(roundHalfAway(1773.711566)).toBe(1774);
  });

  it('gives percents to one decimal, null without a positive base', () => {
    expect(percentOf(60, 1470)).toBe(4.1);
    expect(percentOf(244, 1530)).toBe(15.9);
    expect(percentOf(1, 8)).toBe(12.5);
    expect(percentOf(null, 1)).toBeNull();
    expect(percentOf(5, 0)).toBeNull();
  });
});

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

  it('stops on a ZIP with no county anywhere', () => {
    expect(() => placeZip('55999', [], undefined, '27', counties, 'cw.xlsx')).toThrow('cw.xlsx: ZIP 55999 has no county');
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

describe('FMR history', () => {
  const safmr = (zip: string, fiscalYear: number, br2: number, areaName = 'A', row = 2): SafmrRow => ({
    zip, fiscalYear, rents: { br0: 1, br1: 2, br2, br3: 4, br4: 5 }, areaName, file: `fy${fiscalYear}.csv`, row,
  });

  it('computes the year-over-year change of the 2-bedroom FMR against the prior year only', () => {
    const h = fmrHistories([safmr('55104', 2025, 1470), safmr('55104', 2026, 1530), safmr('55105', 2024, 1000), safmr('55105', 2026, 1100)]);
    expect(fmr2YearOverYear(h.get('55104') as never, 2026)).toBe(4.1);
    expect(fmr2YearOverYear(h.get('55105') as never, 2026)).toBeNull();
  });

  it('accepts a ZIP repeated per HUD area with the same rents, and stops when they differ', () => {
    const same = fmrHistories([safmr('55602', 2026, 1200, 'Duluth', 10), safmr('55602', 2026, 1200, 'Lake', 20)]);
    expect(same.get('55602')?.areasByYear.get(2026)).toEqual(['Duluth', 'Lake']);
    expect(() => fmrHistories([safmr('55602', 2026, 1200, 'Duluth', 10), safmr('55602', 2026, 1250, 'Lake', 20)])).toThrow(
      'fy2026.csv, row 20: ZIP 55602 has conflicting FY2026 rents: 1/2/1250/4/5 here, 1/2/1200/4/5 at fy2026.csv row 10',
    );
  });
});

describe('market rent and spread', () => {
  const series = { zip: '55104', points: [{ month: '2023-09', rent: 1747.238968 }, { month: '2023-10', rent: 1773.711566 }], file: 'z.csv', row: 5 };

  it('publishes 2-decimal monthly rents and a whole-dollar latest month from the raw value', () => {
    expect(publishZori(series)).toEqual({
      monthly: [{ month: '2023-09', rent: 1747.24 }, { month: '2023-10', rent: 1773.71 }],
      latest: { month: '2023-10', rent: 1774 },
    });
    expect(publishZori(undefined)).toEqual({ monthly: [], latest: null });
  });

  it('spreads market rent over the 2-bedroom FMR; equal counts as competitive', () => {
    expect(voucherSpread(1530, 1774)).toEqual({ spread: 244, spread_pct: 15.9, voucher_competitive: false });
    expect(voucherSpread(1640, 1545)).toEqual({ spread: -95, spread_pct: -5.8, voucher_competitive: true });
    expect(voucherSpread(1500, 1500)).toEqual({ spread: 0, spread_pct: 0, voucher_competitive: true });
    expect(voucherSpread(null, 1500)).toEqual({ spread: null, spread_pct: null, voucher_competitive: null });
  });

  it('stops on one ZIP with two different series', () => {
    const other = { ...series, row: 9, points: [{ month: '2023-10', rent: 1 }] };
    expect(() => zoriByZip([series, other])).toThrow('z.csv, row 9: ZIP 55104 has a second, different market rent series (first at row 5)');
    expect(zoriByZip([series, { ...series, row: 9 }]).size).toBe(1);
  });
});

describe('nearby', () => {
  it('measures great-circle distance (55104 to 55803 centroids: 246.29 km, checked with an independent haversine)', () => {
    const km = greatCircleKm({ zip: '55104', latitude: 44.953894, longitude: -93.164446 }, { zip: '55803', latitude: 47.034891, longitude: -92.072208 });
    expect(km).toBeCloseTo(246.293, 3);
  });

  it('excludes the ZIP itself, sorts by distance, breaks ties by the lower ZIP, takes six', () => {
    const points = [
      { zip: '00000', latitude: 0, longitude: 0 },
      ...['00007', '00003', '00005', '00001', '00004', '00002', '00006'].map((zip, i) => ({ zip, latitude: 0, longitude: 1 + (i >= 4 ? 1 : 0) })),
    ];
    expect(nearestZips(points).get('00000')).toEqual(['00001', '00003', '00005', '00007', '00002', '00004']);
  });
});

describe('county medians', () => {
  const row = (br2: number | null, rent: number | null, yoy: number | null) => ({ fmr: { br2 }, zori_latest: rent === null ? null : { rent }, fmr2_yoy_pct: yoy }) as unknown as IndexZip;

  it('averages the middle two of an even count and rounds half away from zero (Lake of the Woods: 1065 and 2.9)', () => {
    const rows = [row(1000, null, -2.5), row(1010, null, -1.8), row(1120, null, 7.5), row(1190, null, 8.6)];
    expect(countyMedians(rows)).toEqual({ fmr2: 1065, market_rent: null, fmr2_yoy_pct: 2.9, area_fmr2: null });
  });

  it('takes market rent over the ZIPs that have one; null for a county with no ZIPs', () => {
    expect(countyMedians([row(900, 1000, 1), row(901, null, 2), row(950, 1001, 3)])).toEqual({ fmr2: 901, market_rent: 1001, fmr2_yoy_pct: 2, area_fmr2: null });
    expect(countyMedians([])).toEqual({ fmr2: null, market_rent: null, fmr2_yoy_pct: null, area_fmr2: null });
    // The area FMR's median over the rows that have one: 1123 and 1709 average to 1416.
    const withArea = (areaBr2: number | null) => ({ ...row(900, null, null), area_fmr: areaBr2 === null ? null : { br2: areaBr2 } }) as unknown as IndexZip;
    expect(countyMedians([withArea(1123), withArea(null), withArea(1709)]).area_fmr2).toBe(1416);
    expect(medianSpreadPct([-6.6, -6.5])).toBe(-6.6); // -6.55, half away from zero
  });
});

describe('lastmod', () => {
  const doc = { meta: { generated_at: '2026-01-01T00:00:00Z' }, url: 'u', lastmod: '2026-01-01', zips: [{ zip: '1', lastmod: '2025-01-01' }], b: 1 };

  it('keeps the earlier date when only meta and lastmod changed', () => {
    const previous = { lastmod: '2026-01-01', fingerprint: contentFingerprint(doc) };
    const later = { ...doc, meta: { generated_at: '2026-02-01T00:00:00Z' }, lastmod: 'x', zips: [{ zip: '1', lastmod: '2026-02-01' }] };
    expect(lastmodFor(later, previous, '2026-02-01')).toBe('2026-01-01');
    expect(lastmodFor({ ...later, b: 2 }, previous, '2026-02-01')).toBe('2026-02-01');
    expect(lastmodFor(doc, undefined, '2026-02-01')).toBe('2026-02-01');
  });

  it('fingerprints independently of key order', () => {
    expect(contentFingerprint({ a: 1, b: { c: 2, d: 3 } })).toBe(contentFingerprint({ b: { d: 3, c: 2 }, a: 1 }));
  });
});

describe('the age of the market rent', () => {
  it('counts whole months to the October that opens the fiscal year', () => {
    expect(zoriLagMonths('2023-10', 2026)).toBe(24);
    expect(zoriLagMonths('2025-10', 2026)).toBe(0);
    expect(zoriLagMonths('2025-12', 2026)).toBe(-2);
    expect(zoriLagMonths('2025-03', 2026)).toBe(7);
    expect(zoriLagMonths(undefined, 2026)).toBeNull();
  });
});
