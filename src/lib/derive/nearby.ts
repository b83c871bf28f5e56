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

/** A great circle is at least as long as its north-south part: no neighbour further north or south is nearer. */
const latitudeBoundKm = (degrees: number) => EARTH_RADIUS_KM * toRadians(Math.abs(degrees)) * (1 - 1e-9);

interface Ranked {
  zip: string;
  km: number;
}
const nearer = (a: Ranked, b: Ranked) => a.km < b.km || (a.km === b.km && compareCodePoints(a.zip, b.zip) < 0);

/**
 * For each located ZIP, the `count` other neighbours nearest to it; ties go to the lower ZIP.
 * `neighbours` are the ZIPs people can live in (CONTRACT-NOTES: those with a Census ZCTA); a PO-box
 * ZIP gets its own list but is in no one's.
 * Each origin looks outward from its own latitude and stops once the latitude difference alone is
 * longer than its `count`-th nearest so far, so the work grows with the ZIPs, not their square.
 */
export function nearestZips(points: readonly Located[], neighbours: readonly Located[] = points, count = 6): Map<string, string[]> {
  const byLatitude = [...neighbours].sort((a, b) => a.latitude - b.latitude);
  const result = new Map<string, string[]>();
  for (const origin of points) {
    const best: Ranked[] = [];
    const consider = (p: Located) => {
      if (p.zip === origin.zip) return;
      const candidate = { zip: p.zip, km: greatCircleKm(origin, p) };
      const last = best[best.length - 1];
      if (best.length === count && last && !nearer(candidate, last)) return;
      let at = best.length;
      while (at > 0 && nearer(candidate, best[at - 1] as Ranked)) at -= 1;
      best.splice(at, 0, candidate);
      if (best.length > count) best.pop();
    };
    // The first neighbour at or north of the origin; south of it, the one before.
    let north = byLatitude.findIndex((p) => p.latitude >= origin.latitude);
    if (north < 0) north = byLatitude.length;
    let south = north - 1;
    for (;;) {
      const southBound = south >= 0 ? latitudeBoundKm(origin.latitude - (byLatitude[south] as Located).latitude) : Infinity;
      const northBound = north < byLatitude.length ? latitudeBoundKm((byLatitude[north] as Located).latitude - origin.latitude) : Infinity;
      const bound = Math.min(southBound, northBound);
      if (bound === Infinity || (best.length === count && bound > (best[count - 1] as Ranked).km)) break;
      if (southBound <= northBound) consider(byLatitude[south--] as Located);
      else consider(byLatitude[north++] as Located);
    }
    result.set(origin.zip, best.map((r) => r.zip));
  }
  return result;
}
