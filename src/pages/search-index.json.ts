// What the search box downloads: four strings per ZIP on one line, a fraction of the index's bytes.
import type { APIRoute } from 'astro';
import { zipRecords } from '../lib/site/collections.ts';
import { toSearchIndex } from '../lib/derive/search.ts';
import { currentState } from '../lib/state.ts';

export const GET: APIRoute = async () =>
  new Response(`${JSON.stringify(toSearchIndex(await zipRecords(), currentState()))}\n`, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
