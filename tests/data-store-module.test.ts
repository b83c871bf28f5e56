// The content store's module in the build: read from Astro's store file when the prerenderer imports
// it, instead of Astro's array literal.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { storeModuleCode } from '../src/lib/data-store-module.ts';
import { PROJECT_ROOT } from './helpers/paths.ts';

const importCode = async (code: string) => ((await import(`data:text/javascript,${encodeURIComponent(code)}`)) as { default: unknown }).default;

describe('the content store module', () => {
  it('evaluates to the very values of the store file, strings with quotes, escapes and U+2028 included, from a path that needs escaping', async () => {
    const store = [['Map', 1, 2], 'zips', { zip: '55104', city: 'Saint Paul "Midway"\u2028\\ </script>', fmr: [1510, null, -0.5, 1e21] }];
    const dir = await mkdtemp(join(tmpdir(), "mnrent store 'q' \\ "));
    const file = join(dir, 'data-store.json');
    await writeFile(file, JSON.stringify(store));
    expect(await importCode(storeModuleCode(file))).toEqual(store);
    await rm(dir, { recursive: true });
  });

  it('refuses a store file that is not JSON, as Astro does', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mnrent-store-'));
    const file = join(dir, 'data-store.json');
    await writeFile(file, '[1, 2');
    await expect(importCode(storeModuleCode(file))).rejects.toThrow(SyntaxError);
    await rm(dir, { recursive: true });
  });

  it("replaces the module Astro still names and loads that way (checked against the installed Astro, so an upgrade that renames it fails here instead of silently losing the speed-up)", async () => {
    const consts = await readFile(join(PROJECT_ROOT, 'node_modules/astro/dist/content/consts.js'), 'utf8');
    expect(consts).toContain('const DATA_STORE_VIRTUAL_ID = "astro:data-layer-content";');
    expect(consts).toContain('const RESOLVED_DATA_STORE_VIRTUAL_ID = "\\0" + DATA_STORE_VIRTUAL_ID;');
    expect(consts).toContain('const DATA_STORE_FILE = "data-store.json";');
    const layer = await readFile(join(PROJECT_ROOT, 'node_modules/astro/dist/content/content-layer.js'), 'utf8');
    expect(layer).toContain('return new URL(DATA_STORE_FILE, isDev ? settings.dotAstroDir : settings.config.cacheDir);');
    // Astro's own load hook has no order of its own, so ours (order: 'pre') runs first and Astro's literal is never made.
    const virtualModule = await readFile(join(PROJECT_ROOT, 'node_modules/astro/dist/content/vite-plugin-content-virtual-mod.js'), 'utf8');
    expect(virtualModule).toMatch(/\n {4}load: \{\n {6}filter: \{/);
    expect(virtualModule).not.toMatch(/order: "pre"/);
  });
});
