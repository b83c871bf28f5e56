// lastmod: kept while the content is unchanged.
import { describe, expect, it } from 'vitest';
import { contentFingerprint, lastmodFor } from '../../src/lib/derive/lastmod.ts';

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
