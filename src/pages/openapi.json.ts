import type { APIRoute } from 'astro';
import { publicRoot } from '../lib/contract/routes.ts';
import { jsonResponse } from '../lib/contract/json.ts';
import { openApiDocument } from '../lib/publication/openapi.ts';
import { siteContext } from '../lib/site/collections.ts';

export const GET: APIRoute = async ({ site }) => jsonResponse(openApiDocument((await siteContext()).state, publicRoot(site)));
