import type { APIRoute } from 'astro';
import { countyRecords, siteContext, siteRecord } from '../lib/site/collections.ts';
import { textResponse } from '../lib/contract/json.ts';
import { llmsFullTxt } from '../lib/publication/llms.ts';

export const GET: APIRoute = async () => {
  const { meta, record, pages } = await siteRecord();
  return textResponse(llmsFullTxt({ state: (await siteContext()).state, site: pages.root, meta, record }, await countyRecords()));
};
