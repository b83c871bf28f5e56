import type { APIRoute } from 'astro';
import { publicRoot } from '../lib/publication/routes.ts';
import { siteRecord } from '../lib/collections.ts';
import { textResponse } from '../lib/json.ts';
import { llmsTxt } from '../lib/publication/llms.ts';

export const GET: APIRoute = async ({ site }) => textResponse(llmsTxt({ site: publicRoot(site), ...(await siteRecord()) }));
