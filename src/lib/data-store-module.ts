// Astro hands the content store to the build as one JavaScript array literal (`dataToEsm`): for
// Minnesota's 6 MB store that is some 150,000 literals Rollup parses and tree-shakes for 2 to 3 s,
// and more with every ZIP code. The same values as one JSON string cost Rollup one literal, and
// `JSON.parse` reads them faster than the engine reads the literal. The values are the same, so
// the pages are too; if Astro renames the module or moves the file, the build falls back on its own.
import { readFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';

/** Astro's id for the store's module once resolved, and the file it is made from (astro/dist/content/consts.js). */
const STORE_MODULE_ID = '\0astro:data-layer-content';
const STORE_FILE = 'data-store.json';

/** The module's code: the store's JSON as one string, parsed when the build imports it. */
export function storeModuleCode(json: string): string {
  // Checked here so a store Astro could not parse fails the build the way Astro's own module would.
  JSON.parse(json);
  return `export default JSON.parse(${JSON.stringify(json)});\n`;
}

export function dataStoreAsJson(): AstroIntegration {
  return {
    name: 'mnrent-data-store-as-json',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig }) => {
        // The dev server keeps the store elsewhere and reloads it on edits: leave it to Astro.
        if (command !== 'build') return;
        const storeFile = new URL(STORE_FILE, config.cacheDir);
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'mnrent-data-store-as-json',
                async transform(_code: string, id: string) {
                  if (id !== STORE_MODULE_ID) return null;
                  const json = await readFile(storeFile, 'utf8').catch(() => undefined);
                  return json === undefined ? null : { code: storeModuleCode(json), map: { mappings: '' } };
                },
              },
            ],
          },
        });
      },
    },
  };
}
