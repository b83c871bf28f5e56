// @ts-check
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { precompiledMessages } from './src/lib/build/precompiled-messages.ts';
import { CONTRACT_HEADERS } from './src/lib/serve/headers.ts';
import { sitemapLastmod } from './src/lib/site/sitemap.ts';
import { DEFAULT_SITE } from './src/lib/contract/routes.ts';
import { LANGUAGES, SOURCE_LANGUAGE } from './src/lib/languages.ts';

/**
 * Pages Astro renders at a time. Several let the writes of some pages overlap the rendering of
 * others; the output is the same, since each page depends on the dataset only.
 */
export const RENDER_CONCURRENCY = 4;

export default defineConfig({
  site: DEFAULT_SITE,
  output: 'static',
  trailingSlash: 'ignore',
  // inlineStylesheets 'never': the pages' one stylesheet is a file every page shares and a phone
  // keeps, not 1.2 KB gzipped again in each page (Lighthouse finds no faster first paint with it inline).
  build: { format: 'directory', concurrency: RENDER_CONCURRENCY, inlineStylesheets: 'never' },
  // `npm run preview` sends the contract's headers; tests/http-contract.test.ts lists what it cannot keep.
  server: { headers: { ...CONTRACT_HEADERS } },
  vite: { plugins: [precompiledMessages()], preview: { cors: { origin: '*', methods: ['GET', 'HEAD', 'OPTIONS'], maxAge: 86400 } } },
  integrations: [
    sitemap({
      // Pages only: the JSON API is listed in openapi.json and llms.txt, not the sitemap.
      filter: (page) => !page.includes('/api/') && !page.includes('/errors/') && !/\.(json|txt)$/.test(page),
      serialize: (item) => ({ ...item, lastmod: sitemapLastmod(item.url) ?? item.lastmod }),
      // Each page lists its translations (xhtml:link hreflang), as its head does.
      i18n: { defaultLocale: SOURCE_LANGUAGE.code, locales: Object.fromEntries(LANGUAGES.map((l) => [l.code, l.code])) },
    }),
  ],
});
