// The pages' words in each language: every catalogue under src/messages/<code>/, checked against the
// English one the first time a language is asked for. A missing, extra or mis-argued message stops
// the build with a line naming the file, the key and the language, never a page half in English.
import { ENGLISH_CATALOGUE, ENGLISH_PARTS } from '../contract/english.ts';
import { type Catalogue, catalogueProblems, type Words, wordsOf } from '../contract/words.ts';
import { type LanguageScope, SOURCE_LANGUAGE } from '../languages.ts';
import { type Reviews, reviewCounts } from '../translations/review.ts';

/** The translations' catalogue files, by path ("../../messages/es/pages.json"); English's come from english.ts. */
const FILES = import.meta.glob<Catalogue>(['../../messages/*/pages.json', '../../messages/*/scripts.json', '!../../messages/en/*.json'], { eager: true, import: 'default' });
/** Each translation's reviews by native speakers (npm run translations:import writes them). */
const REVIEWS = import.meta.glob<Reviews>('../../messages/*/reviews.json', { eager: true, import: 'default' });
const PARTS = ['pages', 'scripts'] as const;

const made = new Map<string, Words>();

/** One language's whole catalogue (pages and scripts), checked against English. */
export function catalogueOf(language: LanguageScope): Catalogue {
  if (language === SOURCE_LANGUAGE) return ENGLISH_CATALOGUE;
  const problems: string[] = [];
  const merged: Record<string, string> = {};
  for (const part of PARTS) {
    const file = `src/messages/${language.code}/${part}.json`;
    const catalogue = FILES[`../../messages/${language.code}/${part}.json`];
    const english = ENGLISH_PARTS[part];
    if (!catalogue) {
      problems.push(`${file}: missing: every language has one (copy src/messages/en/${part}.json and translate it)`);
      continue;
    }
    problems.push(...catalogueProblems(english, catalogue, language).map((problem) => `${file}: ${problem}`));
    Object.assign(merged, catalogue);
  }
  if (problems.length > 0) throw new Error(`the ${language.englishName} catalogue is not complete:\n${problems.join('\n')}`);
  return merged;
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
