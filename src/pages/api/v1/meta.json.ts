import type { APIRoute } from 'astro';
import { siteRecord } from '../../../lib/collections.ts';
import { jsonResponse } from '../../../lib/json.ts';
import { metaDocument } from '../../../lib/publication/api-documents.ts';

export const GET: APIRoute = async () => {
  const { meta, record } = await siteRecord();
  return jsonResponse(metaDocument(meta, record));
};
