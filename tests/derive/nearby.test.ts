// Great-circle distance and the nearest ZIPs, on points made in code.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { greatCircleKm, isNeighbour, nearestZips, type Located } from '../../src/lib/derive/nearby.ts';
import { compareCodePoints } from '../../src/lib/order.ts';

/** The definition, by brute force: every other neighbour, sorted by distance and then ZIP. */
function nearestByDefinition(points: readonly Located[], neighbours: readonly Located[], count: number): Map<string, string[]> {
  return new Map(
    points.map((origin) => [
      origin.zip,
      neighbours
        .filter((p) => p.zip !== origin.zip)
        .map((p) => ({ zip: p.zip, km: greatCircleKm(origin, p) }))
        .sort((a, b) => a.km - b.km || compareCodePoints(a.zip, b.zip))
        .slice(0, count)
        .map((r) => r.zip),
    ]),
  );
}

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

  it('gives a PO-box ZIP its own list but puts it in no one else\'s', () => {
    const home = { zip: '55401', latitude: 44.98, longitude: -93.27 };
    const poBox = { zip: '55440', latitude: 44.98, longitude: -93.27 };
    const street = { zip: '55402', latitude: 44.976, longitude: -93.271 };
    const far = { zip: '55104', latitude: 44.95, longitude: -93.16 };
    const nearest = nearestZips([home, poBox, street, far], [home, street, far], 2);
    expect(nearest.get('55401')).toEqual(['55402', '55104']);
    expect(nearest.get('55440')).toEqual(['55401', '55402']);
    expect(isNeighbour({ source: 'census_zcta' })).toBe(true);
    expect(isNeighbour({ source: 'geonames' })).toBe(false);
    expect(isNeighbour(null)).toBe(false);
  });

  it('finds what sorting every neighbour finds, ties and duplicate places included (fast-check)', () => {
    // Coarse grids make equal distances and shared coordinates common, where a shortcut would slip.
    const place = (step: number) =>
      fc.record({ zip: fc.stringMatching(/^[0-9]{5}$/), latitude: fc.integer({ min: -40, max: 40 }).map((n) => 45 + n * step), longitude: fc.integer({ min: -40, max: 40 }).map((n) => -95 + n * step) });
    fc.assert(
      fc.property(
        fc.constantFrom(0.5, 0.01, 0.0001).chain((step) => fc.uniqueArray(place(step), { selector: (p) => p.zip, maxLength: 80 })),
        fc.array(fc.boolean(), { minLength: 80, maxLength: 80 }),
        fc.integer({ min: 1, max: 8 }),
        (points, isHome, count) => {
          const neighbours = points.filter((_, i) => isHome[i]);
          expect(nearestZips(points, neighbours, count)).toEqual(nearestByDefinition(points, neighbours, count));
        },
      ),
      { numRuns: 300 },
    );
  });
});
