import type { APIRoute } from 'astro';
import { publicRoot } from '../lib/contract/routes.ts';
import { changesRecord, siteContext, siteRecord } from '../lib/site/collections.ts';
import { changesAtom } from '../lib/publication/changes-feed.ts';

export const GET: APIRoute = async ({ site }) => {
  const [{ meta }, record, { state }] = await Promise.all([siteRecord(), changesRecord(), siteContext()]);
  return new Response(changesAtom(state, record, meta, publicRoot(site)), { headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' } });
};
