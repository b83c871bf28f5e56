import type { APIRoute } from 'astro';
import { siteRecord, zipRecords } from '../../../lib/collections.ts';
import { toIndexRow } from '../../../lib/contract.ts';
import { jsonResponse } from '../../../lib/json.ts';

export const GET: APIRoute = async () => {
  const [{ meta }, zips] = await Promise.all([siteRecord(), zipRecords()]);
  return jsonResponse({ meta, count: zips.length, zips: zips.map(toIndexRow) });
};
