// What a page's browser script links to, read from the page it runs on: the build's path prefix
// (`data-prefix` on <html>, written by Base.astro) and the page's language (`lang`).
import { linksUnder, pagePathsIn, SEARCH_INDEX_PATH } from '../contract/routes.ts';
import { languageByCode, languagePrefix, SOURCE_LANGUAGE } from '../languages.ts';

/** The pages' paths in the language of `html`, and where the search index is, under the page's prefix. */
export function linksOfPage(html: HTMLElement) {
  const prefix = html.dataset.prefix ?? '';
  return { paths: pagePathsIn(prefix, languagePrefix(languageByCode(html.lang) ?? SOURCE_LANGUAGE)), searchIndex: linksUnder(prefix)(SEARCH_INDEX_PATH) };
}
