// The nearest published ZIP codes by great-circle distance.
import { compareCodePoints } from '../order.ts';

export interface Located {
  zip: string;
  latitude: number;
  longitude: number;
}

/** Whether a ZIP can be someone's neighbour: it has a Census ZCTA, so people live there (CONTRACT-NOTES). */
export const isNeighbour = (coordinates: { source: string } | null | undefined): boolean => coordinates?.source === 'census_zcta';

const EARTH_RADIUS_KM = 6371.0088;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Haversine distance in kilometres. */
export function greatCircleKm(a: Located, b: Located): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * For each located ZIP, the `count` other neighbours nearest to it; ties go to the lower ZIP.
 * `neighbours` are the ZIPs people can live in (CONTRACT-NOTES: those with a Census ZCTA); a PO-box
 * ZIP gets its own list but is in no one's.
 */
export function nearestZips(points: readonly Located[], neighbours: readonly Located[] = points, count = 6): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const origin of points) {
    const ranked = neighbours
      .filter((p) => p.zip !== origin.zip)
      .map((p) => ({ zip: p.zip, km: greatCircleKm(origin, p) }))
      .sort((a, b) => a.km - b.km || compareCodePoints(a.zip, b.zip));
    result.set(origin.zip, ranked.slice(0, count).map((r) => r.zip));
  }
  return result;
}
