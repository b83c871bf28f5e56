import type { APIRoute } from 'astro';
import { publicRoot } from '../lib/contract/routes.ts';
import { jsonResponse } from '../lib/contract/json.ts';
import { openApiDocument } from '../lib/publication/openapi.ts';

export const GET: APIRoute = ({ site }) => jsonResponse(openApiDocument(publicRoot(site)));
