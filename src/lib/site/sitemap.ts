import type { LoadedDataset } from '../dataset/load.ts';
import { loadedDataset } from '../dataset/in-process.ts';

let index: { dataset: LoadedDataset; lastmod: Map<string, string>; newest: string | undefined } | undefined;

/** `lastmod` of a page: the same date its JSON resource carries; the newest of all for the other pages. */
export function sitemapLastmod(url: string): string | undefined {
  const dataset = loadedDataset();
  if (!dataset) return undefined;
  if (index?.dataset !== dataset) {
    const resources = [...dataset.zips, ...dataset.counties, dataset.sectionEight];
    index = { dataset, lastmod: new Map(resources.map((r) => [r.url, r.lastmod])), newest: resources.map((r) => r.lastmod).sort().at(-1) };
  }
  return index.lastmod.get(url) ?? index.newest;
}
