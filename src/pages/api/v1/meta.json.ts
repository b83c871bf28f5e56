import type { APIRoute } from 'astro';
import { siteRecord } from '../../../lib/site/collections.ts';
import { jsonResponse } from '../../../lib/contract/json.ts';
import { metaDocument } from '../../../lib/publication/api-documents.ts';

export const GET: APIRoute = async () => {
  const { meta, record } = await siteRecord();
  return jsonResponse(metaDocument(meta, record));
};
