// The bundle Astro makes to render the static pages is read once, in this process, and deleted
// when the pages are written: tree-shaking it only makes a temporary file smaller. Rollup's
// tree-shaking was a quarter of that bundling (Minnesota: the bundle in 1.29 s, not 1.52 s), and
// the site's files are the same bytes either way. The browser's bundle keeps it: that one ships.
//
// Its page map imports a page's module anew for every page rendered (`() => import(…)`): the
// module is loaded once, but Node's loader resolves the specifier again each time, and Texas's
// 5,317 files spent about 0.2 s of the rendering thread on it. Here each page's import is made
// once and its promise kept: the same module, the same pages.
import type { AstroIntegration } from 'astro';

/** Astro's name for the Vite environment that renders the static pages (astro/dist/core/constants.js). */
const PRERENDER_ENVIRONMENT = 'prerender';

/** Astro's module of the page map (astro/dist/vite-plugin-pages/pages.js), resolved. */
export const PAGE_MAP_MODULE_ID = '\0virtual:astro:pages';

/** Each page map entry as Astro writes it: `const _page3 = () => import("virtual:astro:page:…");`. */
const PAGE_IMPORT = /^const (_page\d+) = \(\) => import\(("[^"\n]+")\);$/gm;

/** The page map's code with each page's import made once; the code as it was when Astro writes it otherwise. */
export function pageImportsOnce(code: string): string {
  return code.replace(PAGE_IMPORT, (_, name: string, specifier: string) => `let ${name}Module;\nconst ${name} = () => (${name}Module ??= import(${specifier}));`);
}

export function prerenderBundle(): AstroIntegration {
  return {
    name: 'mnrent-prerender-bundle',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command !== 'build') return;
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'mnrent-prerender-bundle-untrimmed',
                configEnvironment: (name: string) => (name === PRERENDER_ENVIRONMENT ? { build: { rollupOptions: { treeshake: false } } } : undefined),
              },
              {
                name: 'mnrent-prerender-page-imports-once',
                applyToEnvironment: (environment: { name: string }) => environment.name === PRERENDER_ENVIRONMENT,
                transform: (code: string, id: string) => (id === PAGE_MAP_MODULE_ID ? { code: pageImportsOnce(code), map: null } : undefined),
              },
            ],
          },
        });
      },
    },
  };
}
