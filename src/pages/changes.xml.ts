import type { APIRoute } from 'astro';
import { changesRecord, siteContext, siteRecord } from '../lib/site/collections.ts';
import { changesAtom } from '../lib/publication/changes-feed.ts';

export const GET: APIRoute = async () => {
  const [{ meta, pages }, record, { state }] = await Promise.all([siteRecord(), changesRecord(), siteContext()]);
  return new Response(changesAtom(state, record, meta, pages.root), { headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' } });
};
