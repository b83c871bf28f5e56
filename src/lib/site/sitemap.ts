import type { LoadedDataset } from '../dataset/load.ts';
import { loadedDataset } from '../dataset/in-process.ts';
import { languagePrefix, TRANSLATED } from '../languages.ts';

/** A translated page's URL as its English page's: the translation says what the English page says, so it was changed when that was. */
function englishUrl(url: string): string {
  const { origin, pathname } = new URL(url);
  for (const language of TRANSLATED) {
    const prefix = languagePrefix(language);
    const at = pathname.indexOf(`${prefix}/`);
    if (at >= 0) return origin + pathname.slice(0, at) + pathname.slice(at + prefix.length);
  }
  return url;
}

let index: { dataset: LoadedDataset; lastmod: Map<string, string>; newest: string | undefined } | undefined;

/** `lastmod` of a page: the same date its JSON resource carries; the newest of all for the other pages. */
export function sitemapLastmod(url: string): string | undefined {
  const dataset = loadedDataset();
  if (!dataset) return undefined;
  if (index?.dataset !== dataset) {
    const resources = [...dataset.zips, ...dataset.counties, dataset.sectionEight];
    index = { dataset, lastmod: new Map(resources.map((r) => [r.url, r.lastmod])), newest: resources.map((r) => r.lastmod).sort().at(-1) };
  }
  return index.lastmod.get(englishUrl(url)) ?? index.newest;
}
