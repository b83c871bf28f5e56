import type { APIRoute } from 'astro';
import { publicRoot } from '../lib/contract/routes.ts';
import { changesRecord, siteRecord } from '../lib/site/collections.ts';
import { changesAtom } from '../lib/publication/changes-feed.ts';

export const GET: APIRoute = async ({ site }) => {
  const [{ meta }, record] = await Promise.all([siteRecord(), changesRecord()]);
  return new Response(changesAtom(record, meta, publicRoot(site)), { headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' } });
};
