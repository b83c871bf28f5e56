// The bundle Astro makes to render the static pages is read once, in this process, and deleted
// when the pages are written: tree-shaking it only makes a temporary file smaller. Rollup's
// tree-shaking was a quarter of that bundling (Minnesota: the bundle in 1.29 s, not 1.52 s), and
// the site's files are the same bytes either way. The browser's bundle keeps it: that one ships.
import type { AstroIntegration } from 'astro';

/** Astro's name for the Vite environment that renders the static pages (astro/dist/core/constants.js). */
const PRERENDER_ENVIRONMENT = 'prerender';

export function prerenderBundleUntrimmed(): AstroIntegration {
  return {
    name: 'mnrent-prerender-bundle-untrimmed',
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
            ],
          },
        });
      },
    },
  };
}
