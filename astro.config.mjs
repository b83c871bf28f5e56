// @ts-check
import sitemap from '@astrojs/sitemap';
import { CONTRACT_HEADERS } from './src/lib/serve/headers.ts';
import { sitemapLastmod } from './src/lib/publication/sitemap.ts';
import { dataStoreAsJson } from './src/lib/data-store-module.ts';
import { prerenderBundle } from './src/lib/prerender-bundle.ts';
import { DEFAULT_SITE } from './src/lib/publication/routes.ts';

/**
 * Pages Astro renders at a time. With one, the main thread waits on every file it writes (creating
 * a file costs this machine 0.1 to 1 ms of the kernel's time); four let the writes of some pages
 * overlap the rendering of others. The output is the same: each page depends on the dataset only.
 */
export const RENDER_CONCURRENCY = 4;

// Typed by JSDoc, not by `defineConfig` (optional, Astro's docs say): `astro/config` loads svgo,
// csso and more of css-tree with it, 279 modules (of 1,720) that a build's main thread resolved
// and compiled for an identity function.
/** @type {import('astro').AstroUserConfig} */
export default {
  site: DEFAULT_SITE,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory', concurrency: RENDER_CONCURRENCY },
  // `npm run preview` sends the contract's headers; tests/http-contract.test.ts lists what it cannot keep.
  server: { headers: { ...CONTRACT_HEADERS } },
  vite: { preview: { cors: { origin: '*', methods: ['GET', 'HEAD', 'OPTIONS'], maxAge: 86400 } } },
  // Astro logs every route at "info"; the build script asks for "warn" and prints its own report.
  integrations: [
    dataStoreAsJson(),
    prerenderBundle(),
    sitemap({
      // Pages only: the JSON API is listed in openapi.json and llms.txt, not the sitemap.
      filter: (page) => !page.includes('/api/') && !page.includes('/errors/') && !/\.(json|txt)$/.test(page),
      serialize: (item) => ({ ...item, lastmod: sitemapLastmod(item.url) ?? item.lastmod }),
    }),
  ],
};
