// Where resources live: page paths, endpoint paths from the contract's table, and openapi.json's
// parameters made from the same zod patterns.
import { describe, expect, it } from 'vitest';
import { apiPath, CountySlug, ENDPOINTS, ZipCode } from '../../src/lib/contract/schemas.ts';
import { BULK_FILE_NAMES } from '../../src/lib/contract/bulk-tables.ts';
import { openApiDocument } from '../../src/lib/publication/openapi.ts';
import { linksUnder, pagePath, pagePathsIn, pathPrefixOf, rootOf, siteUrls } from '../../src/lib/contract/routes.ts';
import { problemDocument } from '../../src/lib/publication/problems.ts';
import { languagesFromList } from '../../src/lib/languages.ts';
import { MINNESOTA } from '../../src/lib/states.ts';

describe('paths', () => {
  it('fills an endpoint path from the contract table', () => {
    expect(apiPath('getZip', { zip: '55104' })).toBe('/api/v1/zip/55104.json');
    expect(apiPath('getCounty', { slug: 'st-louis' })).toBe('/api/v1/county/st-louis.json');
    expect(apiPath('getMeta')).toBe('/api/v1/meta.json');
    expect(() => apiPath('getZip')).toThrow('getZip needs {zip}');
  });

  it('spells page paths and absolute URLs one way', () => {
    expect(pagePath.zip('55104')).toBe('/zip/55104/');
    expect(pagePath.county('lac-qui-parle')).toBe('/county/lac-qui-parle/');
    const urls = siteUrls('https://rent.example.net/');
    expect(urls.zip('55104')).toBe('https://rent.example.net/zip/55104/');
    expect(urls.sectionEight).toBe('https://rent.example.net/section-8/');
  });
});

describe('the path prefix and the languages, given as values', () => {
  it('takes the prefix from the root a build was given, and puts it before every link: no environment is read', () => {
    expect(pathPrefixOf(rootOf('https://rent.example.net', '/wi/'))).toBe('/wi');
    expect(pathPrefixOf(rootOf('https://rent.example.net', '/'))).toBe('');
    expect(linksUnder('/wi')('/openapi.json')).toBe('/wi/openapi.json');
    const spanishInWisconsin = pagePathsIn('/wi', '/es');
    expect([spanishInWisconsin.zip('53703'), spanishInWisconsin.home, spanishInWisconsin.docs, spanishInWisconsin.changes]).toEqual(['/wi/es/zip/53703/', '/wi/es/', '/wi/docs/', '/wi/changes/']);
    expect(problemDocument(MINNESOTA, 403, '/mn').detail).toBe('There is nothing to list here: ask for a file, such as /mn/api/v1/index.json.');
    expect(problemDocument(MINNESOTA, 403, '').detail).toBe('There is nothing to list here: ask for a file, such as /api/v1/index.json.');
  });

  it('reads --languages as codes of the table, English first and always there, or says what to change', () => {
    expect(languagesFromList(undefined)).toHaveLength(4);
    const codes = (list: string) => {
      const languages = languagesFromList(list);
      return typeof languages === 'string' ? languages : languages.map((l) => l.code);
    };
    expect(codes('hmn,en')).toEqual(['en', 'hmn']);
    expect(codes(' en , es ')).toEqual(['en', 'es']);
    expect(codes('en,fr,de')).toBe('"fr", "de" are not languages of the pages; give codes from en,es,so,hmn');
    expect(codes('so')).toBe("en must be among them: the English pages are the site's root (e.g. en,so)");
  });
});

describe('path values', () => {
  it('accepts five digits and a slug, nothing else', () => {
    expect(ZipCode.safeParse('55104').success).toBe(true);
    for (const bad of ['5510', '551040', '5510a', ' 55104']) expect(ZipCode.safeParse(bad).success, bad).toBe(false);
    expect(CountySlug.safeParse('st-louis').success).toBe(true);
    expect(CountySlug.safeParse('St. Louis').success).toBe(false);
  });

  it('describes each path parameter in openapi.json with the same pattern', () => {
    const doc = openApiDocument(MINNESOTA, 'https://rent.example.net') as { paths: Record<string, { get: { operationId: string; parameters?: { name: string; schema: { pattern: string } }[] } }> };
    const parameters = Object.values(doc.paths).flatMap((p) => p.get.parameters ?? []);
    expect(parameters).toEqual([
      expect.objectContaining({ name: 'zip', schema: { type: 'string', pattern: '^[0-9]{5}$' } }),
      expect.objectContaining({ name: 'slug', schema: { type: 'string', pattern: '^[a-z0-9-]+$' } }),
      expect.objectContaining({ name: 'file', schema: { type: 'string', enum: BULK_FILE_NAMES } }),
    ]);
    expect(Object.values(doc.paths).map((p) => p.get.operationId)).toEqual([...ENDPOINTS.map((e) => e.operation_id), 'getBulkFile']);
  });
});
