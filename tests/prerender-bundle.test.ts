// The prerender bundle is not tree-shaken (it is read once and deleted); the browser's bundle is.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prerenderBundleUntrimmed } from '../src/lib/prerender-bundle.ts';
import { PROJECT_ROOT } from './helpers/paths.ts';

type EnvironmentHook = (name: string) => { build?: { rollupOptions?: { treeshake?: boolean } } } | undefined;

/** The Vite plugins the integration adds for an Astro command. */
function pluginsFor(command: 'build' | 'dev'): { configEnvironment: EnvironmentHook }[] {
  const added: unknown[] = [];
  // Only what the hook reads of Astro's options.
  const setup = prerenderBundleUntrimmed().hooks['astro:config:setup'] as (options: { command: string; updateConfig: (config: { vite: { plugins: unknown[] } }) => void }) => void;
  setup({ command, updateConfig: (config) => added.push(...config.vite.plugins) });
  return added as { configEnvironment: EnvironmentHook }[];
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
