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
