import type { APIRoute } from 'astro';
import { changesRecord, siteRecord } from '../../../lib/collections.ts';
import { jsonResponse } from '../../../lib/json.ts';

export const GET: APIRoute = async () => {
  const [{ meta }, changes] = await Promise.all([siteRecord(), changesRecord()]);
  return jsonResponse({ meta, ...changes });
};
