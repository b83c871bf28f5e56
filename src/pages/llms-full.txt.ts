import type { APIRoute } from 'astro';
import { publicRoot } from '../lib/publication/routes.ts';
import { countyRecords, siteRecord } from '../lib/collections.ts';
import { textResponse } from '../lib/json.ts';
import { llmsFullTxt } from '../lib/publication/llms.ts';

export const GET: APIRoute = async ({ site }) =>
  textResponse(llmsFullTxt({ site: publicRoot(site), ...(await siteRecord()) }, await countyRecords()));
