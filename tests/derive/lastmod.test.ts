// lastmod: kept while the content is unchanged.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentFingerprint, lastmodFor } from '../../src/lib/derive/lastmod.ts';

/** The fingerprint's definition: JSON.stringify leaving out `meta` and `lastmod` and sorting each object's keys. */
const definition = (value: unknown) =>
  JSON.stringify(value, (key, v: unknown) => {
    if (key === 'meta' || key === 'lastmod') return undefined;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    return v;
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
    expect(contentFingerprint({ b: [1, { lastmod: 'x', z: null, a: 'é"\n', 10: 0, 9: 0 }], a: { meta: 1 } })).toBe('{"a":{},"b":[1,{"9":0,"10":0,"a":"é\\"\\n","z":null}]}');
  });

  it('writes the text of its definition for any value', () => {
    // Keys that are array indices (which JavaScript puts first, in numeric order), the keys left out,
    // values JSON leaves out or writes as null, functions under toJSON, dates (toJSON), lone surrogates.
    const key = fc.oneof(fc.string(), fc.constantFrom('meta', 'lastmod', '0', '7', '10', '01', '-1', '4294967294', '4294967295', 'toJSON', '__proto__'));
    const leaf = fc.oneof(
      fc.jsonValue(),
      fc.double(),
      fc.constantFrom(undefined, -0, Number.NaN, Infinity, 1e21, 5e-7, () => 1, Symbol('s')),
      fc.date({ noInvalidDate: true }),
      fc.string({ unit: 'binary' }),
    );
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
      array: fc.array(fc.oneof(tie('node'), fc.constant(undefined)), { maxLength: 5 }),
      object: fc.dictionary(key, tie('node'), { maxKeys: 6 }),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        expect(contentFingerprint(v)).toBe(definition(v));
      }),
      { numRuns: 3000 },
    );
  });
});
