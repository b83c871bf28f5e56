// Where every page lives: the one place that spells a page's path (an endpoint's is in the contract's
// endpoint table, filled in by apiPath). No imports: the browser's script may use it too.

/** Paths of the pages for people, relative to the site root. */
export const pagePath = {
  home: '/',
  zip: (zip: string) => `/zip/${zip}/`,
  county: (slug: string) => `/county/${slug}/`,
  sectionEight: '/section-8/',
  docs: '/docs/',
} as const;

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
