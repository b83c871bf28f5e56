// Search as people type it, over the real published index (the reference build of data/snapshot).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { IndexZip } from '../src/lib/contract/schemas.ts';
import { countOf, foldPlace, foldQuery, keepingFirst, listedPlaces, placeKey, searchPlaces } from '../src/lib/derive/search.ts';
import { namesPeopleType } from '../src/lib/derive/search-words.ts';
import { searchLanding } from '../src/lib/serve/search-landing.ts';
import { MINNESOTA } from '../src/lib/states.ts';

const site = inject('builtSite');
const rows = (JSON.parse(await readFile(join(site, 'api', 'v1', 'index.json'), 'utf8')) as { zips: IndexZip[] }).zips;

/** The first thing the search box lists: `county:slug`, `city:name` (a city of several ZIP codes) or the ZIP. */
const first = (query: string) => {
  const [top] = listedPlaces(searchPlaces(rows, query, MINNESOTA));
  return top && placeKey(top);
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
    ['St Paul', 'city:saint paul'],
    ['St. Paul', 'city:saint paul'],
    ['saint paul', 'city:saint paul'],
    ['SAINT PAUL', 'city:saint paul'],
    ['st paul, mn', 'city:saint paul'],
    ['St Cloud', 'city:saint cloud'],
    ['st. cloud mn', 'city:saint cloud'],
    ['Saint-Cloud', 'city:saint cloud'],
    ['Duluth, MN', 'city:duluth'],
    ['duluth mn', 'city:duluth'],
    ['Duluth Minnesota', 'city:duluth'],
    ['  duluth  ', 'city:duluth'],
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
    ['rochester', 'city:rochester'],
    ['Rochester, MN', 'city:rochester'],
    ['minneapolis', 'city:minneapolis'],
    ['Mankato', 'city:mankato'],
    ['Detroit Lakes', 'city:detroit lakes'],
    ['detroit lakes, minnesota', 'city:detroit lakes'],
    ['Eden Prairie', 'city:eden prairie'],
    ['red wing', '55066'],
    ['Grand Marais', '55604'],
    ['international falls', '56649'],
    // Short and run-together names, a ZIP code anywhere, the state before the place.
    ['Mpls', 'city:minneapolis'],
    ['mpls, mn', 'city:minneapolis'],
    ['StCloud', 'city:saint cloud'],
    ['stpaul', 'city:saint paul'],
    ['duluth mn 55802', '55802'],
    ['1 Main St, Duluth, MN 55806-1234', '55806'],
    ['MN Duluth', 'city:duluth'],
    ['Minnesota St Cloud', 'city:saint cloud'],
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

describe('cities, and a list that does not jump', () => {
  it('lists a city of several ZIP codes once, with all of them, in place of its ZIPs; a city of one ZIP as that ZIP', () => {
    const listed = listedPlaces(searchPlaces(rows, 'St Paul', MINNESOTA));
    const saintPaul = rows.filter((r) => r.city === 'Saint Paul').map((r) => r.zip).sort();
    expect(listed.map(placeKey)).toEqual(['city:saint paul', '55071', '55075']);
    const [city] = listed;
    expect(city?.kind === 'city' && city.hit.zips).toEqual(saintPaul);
    expect(saintPaul).toHaveLength(31);
  });

  it('matches two letters at the start of a name or a word only, and a nickname being typed already finds its city', () => {
    expect(listedPlaces(searchPlaces(rows, 'Mp', MINNESOTA)).map(placeKey)).toEqual(['city:minneapolis']);
    // From three letters a name may hold the query anywhere: Champlin has "mpl".
    expect(listedPlaces(searchPlaces(rows, 'Mpl', MINNESOTA)).map(placeKey)).toEqual(['city:minneapolis', '55316']);
    expect(listedPlaces(searchPlaces(rows, 'Mpls', MINNESOTA)).map(placeKey)).toEqual(['city:minneapolis']);
  });

  it('keeps the entry that was first first while it is still listed, the rest in their order', () => {
    const key = (s: string) => s;
    expect(keepingFirst(['a', 'b', 'c'], 'c', key)).toEqual(['c', 'a', 'b']);
    expect(keepingFirst(['a', 'b', 'c'], 'a', key)).toEqual(['a', 'b', 'c']);
    expect(keepingFirst(['a', 'b', 'c'], 'z', key)).toEqual(['a', 'b', 'c']);
    expect(keepingFirst(['a', 'b', 'c'], undefined, key)).toEqual(['a', 'b', 'c']);
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

describe('the search form without JavaScript: /zips/?q= lands on the place, on every host that can answer it', () => {
  const servers = inject('servers');
  /** Where a host sends the query: the Location of its 303, or its status when it serves the list itself. */
  const landing = async (url: string, path: string) => {
    const response = await fetch(`${url}${path}`, { redirect: 'manual' });
    await response.body?.cancel();
    return response.status === 303 ? response.headers.get('location') : response.status;
  };
  const cases: [string, string | number][] = [
    ['/zips/?q=St+Paul', '/zips/#city-saint-paul'],
    ['/zips/?q=st.+paul%2C+MN', '/zips/#city-saint-paul'],
    ['/zips/?q=stpaul', '/zips/#city-saint-paul'],
    ['/zips/?q=55104', '/zip/55104/'],
    ['/zips/?q=duluth+mn+55802', '/zip/55802/'],
    ['/zips/?q=Hennepin+County', '/county/hennepin/'],
    ['/zips/?q=Saint+Louis+County', '/county/st-louis/'],
    ['/zips/?q=Mpls', '/zips/#city-minneapolis'],
    // A city of one ZIP code: its page.
    ['/zips/?q=Warroad', '/zip/56763/'],
    ['/es/zips/?q=St+Paul', '/es/zips/#city-saint-paul'],
    // No place by that name, a ZIP that is not published, no query: the list itself.
    ['/zips/?q=Atlantis', 200],
    ['/zips/?q=99501', 200],
    ['/zips/', 200],
  ];

  it('the search says where each query lands, and nginx map written by the build says the same', async () => {
    for (const [path, expected] of cases) {
      const query = new URL(path, 'http://x').searchParams.get('q');
      const language = /^\/es\//.test(path) ? '/es' : '';
      const found = query ? searchLanding(rows, query, MINNESOTA) : undefined;
      expect(found === undefined ? 200 : `${language}${found}`, path).toBe(expected);
      expect(await landing(servers.nginx.url, path), `nginx ${path}`).toBe(expected);
    }
    const map = await readFile(join(site, '_host', 'search-map.conf'), 'utf8');
    expect(map.split('\n').filter((line) => line.includes('"$mnrent_to/zips/#city-saint-paul"'))).toHaveLength(1);
  });

  it.each(['edge', 'deno'] as const)('%s answers every query as nginx does, by the same search', async (name) => {
    for (const [path, expected] of cases) expect(await landing(servers[name].url, path), `${name} ${path}`).toBe(expected);
  });
});
