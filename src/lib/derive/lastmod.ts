// lastmod: the date a resource's content last changed, kept across rebuilds.

export interface PreviousResource {
  lastmod: string;
  fingerprint: string;
}

/** Stable JSON of a resource's content: `meta` and every `lastmod` left out, keys sorted. */
export function contentFingerprint(value: unknown): string {
  return JSON.stringify(value, (key, v: unknown) => {
    if (key === 'meta' || key === 'lastmod') return undefined;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    return v;
  });
}

/** Today's date unless the previous build published the same content, whose date then stands. */
export function lastmodFor(content: unknown, previous: PreviousResource | undefined, today: string): string {
  return previous && previous.fingerprint === contentFingerprint(content) ? previous.lastmod : today;
}
