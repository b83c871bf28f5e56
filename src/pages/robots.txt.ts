import type { APIRoute } from 'astro';
import { textResponse } from '../lib/contract/json.ts';
import { publicRoot, siteUrls } from '../lib/contract/routes.ts';

export const GET: APIRoute = ({ site }) => textResponse(`User-agent: *\nAllow: /\n\nSitemap: ${siteUrls(publicRoot(site)).api('/sitemap-index.xml')}\n`);
