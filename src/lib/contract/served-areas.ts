// The area a housing agency serves with vouchers, in words of any language, and how much of one
// county it covers. Pure and browser-safe, free of zod and of the schemas (the typed client's
// types carry it): the pages, the form's answer (voucherFit), the agent server and the client all
// say an area the same way, from its parts (the contract's ServedAreaPart, which fits these types).
import type { Words } from './words.ts';

/** One county's share of an area (ServedAreaPart in schemas.ts). */
export interface ServedAreaPart {
  county: string;
  county_fips: string;
  county_word: 'County' | 'Parish' | 'Municipio' | null;
  portion: 'all' | 'city' | 'some' | 'southern' | 'most_suburbs';
  city: string | null;
  except: readonly string[];
}

/** An agency's voucher area, part by part. */
export interface ServedArea {
  parts: readonly ServedAreaPart[];
  incomplete: boolean;
}

/** "a", "a and b", "a, b and c" ("a; b; and c" for `semi`, whose items hold lists of their own), in the language of `words`. */
export function listInWords(items: readonly string[], words: Words, kind: 'and' | 'semi' = 'and'): string {
  const [first, ...rest] = items;
  if (first === undefined) return '';
  const [second] = rest;
  if (second === undefined) return first;
  if (rest.length === 1) return words.say('list.two', { first, second, kind });
  return words.say('list.more', { first, rest: listInWords(rest, words, kind), kind });
}

/** A county as a part of a sentence says it: "Hennepin County", and after "of" ("del Condado de Hennepin"). */
const countyValues = (part: ServedAreaPart, words: Words) => {
  const values = { name: part.county, word: part.county_word ?? 'none' };
  return { county: words.say('place.county', values), countyOf: words.say('place.countyOf', values) };
};

/** One part: "the City of Minneapolis", "most of suburban Hennepin County except Bloomington and Plymouth". */
export function areaPartInWords(part: ServedAreaPart, words: Words): string {
  if (part.portion === 'city') return words.say('area.city', { city: part.city ?? '' });
  return words.say('area.county', {
    ...countyValues(part, words),
    portion: part.portion,
    except: part.except.length > 0 ? 'some' : 'none',
    cities: listInWords(part.except, words),
  });
}

/** Parts in a list: by semicolons where a part names cities of its own ("Hennepin County except Bloomington and Plymouth"). */
const partsInWords = (parts: readonly ServedAreaPart[], words: Words) =>
  listInWords(
    parts.map((part) => areaPartInWords(part, words)),
    words,
    parts.length > 1 && parts.some((part) => part.except.length > 1) ? 'semi' : 'and',
  );

/** The whole area, part by part, and "among other places" where its pages name only some of it. */
export function areaInWords(area: ServedArea, words: Words): string {
  const parts = partsInWords(area.parts, words);
  return area.incomplete ? words.say('area.incomplete', { area: parts }) : parts;
}

/** The parts of an area that lie in one county, in words; null where none does. */
export function areaInCountyWords(area: ServedArea, county: string, words: Words): string | null {
  const here = area.parts.filter((part) => part.county === county);
  return here.length === 0 ? null : partsInWords(here, words);
}

/** How much of a county an area covers: all of it (a whole-county part with no exceptions), part of it, or none. */
export function coverageOf(area: ServedArea | null, countyFips: string): 'all' | 'part' | null {
  const here = area?.parts.filter((part) => part.county_fips === countyFips) ?? [];
  if (here.length === 0) return null;
  return here.some((part) => part.portion === 'all' && part.except.length === 0) ? 'all' : 'part';
}
