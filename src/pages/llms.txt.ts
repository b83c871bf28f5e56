import type { APIRoute } from 'astro';
import { publicRoot } from '../lib/contract/routes.ts';
import { siteRecord } from '../lib/site/collections.ts';
import { textResponse } from '../lib/contract/json.ts';
import { llmsTxt } from '../lib/publication/llms.ts';

export const GET: APIRoute = async ({ site }) => textResponse(llmsTxt({ site: publicRoot(site), ...(await siteRecord()) }));
