import { z } from 'zod';
import { Meta } from '../../contract/schemas.ts';
import { countOf, searchPlaces as searchPlaceRows } from '../../derive/search.ts';
import { countyLabelIn, type StateScope } from '../../states.ts';
import type { Context } from '../../context.ts';
import { defineTool, ok } from './tool.ts';

const Place = z.object({ zip: z.string(), city: z.string(), county: z.string(), county_slug: z.string(), url: z.string() }).strict();
const CountyHit = z.object({ county: z.string(), county_slug: z.string(), zip_count: z.int() }).strict();

/** A place name as people type it: "Saint Paul" → "St Paul", "St. Louis" → "St Louis". */
const casually = (name: string) => name.replace(/^Saint /, 'St ').replace(/\./g, '');

function nothingMatches(state: StateScope, query: string): string {
  const { zip, city, county } = state.example;
  return `Nothing published matches "${query}". Try a ZIP prefix such as ${zip.slice(0, 3)}, a city such as ${city}, or a county such as ${county}.`;
}

export const searchPlaces = defineTool({
  name: 'search_places',
  title: 'Find ZIP codes by ZIP prefix, city or county',
  describe({ state }: Context) {
    const { city, county } = state.example;
    return `Search published ${state.name} ZIP codes by ZIP prefix ("${state.zipPrefixes[0] ?? ''}"), city ("${city}", "${casually(city)}, ${state.code}") or county name ("${casually(county)}", "${countyLabelIn(county, state)}"). Case, accents, punctuation and St/Saint, Mt/Mount, Ft/Fort are folded; exact city names come before prefixes. Returns matching counties and ZIP codes, best first.`;
  },
  input: {
    query: z.string().trim().min(1).max(100).describe('A ZIP prefix, a city or a county name'),
    limit: z.int().min(1).max(100).default(20).describe('Most ZIP codes to return (1-100, default 20)'),
  },
  output: z.object({ meta: Meta, query: z.string(), counties: z.array(CountyHit), zips: z.array(Place), total_zips: z.int() }).strict(),
  async run({ query, limit }, reader, { state }) {
    const index = await reader.index();
    const result = searchPlaceRows(index.zips, query, state);
    const zips = result.zips.slice(0, limit).map(({ row: z }) => ({ zip: z.zip, city: z.city, county: z.county, county_slug: z.county_slug, url: z.url }));
    const counties = result.counties.map(({ county, county_slug, zip_count }) => ({ county, county_slug, zip_count }));
    const total = result.zips.length;
    const countyNote = counties.length ? ` (${countOf(counties.length, 'county', 'counties')}: ${counties.map((c) => countyLabelIn(c.county, state)).join(', ')})` : '';
    const summary = total
      ? `${countOf(total, 'ZIP code')} ${total === 1 ? 'matches' : 'match'} "${query}"${countyNote}: ${zips.map((z) => `${z.zip} ${z.city}`).join('; ')}${total > zips.length ? '; …' : ''}.`
      : nothingMatches(state, query);
    return ok(summary, { meta: index.meta, query, counties, zips, total_zips: total });
  },
});
