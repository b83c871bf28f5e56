// What the search box downloads: four strings per ZIP on one line, a fraction of the index's bytes.
import type { APIRoute } from 'astro';
import { zipRecords } from '../lib/collections.ts';

export const GET: APIRoute = async () => {
  const zips = (await zipRecords()).map((z) => [z.zip, z.city, z.county, z.county_slug]);
  return new Response(`${JSON.stringify({ zips })}\n`, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
