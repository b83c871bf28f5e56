// The pages' words in each language: every catalogue under src/messages/<code>/, checked against the
// English one the first time a language is asked for. A missing, extra or mis-argued message stops
// the build with a line naming the file, the key and the language, never a page half in English.
import { ENGLISH_CATALOGUE, ENGLISH_PARTS } from '../contract/english.ts';
import { CATALOGUE_PARTS, type Catalogue, catalogueFailure, type CataloguePart, type Words, wordsOf } from '../contract/words.ts';
import { ExpectedError } from '../errors.ts';
import { type LanguageScope, SOURCE_LANGUAGE } from '../languages.ts';
import { type Reviews, reviewCounts } from '../translations/review.ts';

/** The translations' catalogue files, by path ("../../messages/es/pages.json"); English's come from english.ts. */
const FILES = import.meta.glob<Catalogue>(['../../messages/*/pages.json', '../../messages/*/scripts.json', '!../../messages/en/*.json'], { eager: true, import: 'default' });
/** Each translation's reviews by native speakers (npm run translations:import writes them). */
const REVIEWS = import.meta.glob<Reviews>('../../messages/*/reviews.json', { eager: true, import: 'default' });

const made = new Map<string, Words>();

/** One language's whole catalogue (pages and scripts), checked against English. */
export function catalogueOf(language: LanguageScope): Catalogue {
  if (language === SOURCE_LANGUAGE) return ENGLISH_CATALOGUE;
  const found = Object.fromEntries(CATALOGUE_PARTS.flatMap((part) => {
    const catalogue = FILES[`../../messages/${language.code}/${part}.json`];
    return catalogue ? [[part, catalogue]] : [];
  })) as Partial<Record<CataloguePart, Catalogue>>;
  // The build checks every catalogue before it renders (build/catalogues.ts); this is the same rule
  // for a page rendered any other way (astro dev).
  const failure = catalogueFailure(language, ENGLISH_PARTS, found);
  if (failure !== undefined) throw new ExpectedError(failure);
  return Object.assign({}, ...CATALOGUE_PARTS.map((part) => found[part])) as Catalogue;
}

/** The words a page in `language` is written with. */
export function pageWords(language: LanguageScope): Words {
  let words = made.get(language.code);
  if (!words) {
    words = wordsOf(language, catalogueOf(language));
    made.set(language.code, words);
  }
  return words;
}

export interface ReviewState {
  state: 'none' | 'some' | 'all';
  reviewed: number;
  total: number;
}
const reviewStates = new Map<string, ReviewState>();

/** How much of a translation native speakers have reviewed, as its messages now read: what its pages' notice says. */
export function reviewStateOf(language: LanguageScope): ReviewState {
  let state = reviewStates.get(language.code);
  if (!state) {
    const counts = reviewCounts(ENGLISH_CATALOGUE, catalogueOf(language), REVIEWS[`../../messages/${language.code}/reviews.json`] ?? {});
    state = { state: counts.reviewed === 0 ? 'none' : counts.reviewed === counts.total ? 'all' : 'some', ...counts };
    reviewStates.set(language.code, state);
  }
  return state;
}
