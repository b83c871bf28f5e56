// The languages the pages for people are written in: one row each. Adding a language is a row here
// and its catalogue under src/messages/<code>/ (CONTRIBUTING.md, "Adding a language"). The JSON API,
// openapi.json, the llms files, /docs/ and the agent server stay English: they are for programs.

export interface LanguageScope {
  /** BCP 47 tag: the `lang` attribute, `hreflang`, the path prefix and the catalogue's folder. */
  code: string;
  /** The language's name in itself, as the switcher shows it. */
  name: string;
  /** Its name in English, for messages to maintainers. */
  englishName: string;
  /**
   * The locale Intl formats numbers, money and plural rules in. Hmong has no CLDR locale: Intl would
   * fall back to the machine's own and the bytes would depend on it, so Hmong writes numbers as
   * Hmong Americans read them, in en-US.
   */
  intlLocale: string;
}

export const LANGUAGES: readonly LanguageScope[] = [
  { code: 'en', name: 'English', englishName: 'English', intlLocale: 'en-US' },
  { code: 'es', name: 'Español', englishName: 'Spanish', intlLocale: 'es-US' },
  { code: 'so', name: 'Soomaali', englishName: 'Somali', intlLocale: 'so' },
  { code: 'hmn', name: 'Hmoob', englishName: 'Hmong', intlLocale: 'en-US' },
];

/** The language the catalogues are translated from, whose pages have no path prefix. */
export const SOURCE_LANGUAGE = LANGUAGES[0] as LanguageScope;

export const languageByCode = (code: string): LanguageScope | undefined => LANGUAGES.find((l) => l.code === code);

/** The translations: every language but English. */
export const TRANSLATED = LANGUAGES.filter((l) => l !== SOURCE_LANGUAGE);

/** Where a language's pages live under the site: '' for English, `/es` for Spanish. */
export const languagePrefix = (language: LanguageScope) => (language === SOURCE_LANGUAGE ? '' : `/${language.code}`);

/**
 * The languages of a build from a list of codes (`en,es`), in the table's order; every language when
 * not given. English is always among them: its pages are the site's root, and each translation
 * links to them. Returns a sentence saying what to change when the list is not usable.
 */
export function languagesFromList(list: string | undefined): readonly LanguageScope[] | string {
  if (list === undefined) return LANGUAGES;
  const codes = list.split(',').map((code) => code.trim());
  const unknown = codes.filter((code) => !languageByCode(code));
  if (unknown.length > 0) return `${unknown.map((code) => `"${code}"`).join(', ')} ${unknown.length === 1 ? 'is not a language' : 'are not languages'} of the pages; give codes from ${LANGUAGES.map((l) => l.code).join(',')}`;
  if (!codes.includes(SOURCE_LANGUAGE.code)) return `${SOURCE_LANGUAGE.code} must be among them: the English pages are the site's root (e.g. ${[SOURCE_LANGUAGE.code, ...codes].join(',')})`;
  return LANGUAGES.filter((language) => codes.includes(language.code));
}
