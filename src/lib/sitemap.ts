import { loadedDataset } from './dataset.ts';

/** `lastmod` of a page: the same date its JSON resource carries; the newest of all for the rest. */
export function sitemapLastmod(url: string): string | undefined {
  const dataset = loadedDataset();
  if (!dataset) return undefined;
  const zip = /\/zip\/(\d{5})\/$/.exec(url)?.[1];
  if (zip) return dataset.zips.find((z) => z.zip === zip)?.lastmod;
  const slug = /\/county\/([a-z0-9-]+)\/$/.exec(url)?.[1];
  if (slug) return dataset.counties.find((c) => c.county_slug === slug)?.lastmod;
  if (url === dataset.sectionEight.url) return dataset.sectionEight.lastmod;
  return [...dataset.zips, ...dataset.counties, dataset.sectionEight].map((r) => r.lastmod).sort().at(-1);
}
