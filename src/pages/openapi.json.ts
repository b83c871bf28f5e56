import type { APIRoute } from 'astro';
import { publicRoot } from '../lib/publication/routes.ts';
import { jsonResponse } from '../lib/json.ts';
import { openApiDocument } from '../lib/publication/openapi.ts';

export const GET: APIRoute = ({ site }) => jsonResponse(openApiDocument(publicRoot(site)));
