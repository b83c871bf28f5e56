// lastmod: the date a resource's content last changed, kept across rebuilds.

export interface PreviousResource {
  lastmod: string;
  fingerprint: string;
}

/** Keys a fingerprint leaves out, at any depth: they change with every build, not with the content. */
const LEFT_OUT = new Set(['meta', 'lastmod']);
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * `value` as the fingerprint writes it: each object's keys sorted, those LEFT_OUT dropped, dates and
 * other values with toJSON as JSON gives them. Objects made by adding keys in order keep JavaScript's
 * own order (integer keys first), as the objects of a JSON.stringify replacer did.
 */
function sortedCopy(key: string, raw: unknown): unknown {
  const value: unknown = raw !== null && typeof raw === 'object' && typeof (raw as { toJSON?: unknown }).toJSON === 'function' ? (raw as { toJSON: (key: string) => unknown }).toJSON(key) : raw;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item, i) => sortedCopy(String(i), item));
  const copy: Record<string, unknown> = {};
  for (const k of Object.keys(value).sort(byCodeUnits)) {
    if (LEFT_OUT.has(k)) continue;
    const item = sortedCopy(k, (value as Record<string, unknown>)[k]);
    // JSON leaves a function out of an object, and one kept under the key toJSON would be called.
    if (typeof item === 'function') continue;
    // Assigning __proto__ would set the prototype, not a key.
    if (k === '__proto__') Object.defineProperty(copy, k, { value: item, enumerable: true, writable: true, configurable: true });
    else copy[k] = item;
  }
  return copy;
}

/**
 * Stable JSON of a resource's content: `meta` and every `lastmod` left out, keys sorted. The text
 * of JSON.stringify with a replacer that sorts each object's keys (tests/derive/lastmod.test.ts holds
 * the two together), from a sorted copy: a replacer keeps V8 off its fast path (Texas's content
 * hash, made just before the pages can start, took 125 to 132 ms that way, 89 to 116 ms from the copy).
 */
export function contentFingerprint(value: unknown): string {
  return JSON.stringify(sortedCopy('', value));
}

/** Today's date unless the previous build published the same content, whose date then stands. */
export function lastmodFor(content: unknown, previous: PreviousResource | undefined, today: string): string {
  return previous && previous.fingerprint === contentFingerprint(content) ? previous.lastmod : today;
}
