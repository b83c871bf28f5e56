// How the service says things to people in one language: the catalogue's ICU messages, formatted by
// FormatJS's intl-messageformat (plurals and selects by CLDR's rules), and numbers, money and months
// formatted by Intl in the language's locale. Pure: the catalogue arrives as a value, so the pages
// (every language), the form's script (one language, loaded on its page) and the agent server and
// the typed client (English) all say the same thing the same way.
import { IntlMessageFormat } from 'intl-messageformat';
import type { LanguageScope } from '../languages.ts';
import { type NumberFormats, numberFormats } from './format.ts';

/** One language's messages: key → ICU MessageFormat text. */
export type Catalogue = Readonly<Record<string, string>>;
/**
 * Every message's key, from the English catalogues (a type only: nothing of them reaches a script this way), so a
 * missing or misspelt key fails the typecheck rather than a page at render time.
 */
export type MessageKey = keyof typeof import('../../messages/en/pages.json') | keyof typeof import('../../messages/en/scripts.json');
/** What a message is filled with: numbers for plurals, text for everything already formatted. */
export type Values = Readonly<Record<string, string | number>>;

export interface Words extends NumberFormats {
  readonly language: LanguageScope;
  /** The message `key` filled with `values`; a key the catalogue lacks is a programming error. */
  readonly say: (key: MessageKey, values?: Values) => string;
  /** A value the data does not have: "n/a". */
  readonly missing: string;
  /** "2023-10" → "October 2023". */
  readonly month: (yearMonth: string) => string;
}

/** The words of `language` from its catalogue (which must hold every key the callers say). */
export function wordsOf(language: LanguageScope, catalogue: Catalogue): Words {
  const locale = language.intlLocale;
  const compiled = new Map<string, IntlMessageFormat>();
  const say = (key: MessageKey, values?: Values): string => {
    let message = compiled.get(key);
    if (!message) {
      const text = catalogue[key];
      if (text === undefined) throw new Error(`no message "${key}" in the ${language.englishName} (${language.code}) catalogue`);
      message = new IntlMessageFormat(text, locale, undefined, { ignoreTag: true });
      compiled.set(key, message);
    }
    return String(message.format(values));
  };
  const missing = say('format.missing');
  return {
    language,
    say,
    missing,
    ...numberFormats(language.intlLocale, missing),
    month: (yearMonth) => say('format.month', { month: String(Number(yearMonth.slice(5, 7))), year: yearMonth.slice(0, 4) }),
  };
}

type Element = { type: number; value?: unknown; options?: Record<string, { value: Element[] }>; children?: Element[] };

/** The arguments a message takes (`{zip}`, `{count, plural, …}`), sorted; the message must parse. */
function argumentsOf(text: string, locale: string): string[] {
  const names = new Set<string>();
  const walk = (elements: Element[]) => {
    for (const el of elements) {
      // 1 argument, 2 number, 3 date, 4 time, 5 select, 6 plural: each names its argument in `value`.
      if (el.type >= 1 && el.type <= 6 && typeof el.value === 'string') names.add(el.value);
      for (const option of Object.values(el.options ?? {})) walk(option.value);
      if (el.children) walk(el.children);
    }
  };
  walk(new IntlMessageFormat(text, locale, undefined, { ignoreTag: true }).getAst());
  return [...names].sort();
}

/**
 * What is wrong with a translated catalogue beside the English one, a sentence each naming the key:
 * a message missing or extra, one that does not parse, or one whose arguments differ from the
 * English message's (a dropped `{amount}` would leave a number out of the answer).
 */
export function catalogueProblems(english: Catalogue, translated: Catalogue, language: LanguageScope): string[] {
  const problems: string[] = [];
  const name = `${language.englishName} (${language.code})`;
  for (const [key, text] of Object.entries(english)) {
    const theirs = translated[key];
    if (theirs === undefined) {
      problems.push(`no message "${key}" in ${name}: translate the English "${text}"`);
      continue;
    }
    let ours: string[];
    let found: string[];
    try {
      ours = argumentsOf(text, 'en-US');
      found = argumentsOf(theirs, language.intlLocale);
    } catch (error) {
      problems.push(`message "${key}" in ${name} does not parse as ICU MessageFormat: ${(error as Error).message}`);
      continue;
    }
    if (ours.join() !== found.join()) problems.push(`message "${key}" in ${name} takes {${found.join('}, {')}} where English takes {${ours.join('}, {')}}`);
  }
  for (const key of Object.keys(translated)) if (!(key in english)) problems.push(`message "${key}" in ${name} is not in the English catalogue: remove it or add it there`);
  return problems;
}
