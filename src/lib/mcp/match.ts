// Forgiving names: "St Louis", "Saint Louis County" and "st-louis" are one county; near misses
// get suggestions instead of a bare "not found".
import { countySlug } from '../derive/places.ts';
import { compareCodePoints } from '../order.ts';

/** A county as people write it, to the slug the API uses. */
export function countyKey(input: string): string {
  const words = input
    .toLowerCase()
    .replace(/\bcounty\b/g, ' ')
    .replace(/\bsaint\b/g, 'st')
    .replace(/\bste\b/g, 'st');
  return countySlug(words);
}

export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] as number;
      row[j] = Math.min(above + 1, (row[j - 1] as number) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length] as number;
}

/** The `count` candidates closest to `key`, nearest first (ties alphabetical). */
export function closest(key: string, candidates: readonly string[], count = 3): string[] {
  return [...candidates]
    .map((c) => ({ c, d: c.startsWith(key) || key.startsWith(c) ? Math.min(1, editDistance(key, c)) : editDistance(key, c) }))
    .sort((x, y) => x.d - y.d || compareCodePoints(x.c, y.c))
    .slice(0, count)
    .map((x) => x.c);
}

/** Published ZIPs nearest in number to an unpublished one (55199 → 55130, 55133, …). */
export function closestZips(zip: string, published: readonly string[], count = 5): string[] {
  const n = Number(zip);
  return [...published].sort((a, b) => Math.abs(Number(a) - n) - Math.abs(Number(b) - n) || compareCodePoints(a, b)).slice(0, count);
}
