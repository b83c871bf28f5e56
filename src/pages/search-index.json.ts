// What the search box downloads: four strings per ZIP on one line, a fraction of the index's bytes.
import type { APIRoute } from 'astro';
import { siteContext, zipRecords } from '../lib/site/collections.ts';
import { toSearchIndex } from '../lib/derive/search.ts';

export const GET: APIRoute = async () =>
  new Response(`${JSON.stringify(toSearchIndex(await zipRecords(), (await siteContext()).state))}\n`, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
