import type { APIRoute } from 'astro';
import { jsonResponse } from '../lib/contract/json.ts';
import { openApiDocument } from '../lib/publication/openapi.ts';
import { siteContext, siteRecord } from '../lib/site/collections.ts';

export const GET: APIRoute = async () => jsonResponse(openApiDocument((await siteContext()).state, (await siteRecord()).pages.root));
