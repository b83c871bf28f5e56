// How the service says things to people in one language: the catalogue's ICU messages, formatted by
// FormatJS's intl-messageformat (plurals and selects by CLDR's rules), and numbers, money and months
// formatted by Intl in the language's locale. Pure: the catalogue arrives as a value, so the pages
// (every language), the form's script (one language, loaded on its page) and the agent server and
// the typed client (English) all say the same thing the same way.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import type { LanguageScope } from '../languages.ts';
import { type NumberFormats, numberFormats } from './format.ts';

/** One language's messages: key → ICU MessageFormat text. */
export type Catalogue = Readonly<Record<string, string>>;
/**
 * The same messages parsed at build (build/precompiled-messages.ts): what a page's script loads, with no parser.
 * Each is FormatJS's syntax tree, typed loosely here so the typed client's declarations name no FormatJS module.
 */
export type CompiledCatalogue = Readonly<Record<string, readonly object[]>>;
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
  /** "2026-05-01" → "1 May 2026" (from the pages' catalogue). */
  readonly date: (isoDate: string) => string;
  /** 2026 → "FY2026", "año fiscal 2026" (from the pages' catalogue). */
  readonly fiscalYear: (year: number) => string;
  /** 2026 → "FY2026", "2026": under a chart's point or in a column headed "Fiscal year". */
  readonly fiscalYearShort: (year: number) => string;
}

/** The words of `language` from its catalogue, as text or precompiled (which must hold every key the callers say). */
export function wordsOf(language: LanguageScope, catalogue: Catalogue | CompiledCatalogue): Words {
  const locale = language.intlLocale;
  const compiled = new Map<string, IntlMessageFormat>();
  const say = (key: MessageKey, values?: Values): string => {
    let message = compiled.get(key);
    if (!message) {
      const text = catalogue[key];
      if (text === undefined) throw new Error(`no message "${key}" in the ${language.englishName} (${language.code}) catalogue`);
      message = new IntlMessageFormat(text as string | MessageFormatElement[], locale, undefined, { ignoreTag: true });
      compiled.set(key, message);
    }
    return String(message.format(values));
  };
  const missing = say('format.missing');
  const month = (yearMonth: string) => say('format.month', { month: String(Number(yearMonth.slice(5, 7))), year: yearMonth.slice(0, 4) });
  return {
    language,
    say,
    missing,
    ...numberFormats(language.intlLocale, missing),
    month,
    date: (isoDate) => say('format.longDate', { day: String(Number(isoDate.slice(8, 10))), month: month(isoDate.slice(0, 7)) }),
    fiscalYear: (year) => say('format.fiscalYear', { year: String(year) }),
    fiscalYearShort: (year) => say('format.fiscalYearShort', { year: String(year) }),
  };
}

type Element = { type: number; value?: unknown; options?: Record<string, { value: Element[] }>; children?: Element[] };

/**
 * The arguments a message takes (`{zip}`, `{count, plural, …}`), sorted, and the branches of each
 * select and plural it has; the message must parse.
 */
function shapeOf(text: string, locale: string): { names: string[]; branches: Map<string, { kind: 'select' | 'plural'; keys: Set<string> }> } {
  const names = new Set<string>();
  const branches = new Map<string, { kind: 'select' | 'plural'; keys: Set<string> }>();
  const walk = (elements: Element[]) => {
    for (const el of elements) {
      // 1 argument, 2 number, 3 date, 4 time, 5 select, 6 plural: each names its argument in `value`.
      if (el.type >= 1 && el.type <= 6 && typeof el.value === 'string') names.add(el.value);
      if ((el.type === 5 || el.type === 6) && typeof el.value === 'string') {
        const kind = el.type === 5 ? 'select' : 'plural';
        const keys = branches.get(el.value)?.keys ?? new Set<string>();
        for (const key of Object.keys(el.options ?? {})) keys.add(key);
        branches.set(el.value, { kind, keys });
      }
      for (const option of Object.values(el.options ?? {})) walk(option.value);
      if (el.children) walk(el.children);
    }
  };
  walk(new IntlMessageFormat(text, locale, undefined, { ignoreTag: true }).getAst());
  return { names: [...names].sort(), branches };
}

/**
 * Why a translated select or plural does not branch as the English one does, or "": a select needs
 * English's cases, a plural `other`, English's exact cases (`=0`) and only the language's own plural
 * categories (CLDR's, by Intl): Spanish has `many`, Somali and Hmong (in en-US) `one` and `other`.
 */
function branchProblem(ours: ReturnType<typeof shapeOf>['branches'], theirs: ReturnType<typeof shapeOf>['branches'], locale: string): string {
  const categories = new Set<string>(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);
  for (const [name, english] of ours) {
    const found = theirs.get(name);
    if (!found || found.kind !== english.kind) return `{${name}} is a ${english.kind} in English`;
    const keys = [...found.keys].sort();
    if (english.kind === 'select') {
      if (keys.join() !== [...english.keys].sort().join()) return `{${name}, select} has the cases ${keys.join(', ')} where English has ${[...english.keys].sort().join(', ')}`;
      continue;
    }
    const exact = (set: Iterable<string>) => [...set].filter((k) => k.startsWith('=')).sort().join();
    const foreign = keys.filter((k) => !k.startsWith('=') && !categories.has(k));
    if (!found.keys.has('other')) return `{${name}, plural} has no "other" form`;
    if (foreign.length > 0) return `{${name}, plural} has the form${foreign.length > 1 ? 's' : ''} ${foreign.join(', ')}, which the language's plural rules never choose (its forms: ${[...categories].join(', ')})`;
    if (exact(found.keys) !== exact(english.keys)) return `{${name}, plural} has the exact cases ${exact(found.keys) || 'none'} where English has ${exact(english.keys) || 'none'}`;
  }
  return '';
}

/**
 * What is wrong with a translated catalogue beside the English one, a sentence each naming the key:
 * a message missing or extra, one that does not parse, one whose arguments differ from the English
 * message's (a dropped `{amount}` would leave a number out of the answer), or one that branches
 * otherwise (a select case or a plural form lost or foreign to the language).
 */
/** The parts a translation's catalogue is split into, each a file src/messages/<code>/<part>.json. */
export const CATALOGUE_PARTS = ['pages', 'scripts'] as const;
export type CataloguePart = (typeof CATALOGUE_PARTS)[number];
export const catalogueFile = (language: LanguageScope, part: CataloguePart) => `src/messages/${language.code}/${part}.json`;

/**
 * What is wrong with one translation's catalogue files against English's, as one line naming the
 * file, the key and the language (the first problem, and how many more there are), or undefined
 * when it is complete. `found` holds each part as read, undefined where the file is missing.
 */
export function catalogueFailure(language: LanguageScope, english: Readonly<Record<CataloguePart, Catalogue>>, found: Readonly<Partial<Record<CataloguePart, Catalogue>>>): string | undefined {
  const problems = CATALOGUE_PARTS.flatMap((part) => {
    const file = catalogueFile(language, part);
    const catalogue = found[part];
    if (!catalogue) return [`${file}: missing: every language has one (copy src/messages/en/${part}.json and translate it)`];
    return catalogueProblems(english[part], catalogue, language).map((problem) => `${file}: ${problem}`);
  });
  const [first] = problems;
  if (first === undefined) return undefined;
  return problems.length === 1 ? first : `${first} (and ${problems.length - 1} more ${problems.length === 2 ? 'problem' : 'problems'} in the ${language.englishName} catalogue)`;
}

export function catalogueProblems(english: Catalogue, translated: Catalogue, language: LanguageScope): string[] {
  const problems: string[] = [];
  const name = `${language.englishName} (${language.code})`;
  for (const [key, text] of Object.entries(english)) {
    const theirs = translated[key];
    if (theirs === undefined) {
      problems.push(`no message "${key}" in ${name}: translate the English "${text}"`);
      continue;
    }
    let ours: ReturnType<typeof shapeOf>;
    let found: ReturnType<typeof shapeOf>;
    try {
      ours = shapeOf(text, 'en-US');
      found = shapeOf(theirs, language.intlLocale);
    } catch (error) {
      problems.push(`message "${key}" in ${name} does not parse as ICU MessageFormat: ${(error as Error).message}`);
      continue;
    }
    if (ours.names.join() !== found.names.join()) {
      problems.push(`message "${key}" in ${name} takes {${found.names.join('}, {')}} where English takes {${ours.names.join('}, {')}}`);
      continue;
    }
    const branching = branchProblem(ours.branches, found.branches, language.intlLocale);
    if (branching) problems.push(`message "${key}" in ${name}: ${branching}`);
  }
  for (const key of Object.keys(translated)) if (!(key in english)) problems.push(`message "${key}" in ${name} is not in the English catalogue: remove it or add it there`);
  return problems;
}
