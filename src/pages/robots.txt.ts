import type { APIRoute } from 'astro';
import { textResponse } from '../lib/contract/json.ts';
import { siteUrls } from '../lib/contract/routes.ts';
import { siteRecord } from '../lib/site/collections.ts';

export const GET: APIRoute = async () => textResponse(`User-agent: *\nAllow: /\n\nSitemap: ${siteUrls((await siteRecord()).pages.root).api('/sitemap-index.xml')}\n`);
