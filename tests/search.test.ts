// Search as people type it, over the real published index (the reference build of data/snapshot).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { IndexZip } from '../src/lib/contract/schemas.ts';
import { countOf, foldPlace, foldQuery, listedPlaces, searchPlaces } from '../src/lib/derive/search.ts';
import { namesPeopleType } from '../src/lib/derive/search-words.ts';
import { MINNESOTA } from '../src/lib/states.ts';

const site = inject('builtSite');
const rows = (JSON.parse(await readFile(join(site, 'api', 'v1', 'index.json'), 'utf8')) as { zips: IndexZip[] }).zips;

/** The first thing the search box lists: `county:slug` or the ZIP. */
const first = (query: string) => {
  const [top] = listedPlaces(searchPlaces(rows, query, MINNESOTA));
  if (!top) return undefined;
  return top.kind === 'county' ? `county:${top.hit.county_slug}` : top.hit.row.zip;
};

describe('folding', () => {
  it('folds case, accents and punctuation, and spells out abbreviations both ways', () => {
    expect(foldPlace('St. Paul')).toBe('saint paul');
    expect(foldPlace('SAINT  PAUL')).toBe('saint paul');
    expect(foldPlace('Ste. Genevieve')).toBe('sainte genevieve');
    expect(foldPlace('Mt Iron')).toBe('mount iron');
    expect(foldPlace('Ft. Ripley')).toBe('fort ripley');
    expect(foldPlace('Lake Twp')).toBe('lake township');
    expect(foldPlace('Lac qui Parle')).toBe('lac qui parle');
    expect(foldPlace('Chisago-Lindström')).toBe('chisago lindstrom');
    expect(foldPlace('Marine On Saint Croix')).toBe(foldPlace('marine on st. croix'));
  });

  it('drops a trailing state and notes a trailing "county"', () => {
    expect(foldQuery('Duluth, MN', MINNESOTA)).toEqual({ text: 'duluth', county: false });
    expect(foldQuery('duluth minnesota', MINNESOTA)).toEqual({ text: 'duluth', county: false });
    expect(foldQuery('St. Louis County, MN', MINNESOTA)).toEqual({ text: 'saint louis', county: true });
    // "MN" alone is not dropped: it is the whole query.
    expect(foldQuery('mn', MINNESOTA)).toEqual({ text: 'mn', county: false });
  });
});

describe('the first result, for queries as people type them', () => {
  const table: [string, string][] = [
    ['St Paul', '55101'],
    ['St. Paul', '55101'],
    ['saint paul', '55101'],
    ['SAINT PAUL', '55101'],
    ['st paul, mn', '55101'],
    ['St Cloud', '56301'],
    ['st. cloud mn', '56301'],
    ['Saint-Cloud', '56301'],
    ['Duluth, MN', '55802'],
    ['duluth mn', '55802'],
    ['Duluth Minnesota', '55802'],
    ['  duluth  ', '55802'],
    ['South St Paul', '55075'],
    ['Marine on St. Croix', '55047'],
    ['Ft Ripley', '56449'],
    ['Fort Ripley', '56449'],
    ['St Paul Park', '55071'],
    ['saint paul park', '55071'],
    ['ST JOSEPH', '56374'],
    ['St Louis', 'county:st-louis'],
    ['St. Louis County', 'county:st-louis'],
    ['saint louis county', 'county:st-louis'],
    ['Hennepin', 'county:hennepin'],
    ['hennepin county', 'county:hennepin'],
    ['Lac qui Parle', 'county:lac-qui-parle'],
    ['lac-qui-parle', 'county:lac-qui-parle'],
    ['551', '55101'],
    ['55104', '55104'],
    ['5', '55001'],
    ['rochester', '55901'],
    ['Rochester, MN', '55901'],
    ['minneapolis', '55401'],
    ['Mankato', '56001'],
    ['Detroit Lakes', '56501'],
    ['detroit lakes, minnesota', '56501'],
    ['Eden Prairie', '55344'],
    ['red wing', '55066'],
    ['Grand Marais', '55604'],
    ['international falls', '56649'],
    // Short and run-together names, a ZIP code anywhere, the state before the place.
    ['Mpls', '55401'],
    ['mpls, mn', '55401'],
    ['StCloud', '56301'],
    ['stpaul', '55101'],
    ['duluth mn 55802', '55802'],
    ['1 Main St, Duluth, MN 55806-1234', '55806'],
    ['MN Duluth', '55802'],
    ['Minnesota St Cloud', '56301'],
  ];
  it.each(table)('%s → %s', (query, expected) => {
    expect(first(query)).toBe(expected);
  });
});

describe('ranking', () => {
  it('lists every Saint Paul ZIP before Saint Paul Park and South Saint Paul', () => {
    const zips = searchPlaces(rows, 'St Paul', MINNESOTA).zips.map((h) => h.row.zip);
    const saintPaul = rows.filter((r) => r.city === 'Saint Paul').map((r) => r.zip);
    expect(saintPaul.length).toBeGreaterThan(20);
    expect(zips.slice(0, saintPaul.length).sort()).toEqual(saintPaul.sort());
    expect(zips.indexOf('55071')).toBeGreaterThanOrEqual(saintPaul.length);
    expect(zips).toContain('55075');
  });

  it('tells the county from a city: "St Louis" is the county, its ZIPs follow', () => {
    const result = searchPlaces(rows, 'St Louis', MINNESOTA);
    expect(result.counties.map((c) => c.county_slug)).toEqual(['st-louis']);
    expect(result.zips.every((h) => h.row.county_slug === 'st-louis')).toBe(true);
    expect(result.zips.map((h) => h.row.zip)).toContain('55802');
  });

  it('asks for a county only when the query says "county"', () => {
    const result = searchPlaces(rows, 'Lake County', MINNESOTA);
    expect(result.counties[0]?.county_slug).toBe('lake');
    expect(result.zips.every((h) => h.rank === 4)).toBe(true);
  });

  it('finds nothing for a place that is not in Minnesota, or an empty query', () => {
    expect(searchPlaces(rows, 'Atlantis', MINNESOTA).zips).toEqual([]);
    expect(searchPlaces(rows, '  ', MINNESOTA).zips).toEqual([]);
    expect(searchPlaces(rows, '99501', MINNESOTA).zips).toEqual([]);
  });
});

describe('names as people type them, for the A to Z list', () => {
  it('gives the short forms of Saint, Mount and Fort, and nicknames; nothing for other names', () => {
    expect(namesPeopleType('Saint Paul')).toEqual(['St Paul']);
    expect(namesPeopleType('South Saint Paul')).toEqual(['South St Paul']);
    expect(namesPeopleType('Mount Iron')).toEqual(['Mt Iron']);
    expect(namesPeopleType('Minneapolis')).toEqual(['Mpls']);
    expect(namesPeopleType('Duluth')).toEqual([]);
    expect(namesPeopleType('Stewartville')).toEqual([]);
  });

  it('never makes a run-together query match what its words would not: "stewartville" is Stewartville', () => {
    expect(first('stewartville')).toBe('55976');
    expect(first('stewart')).toBe('55385');
  });
});

describe('plurals', () => {
  it('counts in words', () => {
    expect(countOf(1, 'match', 'matches')).toBe('1 match');
    expect(countOf(2, 'match', 'matches')).toBe('2 matches');
    expect(countOf(0, 'ZIP code')).toBe('0 ZIP codes');
  });
});
