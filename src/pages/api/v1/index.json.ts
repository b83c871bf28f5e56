import type { APIRoute } from 'astro';
import { siteRecord, zipRecords } from '../../../lib/site/collections.ts';
import { jsonResponse } from '../../../lib/contract/json.ts';
import { zipIndexDocument } from '../../../lib/publication/api-documents.ts';

export const GET: APIRoute = async () => {
  const [{ meta }, zips] = await Promise.all([siteRecord(), zipRecords()]);
  return jsonResponse(zipIndexDocument(meta, zips));
};
