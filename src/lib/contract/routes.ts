// Where every page lives: the one place that spells a page's path (an endpoint's is in the contract's
// endpoint table, filled in by apiPath). No imports: the browser's script may use it too.

/** Where the site is published; `npm run build -- --site URL` overrides it. */
export const DEFAULT_SITE = 'https://mnrent.example.org';

/** The public root of a site at `site` under the path `base` ('/' or '/wi/'): `https://rent.example.org/wi`. */
export const rootOf = (site: string, base: string) => site.replace(/\/+$/, '') + base.replace(/\/+$/, '');

/**
 * The path prefix of a public root: '' at a host's root, '/wi' for `--base /wi/`. A build is given
 * it (the render request, or Astro's `base` for a bare `astro build`); the pages take it from the
 * site record and their browser scripts from the page (`data-prefix` on <html>).
 */
export const pathPrefixOf = (root: string) => new URL(root).pathname.replace(/\/+$/, '');

/** Links within a site under `prefix` ('' or '/wi'): `linksUnder('/wi')('/openapi.json')` is `/wi/openapi.json`. */
export const linksUnder = (prefix: string) => (path: string) => prefix + path;

/** Paths of the pages for people, within the site. */
const PAGES = {
  home: '/',
  zip: (zip: string) => `/zip/${zip}/`,
  county: (slug: string) => `/county/${slug}/`,
  sectionEight: '/section-8/',
  docs: '/docs/',
  /** Every ZIP by city, A to Z: where the search form goes without JavaScript. */
  zips: '/zips/',
  /** What changed in each recent build, for people; its Atom feed is CHANGES_FEED_PATH. */
  changes: '/changes/',
} as const;

/**
 * The pages' paths as links in one language: with the site's path prefix (`''` or `/wi`), and the
 * language's own prefix for a translation (`/es/zip/55104/`; `''` for English). The change log and
 * the API docs stay English: they are written for developers.
 */
export function pagePathsIn(pathPrefix: string, languagePrefix: string) {
  const href = linksUnder(pathPrefix);
  const at = (path: string) => href(languagePrefix + path);
  return {
    home: at(PAGES.home),
    zip: (zip: string) => at(PAGES.zip(zip)),
    county: (slug: string) => at(PAGES.county(slug)),
    sectionEight: at(PAGES.sectionEight),
    zips: at(PAGES.zips),
    docs: href(PAGES.docs),
    changes: href(PAGES.changes),
  } as const;
}

export type PagePaths = ReturnType<typeof pagePathsIn>;

/** The English pages' paths within the site (no path prefix): what `siteUrls` and the tests put after a root. */
export const pagePath = pagePathsIn('', '');

/** A page's path in another language: `/es/zip/55104/` from `/zip/55104/` (both within the site, without the path prefix). */
export const pathInLanguage = (path: string, fromPrefix: string, toPrefix: string) => toPrefix + (fromPrefix && path.startsWith(fromPrefix) ? path.slice(fromPrefix.length) : path);

/** The Atom feed of the change log (within the site; a page links it with its `href`). */
export const CHANGES_FEED_PATH = '/changes.xml';

/** The anchor of one change-log entry on the changes page: its build's time, without punctuation. */
export const changeAnchor = (generatedAt: string) => `build-${generatedAt.replace(/[^0-9]/g, '')}`;

/** The compact list the home page's search box downloads (within the site; a script fetches it under the page's prefix). */
export const SEARCH_INDEX_PATH = '/search-index.json';

/** Absolute URLs under the site's public root, prefix included (`https://rent.example.org/wi`). */
export function siteUrls(root: string) {
  const base = root.replace(/\/+$/, '');
  return {
    base,
    zip: (zip: string) => base + PAGES.zip(zip),
    county: (slug: string) => base + PAGES.county(slug),
    sectionEight: base + PAGES.sectionEight,
    docs: base + PAGES.docs,
    home: base + PAGES.home,
    api: (path: string) => `${base}${path}`,
  };
}

export type SiteUrls = ReturnType<typeof siteUrls>;
