import type { APIRoute } from 'astro';
import { sectionEightRecord, siteRecord } from '../../../lib/collections.ts';
import { jsonResponse } from '../../../lib/json.ts';

export const GET: APIRoute = async () => {
  const [{ meta }, record] = await Promise.all([siteRecord(), sectionEightRecord()]);
  return jsonResponse({ meta, ...record });
};
