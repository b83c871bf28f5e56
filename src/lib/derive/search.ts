// Finding a place the way people type it: "St Paul", "st. paul", "Duluth, MN", "551", "hennepin county".
// One module for the home page's search box (bundled into the browser: it imports only the
// import-free collation) and the agent server's search_places.
import { compareCodePoints } from '../order.ts';
import { ABBREVIATIONS, NICKNAMES } from './search-words.ts';

/** One searchable ZIP: what the browser downloads per ZIP (`/search-index.json`) and the index rows carry. */
export interface PlaceRow {
  zip: string;
  city: string;
  county: string;
  county_slug: string;
}

/** The state's own words, which a query may add ("Duluth, MN") and county names take ("Acadia Parish"). */
export interface StateWords {
  code: string;
  name: string;
  countyWord: string | null;
}

/** The search index as the browser downloads it: the state's words, and `[zip, city, county, slug]` per ZIP. */
export interface SearchIndex {
  state: StateWords;
  zips: [string, string, string, string][];
}

export const toSearchIndex = (rows: readonly PlaceRow[], { code, name, countyWord }: StateWords): SearchIndex => ({
  state: { code, name, countyWord },
  zips: rows.map((r) => [r.zip, r.city, r.county, r.county_slug]),
});

export const fromSearchIndex = (index: SearchIndex): PlaceRow[] => index.zips.map(([zip, city, county, county_slug]) => ({ zip, city, county, county_slug }));

/** How well a name matches: lower is better. */
export const MATCH = { exact: 0, prefix: 1, wordPrefix: 2, substring: 3, inCounty: 4 } as const;
export type MatchRank = (typeof MATCH)[keyof typeof MATCH];

export interface CountyHit {
  county: string;
  county_slug: string;
  rank: MatchRank;
  zip_count: number;
}

/** A city the query names, with every ZIP code the index gives it (folded names are one city: "St Paul" and "Saint Paul"). */
export interface CityHit {
  city: string;
  /** The folded name: the city's anchor on the A to Z list (`cityAnchor`). */
  key: string;
  rank: MatchRank;
  zips: string[];
}

/** Where a city is on the A to Z list of every ZIP code (/zips/): "saint paul" → "city-saint-paul". */
export const cityAnchor = (key: string): string => `city-${key.replace(/ /g, '-')}`;

export interface ZipHit<R extends PlaceRow> {
  row: R;
  rank: MatchRank;
}

export interface SearchResult<R extends PlaceRow> {
  /** The query as compared: folded, abbreviations spelled out, a trailing state dropped. */
  folded: string;
  counties: CountyHit[];
  /** Every city whose name matches, best first. */
  cities: CityHit[];
  /** Every matching ZIP, best first (a caller shows the first few). */
  zips: ZipHit<R>[];
}


/** "St. Paul" → "saint paul", "Lac qui Parle" → "lac qui parle", "Mörkö" → "morko": case, accents and punctuation folded. */
export function foldPlace(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .map((word) => ABBREVIATIONS[word] ?? word)
    .join(' ');
}

/**
 * The query as compared, and whether it asked for a county ("Hennepin County", "Acadia Parish", and
 * in the page's language, `countyPhrases`, before or after the name: "condado de Hennepin").
 */
export function foldQuery(query: string, state: StateWords, countyPhrases: readonly string[] = []): { text: string; county: boolean } {
  let words = foldPlace(query)
    .split(' ')
    .filter(Boolean)
    .map((word) => NICKNAMES[word] ?? word);
  // "Duluth, MN", "duluth mn", "MN Duluth", "Albany, New York": the state is ours already.
  for (const own of [state.code, state.name].map((w) => foldPlace(w).split(' '))) {
    if (words.length > own.length && own.every((w, i) => words[words.length - own.length + i] === w)) {
      words = words.slice(0, -own.length);
      break;
    }
    if (words.length > own.length && own.every((w, i) => words[i] === w)) {
      words = words.slice(own.length);
      break;
    }
  }
  const countyWords = new Set(['county', ...(state.countyWord ? [foldPlace(state.countyWord)] : [])]);
  let county = words.length > 1 && countyWords.has(words.at(-1) ?? '');
  if (county) words = words.slice(0, -1);
  for (const phrase of countyPhrases.map((p) => foldPlace(p).split(' ')).filter((p) => p[0]).sort((a, b) => b.length - a.length)) {
    if (county || words.length <= phrase.length) continue;
    if (phrase.every((w, i) => words[i] === w)) words = words.slice(phrase.length);
    else if (phrase.every((w, i) => words[words.length - phrase.length + i] === w)) words = words.slice(0, -phrase.length);
    else continue;
    county = true;
  }
  return { text: words.join(' '), county };
}

/** A folded query written together, as it may match a name without its spaces: "stcloud" → ["stcloud", "saintcloud"]. */
function runTogether(text: string): string[] {
  const compact = text.replace(/ /g, '');
  const spelled = Object.entries(ABBREVIATIONS).flatMap(([short, long]) => (compact.startsWith(short) && compact.length > short.length ? [long + compact.slice(short.length)] : []));
  return [compact, ...spelled];
}

/** Below this many letters a query matches the start of a name or of its words only: "mp" is not inside "Hampton". */
const SUBSTRING_FROM = 3;

function rankName(name: string, text: string, together: readonly string[]): MatchRank | undefined {
  if (name === text) return MATCH.exact;
  if (name.startsWith(text)) return MATCH.prefix;
  if (name.includes(` ${text}`)) return MATCH.wordPrefix;
  if (text.length >= SUBSTRING_FROM && name.includes(text)) return MATCH.substring;
  // "StCloud", "stpaul": the name without its spaces.
  const compact = name.replace(/ /g, '');
  if (together.includes(compact)) return MATCH.exact;
  if (together.some((t) => compact.startsWith(t))) return MATCH.prefix;
  return undefined;
}

/** Each row's names folded once, not on every keystroke (folding is most of a search's time). */
const foldedNames = new WeakMap<PlaceRow, { city: string; county: string }>();
function namesOf(row: PlaceRow): { city: string; county: string } {
  let names = foldedNames.get(row);
  if (!names) {
    names = { city: foldPlace(row.city), county: foldPlace(row.county) };
    foldedNames.set(row, names);
  }
  return names;
}

/**
 * ZIPs and counties for a query. Digits: ZIPs starting with them. Words: cities and counties,
 * exact names before prefixes before words inside a name before any substring; ties by ZIP or
 * slug. A county that matches brings its ZIPs too, after every city match.
 */
export function searchPlaces<R extends PlaceRow>(rows: readonly R[], query: string, state: StateWords, countyPhrases: readonly string[] = []): SearchResult<R> {
  // A ZIP code anywhere in the query wins, the last one of an address: "duluth mn 55802", "55802-1234".
  const zip = [...query.matchAll(/(?<!\d)(\d{5})(?:-\d{4})?(?!\d)/g)].at(-1)?.[1];
  const digits = zip ?? query.replace(/\s+/g, '');
  if (/^\d{1,5}$/.test(digits)) {
    return { folded: digits, counties: [], cities: [], zips: rows.filter((r) => r.zip.startsWith(digits)).map((row) => ({ row, rank: MATCH.prefix })).sort((a, b) => compareCodePoints(a.row.zip, b.row.zip)) };
  }
  const { text, county: countyAsked } = foldQuery(query, state, countyPhrases);
  if (!text) return { folded: text, counties: [], cities: [], zips: [] };
  const together = runTogether(text);
  // A nickname being typed ("mp", "mpl" of "mpls") already finds its city, so the list does not jump when it is complete.
  const nicknamed = new Set(text.length >= 2 ? Object.entries(NICKNAMES).flatMap(([nickname, name]) => (nickname.startsWith(text) ? [name] : [])) : []);
  const counties = new Map<string, CountyHit>();
  for (const row of rows) {
    const hit = counties.get(row.county_slug);
    if (hit) {
      hit.zip_count += 1;
      continue;
    }
    const rank = rankName(namesOf(row).county, text, together);
    if (rank !== undefined) counties.set(row.county_slug, { county: row.county, county_slug: row.county_slug, rank, zip_count: 1 });
  }
  const zips: ZipHit<R>[] = [];
  for (const row of rows) {
    const city = namesOf(row).city;
    const cityRank = countyAsked ? undefined : (rankName(city, text, together) ?? (nicknamed.has(city) ? MATCH.prefix : undefined));
    const rank = cityRank ?? (counties.has(row.county_slug) ? MATCH.inCounty : undefined);
    if (rank !== undefined) zips.push({ row, rank });
  }
  zips.sort((a, b) => a.rank - b.rank || compareCodePoints(a.row.zip, b.row.zip));
  const cities = new Map<string, CityHit>();
  for (const { row, rank } of zips) {
    if (rank === MATCH.inCounty) continue;
    const key = namesOf(row).city;
    const hit = cities.get(key);
    if (hit) hit.zips.push(row.zip);
    else cities.set(key, { city: row.city, key, rank, zips: [row.zip] });
  }
  return {
    folded: text,
    counties: [...counties.values()].sort((a, b) => a.rank - b.rank || compareCodePoints(a.county_slug, b.county_slug)),
    cities: [...cities.values()].sort((a, b) => a.rank - b.rank || compareCodePoints(a.key, b.key)),
    zips,
  };
}

export type ListedPlace<R extends PlaceRow> = { kind: 'county'; hit: CountyHit } | { kind: 'city'; hit: CityHit } | { kind: 'zip'; hit: ZipHit<R> };

/**
 * What a search box lists, best first: counties, then each city of several ZIP codes as one entry
 * ("Saint Paul: 31 ZIP codes", in place of its ZIPs), then ZIPs; at most `most` of each kind.
 */
export function listedPlaces<R extends PlaceRow>(result: SearchResult<R>, most = { counties: 3, cities: 5, zips: 10 }): ListedPlace<R>[] {
  const grouped = new Set(result.cities.filter((c) => c.zips.length > 1).map((c) => c.key));
  const counties = result.counties.slice(0, most.counties).map((hit) => ({ kind: 'county' as const, hit }));
  const cities = result.cities.filter((c) => grouped.has(c.key)).slice(0, most.cities).map((hit) => ({ kind: 'city' as const, hit }));
  const zips = result.zips.filter((z) => z.rank === MATCH.inCounty || !grouped.has(namesOf(z.row).city)).slice(0, most.zips).map((hit) => ({ kind: 'zip' as const, hit }));
  const order = { county: 0, city: 1, zip: 2 } as const;
  return [...counties, ...cities, ...zips].sort((a, b) => a.hit.rank - b.hit.rank || order[a.kind] - order[b.kind]);
}

/** The place an entry of the list opens, as a key the next answer can be compared with. */
export const placeKey = <R extends PlaceRow>(item: ListedPlace<R>): string => (item.kind === 'county' ? `county:${item.hit.county_slug}` : item.kind === 'city' ? `city:${item.hit.key}` : item.hit.row.zip);

/**
 * A list that does not jump while typing: when the entry first before is still listed, it stays first
 * (the rest keep their order), so a word being completed leaves the top of the list where it was.
 */
export function keepingFirst<T>(items: readonly T[], firstBefore: string | undefined, keyOf: (item: T) => string): T[] {
  const at = firstBefore === undefined ? -1 : items.findIndex((item) => keyOf(item) === firstBefore);
  return at <= 0 ? [...items] : [items[at] as T, ...items.slice(0, at), ...items.slice(at + 1)];
}

/** "1 match", "2 matches": a count with its noun, singular or plural. */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
