import type { APIRoute } from 'astro';
import { siteRecord, zipRecords } from '../../../lib/collections.ts';
import { jsonResponse } from '../../../lib/json.ts';
import { zipIndexDocument } from '../../../lib/publication/api-documents.ts';

export const GET: APIRoute = async () => {
  const [{ meta }, zips] = await Promise.all([siteRecord(), zipRecords()]);
  return jsonResponse(zipIndexDocument(meta, zips));
};
