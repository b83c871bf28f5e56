// Great-circle distance and the nearest ZIPs, on points made in code.
import { describe, expect, it } from 'vitest';
import { greatCircleKm, nearestZips } from '../../src/lib/derive/nearby.ts';

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
