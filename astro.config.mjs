// @ts-check
import { defineConfig } from 'astro/config';
import sitemap from '@astrojs/sitemap';
import { sitemapLastmod } from './src/lib/sitemap.ts';

/** Where the site is published; `npm run build -- --site URL` overrides it. */
export const DEFAULT_SITE = 'https://mnrent.example.org';

export default defineConfig({
  site: DEFAULT_SITE,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  // Astro logs every route at "info"; the build script asks for "warn" and prints its own report.
  integrations: [
    sitemap({
      // Pages only: the JSON API is listed in openapi.json and llms.txt, not the sitemap.
      filter: (page) => !page.includes('/api/') && !/\.(json|txt)$/.test(page),
      serialize: (item) => ({ ...item, lastmod: sitemapLastmod(item.url) ?? item.lastmod }),
    }),
  ],
});
