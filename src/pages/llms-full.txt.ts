import type { APIRoute } from 'astro';
import { publicRoot } from '../lib/contract/routes.ts';
import { countyRecords, siteContext, siteRecord } from '../lib/site/collections.ts';
import { textResponse } from '../lib/contract/json.ts';
import { llmsFullTxt } from '../lib/publication/llms.ts';

export const GET: APIRoute = async ({ site }) =>
  textResponse(llmsFullTxt({ state: (await siteContext()).state, site: publicRoot(site), ...(await siteRecord()) }, await countyRecords()));
