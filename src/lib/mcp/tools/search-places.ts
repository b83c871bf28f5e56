import { z } from 'zod';
import { Meta } from '../../contract.ts';
import { countyKey } from '../match.ts';
import { defineTool, ok } from './tool.ts';
import { compareCodePoints } from '../../order.ts';

const Place = z.object({ zip: z.string(), city: z.string(), county: z.string(), county_slug: z.string(), url: z.string() }).strict();
const CountyHit = z.object({ county: z.string(), county_slug: z.string(), zip_count: z.int() }).strict();

export const searchPlaces = defineTool({
  name: 'search_places',
  title: 'Find ZIP codes by ZIP prefix, city or county',
  description: 'Search published Minnesota ZIP codes by ZIP prefix ("551"), city ("Duluth") or county name ("St Louis"). Returns matching counties and ZIP codes.',
  input: {
    query: z.string().trim().min(1).max(100).describe('A ZIP prefix, a city or a county name'),
    limit: z.int().min(1).max(100).default(20).describe('Most ZIP codes to return (1-100, default 20)'),
  },
  output: z.object({ meta: Meta, query: z.string(), counties: z.array(CountyHit), zips: z.array(Place), total_zips: z.int() }).strict(),
  async run({ query, limit }, reader) {
    const index = await reader.index();
    const text = query.toLowerCase();
    const key = countyKey(query);
    const byCounty = new Map<string, { county: string; county_slug: string; zip_count: number }>();
    for (const z of index.zips) {
      if (key && (z.county_slug === key || z.county_slug.startsWith(key))) {
        const hit = byCounty.get(z.county_slug) ?? { county: z.county, county_slug: z.county_slug, zip_count: 0 };
        hit.zip_count += 1;
        byCounty.set(z.county_slug, hit);
      }
    }
    const rank = (z: (typeof index.zips)[number]) => {
      if (/^\d+$/.test(query)) return z.zip.startsWith(query) ? 0 : -1;
      const city = z.city.toLowerCase();
      if (city === text) return 0;
      if (city.startsWith(text)) return 1;
      if (city.includes(text)) return 2;
      return byCounty.has(z.county_slug) ? 3 : -1;
    };
    const hits = index.zips
      .map((z) => ({ z, r: rank(z) }))
      .filter((h) => h.r >= 0)
      .sort((a, b) => a.r - b.r || compareCodePoints(a.z.zip, b.z.zip));
    const zips = hits.slice(0, limit).map(({ z }) => ({ zip: z.zip, city: z.city, county: z.county, county_slug: z.county_slug, url: z.url }));
    const counties = [...byCounty.values()].sort((a, b) => compareCodePoints(a.county_slug, b.county_slug));
    const summary = hits.length
      ? `${hits.length} ZIP code${hits.length === 1 ? '' : 's'} match "${query}"${counties.length ? ` (counties: ${counties.map((c) => c.county).join(', ')})` : ''}: ${zips.map((z) => `${z.zip} ${z.city}`).join('; ')}${hits.length > zips.length ? '; …' : ''}.`
      : `Nothing published matches "${query}". Try a ZIP prefix such as 551, a city such as Duluth, or a county such as Hennepin.`;
    return ok(summary, { meta: index.meta, query, counties, zips, total_zips: hits.length });
  },
});
