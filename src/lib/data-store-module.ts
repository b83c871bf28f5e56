// Astro hands the content store to the build as one JavaScript array literal (`dataToEsm`): for
// Minnesota's 2 MB store that is some 150,000 literals Rollup parsed and tree-shook for 2 to 3 s,
// and Texas's 6 MB took longer still. Here the build's module reads the store file when the
// prerenderer imports it: Astro does not make its literal (its load hook is pre-empted), and Rollup
// bundles a one-line module instead of megabytes. The prerenderer runs in the same process right
// after bundling, from the same file, so the values and the pages are as before; if Astro renames
// the module or moves the file, the build falls back on its own.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Astro's id for the store's module once resolved, and the file it is made from (astro/dist/content/consts.js). */
const STORE_MODULE_ID = '\0astro:data-layer-content';
const STORE_FILE = 'data-store.json';

/** The module's code: the store file's JSON, read and parsed when the module is imported. */
export function storeModuleCode(storePath: string): string {
  return `import { readFileSync } from 'node:fs';\nexport default JSON.parse(readFileSync(${JSON.stringify(storePath)}, 'utf8'));\n`;
}

export function dataStoreAsJson(): AstroIntegration {
  return {
    name: 'mnrent-data-store-as-json',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig }) => {
        // The dev server keeps the store elsewhere and reloads it on edits: leave it to Astro.
        if (command !== 'build') return;
        const storePath = fileURLToPath(new URL(STORE_FILE, config.cacheDir));
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'mnrent-data-store-as-json',
                // Before Astro's own load hook, which would build the literal only to have it replaced.
                load: {
                  order: 'pre',
                  handler(id: string) {
                    if (id !== STORE_MODULE_ID || !existsSync(storePath)) return null;
                    return { code: storeModuleCode(storePath), map: { mappings: '' } };
                  },
                },
              },
            ],
          },
        });
      },
    },
  };
}
