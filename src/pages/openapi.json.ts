import type { APIRoute } from 'astro';
import { jsonResponse } from '../lib/json.ts';
import { openApiDocument } from '../lib/publication/openapi.ts';

export const GET: APIRoute = ({ site }) => jsonResponse(openApiDocument(String(site)));
