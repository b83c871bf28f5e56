import type { APIRoute } from 'astro';
import { changesRecord, siteRecord } from '../../../lib/site/collections.ts';
import { jsonResponse } from '../../../lib/contract/json.ts';
import { changesDocument } from '../../../lib/publication/api-documents.ts';

export const GET: APIRoute = async () => {
  const [{ meta }, changes] = await Promise.all([siteRecord(), changesRecord()]);
  return jsonResponse(changesDocument(meta, changes));
};
