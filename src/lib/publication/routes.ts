// Where every page lives: the one place that spells a page's path (an endpoint's is in the contract's
// endpoint table, filled in by apiPath). No imports: the browser's script may use it too.

/** Paths of the pages for people, relative to the site root. */
export const pagePath = {
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

/** The Atom feed of the change log. */
export const CHANGES_FEED_PATH = '/changes.xml';

/** The anchor of one change-log entry on the changes page: its build's time, without punctuation. */
export const changeAnchor = (generatedAt: string) => `build-${generatedAt.replace(/[^0-9]/g, '')}`;

/** The compact list the home page's search box downloads: `[zip, city, county, slug]` per ZIP. */
export const SEARCH_INDEX_PATH = '/search-index.json';

/** Absolute URLs under the site's base URL (no trailing slash on the base). */
export function siteUrls(site: string) {
  const base = site.replace(/\/+$/, '');
  return {
    base,
    zip: (zip: string) => base + pagePath.zip(zip),
    county: (slug: string) => base + pagePath.county(slug),
    sectionEight: base + pagePath.sectionEight,
    docs: base + pagePath.docs,
    home: base + pagePath.home,
    api: (path: string) => `${base}${path}`,
  };
}

export type SiteUrls = ReturnType<typeof siteUrls>;
