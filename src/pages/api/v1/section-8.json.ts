import type { APIRoute } from 'astro';
import { sectionEightRecord, siteRecord } from '../../../lib/site/collections.ts';
import { jsonResponse } from '../../../lib/contract/json.ts';
import { sectionEightDocument } from '../../../lib/publication/api-documents.ts';

export const GET: APIRoute = async () => {
  const [{ meta }, record] = await Promise.all([siteRecord(), sectionEightRecord()]);
  return jsonResponse(sectionEightDocument(meta, record));
};
