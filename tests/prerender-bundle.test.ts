// The prerender bundle is not tree-shaken (it is read once and deleted); the browser's bundle is.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_MAP_MODULE_ID, pageImportsOnce, prerenderBundle } from '../src/lib/prerender-bundle.ts';
import { PROJECT_ROOT } from './helpers/paths.ts';

type EnvironmentHook = (name: string) => { build?: { rollupOptions?: { treeshake?: boolean } } } | undefined;

/** The Vite plugins the integration adds for an Astro command. */
type TransformHook = (code: string, id: string) => { code: string } | undefined;
type Plugin = { name: string; configEnvironment: EnvironmentHook; applyToEnvironment?: (environment: { name: string }) => boolean; transform?: TransformHook };

function pluginsFor(command: 'build' | 'dev'): Plugin[] {
  const added: unknown[] = [];
  // Only what the hook reads of Astro's options.
  const setup = prerenderBundle().hooks['astro:config:setup'] as (options: { command: string; updateConfig: (config: { vite: { plugins: unknown[] } }) => void }) => void;
  setup({ command, updateConfig: (config) => added.push(...config.vite.plugins) });
  return added as Plugin[];
}

describe('the prerender bundle', () => {
  it('turns tree-shaking off for the environment that renders the static pages, and for no other', () => {
    const [plugin] = pluginsFor('build');
    expect(plugin?.configEnvironment('prerender')).toEqual({ build: { rollupOptions: { treeshake: false } } });
    for (const other of ['client', 'ssr', 'astro']) expect(plugin?.configEnvironment(other)).toBeUndefined();
  });

  it('leaves the dev server alone', () => {
    expect(pluginsFor('dev')).toEqual([]);
  });

  it('names the environment as the installed Astro does (an upgrade that renames it fails here, not silently)', async () => {
    const constants = await readFile(join(PROJECT_ROOT, 'node_modules/astro/dist/core/constants.js'), 'utf8');
    expect(constants).toContain('prerender: "prerender"');
    const build = await readFile(join(PROJECT_ROOT, 'node_modules/astro/dist/core/build/static-build.js'), 'utf8');
    expect(build).toContain('builder2.build(builder2.environments.prerender)');
  });
});

describe("the prerender bundle's page map", () => {
  /** The page map's code as the installed Astro writes it (astro/dist/vite-plugin-pages/pages.js), for these specifiers. */
  async function astroPageMap(specifiers: string[]): Promise<string> {
    const source = await readFile(join(PROJECT_ROOT, 'node_modules/astro/dist/vite-plugin-pages/pages.js'), 'utf8');
    // An upgrade that writes its imports otherwise fails here: the build would then import as Astro does.
    expect(source).toContain('imports.push(`const ${variable} = () => import("${virtualModuleName}");`);');
    expect(source).toContain('const VIRTUAL_PAGES_MODULE_ID = "virtual:astro:pages";');
    expect(source).toContain('const VIRTUAL_PAGES_RESOLVED_MODULE_ID = "\\0" + VIRTUAL_PAGES_MODULE_ID;');
    const imports = specifiers.map((specifier, i) => `const _page${i} = () => import("${specifier}");`);
    return [...imports, `const pageMap = new Map([\n    ${specifiers.map((s, i) => `[${JSON.stringify(s)}, _page${i}]`).join(',\n    ')}\n]);\n\nexport { pageMap };`].join('\n');
  }

  it("imports each page's module once: every call answers the same promise of the same module", async () => {
    const modules = ['data:text/javascript,export const n = 1;', 'data:text/javascript,export const n = 2;'];
    const code = pageImportsOnce(await astroPageMap(modules));
    expect(code.match(/\?\?= import\(/g)).toHaveLength(2);
    const { pageMap } = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as { pageMap: Map<string, () => Promise<{ n: number }>> };
    for (const [i, specifier] of modules.entries()) {
      const load = pageMap.get(specifier);
      const first = load?.();
      expect(load?.()).toBe(first);
      expect((await first)?.n).toBe(i + 1);
    }
  });

  it('changes the page map of the environment that renders the static pages only, and no other module', async () => {
    const plugin = pluginsFor('build').find((p) => p.transform);
    expect(plugin?.applyToEnvironment?.({ name: 'prerender' })).toBe(true);
    for (const other of ['client', 'ssr']) expect(plugin?.applyToEnvironment?.({ name: other })).toBe(false);
    const code = await astroPageMap(['virtual:astro:page:src/pages/zip/[zip]@_@astro']);
    expect(plugin?.transform?.(code, PAGE_MAP_MODULE_ID)?.code).toBe(pageImportsOnce(code));
    expect(plugin?.transform?.(code, '/work/src/pages/index.astro')).toBeUndefined();
    expect(pageImportsOnce('const other = () => import("x");')).toBe('const other = () => import("x");');
  });
});
