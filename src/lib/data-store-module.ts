// Astro hands the content store to the build as one JavaScript array literal (`dataToEsm`): for
// Minnesota's 2 MB store that is some 150,000 literals Rollup parsed and tree-shook for 2 to 3 s,
// and Texas's 6 MB took longer still. Here the build's module reads the store file when the
// prerenderer imports it: Astro does not make its literal (its load hook is pre-empted), and Rollup
// bundles a one-line module instead of megabytes. The prerenderer runs in the same process right
// after bundling, from the same file, so the values and the pages are as before; if Astro renames
// the module or moves the file, the build falls back on its own. When the build script hands the
// store over late (dataset-slot.ts), the module takes it from there instead, as the Map Astro's
// runtime also accepts.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { LATE_STORE_KEY, lateContentStore } from './dataset-slot.ts';

/** Astro's id for the store's module once resolved, and the file it is made from (astro/dist/content/consts.js). */
const STORE_MODULE_ID = '\0astro:data-layer-content';
const STORE_FILE = 'data-store.json';

/** The module's code: the late store when the build script keeps one, else the store file's JSON, read when the module is imported. */
export function storeModuleCode(storePath: string): string {
  return [
    `import { readFileSync } from 'node:fs';`,
    `const late = globalThis[Symbol.for(${JSON.stringify(LATE_STORE_KEY)})];`,
    `export default late ? await late.make() : JSON.parse(readFileSync(${JSON.stringify(storePath)}, 'utf8'));`,
    '',
  ].join('\n');
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
                // Astro bundles, then renders the pages in its own `buildApp` hook (order 'post', in a
                // plugin enforced 'post'): this one runs between the two and makes the late store,
                // so a stopped publish gate or an entry that fails its schema ends the build before
                // any page renders, instead of Astro rendering from an empty store.
                name: 'mnrent-late-content-store',
                buildApp: {
                  order: 'post' as const,
                  handler: async () => {
                    await lateContentStore()?.make();
                  },
                },
              },
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
