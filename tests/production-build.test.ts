// A build started from any environment (a test runner's included) is a production build.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeProductionEnvironment, VITE_ENV_KEYS } from '../src/lib/build/production-env.ts';
import { PROJECT_ROOT } from './helpers/paths.ts';

const installed = (path: string) => readFile(join(PROJECT_ROOT, 'node_modules', path), 'utf8');

describe("the build's environment", () => {
  it("drops vitest's Vite keys, sets NODE_ENV to production and BASE_URL to Astro's base, and keeps the rest", () => {
    const env: NodeJS.ProcessEnv = { DEV: '1', PROD: '', MODE: 'test', SSR: '1', BASE_URL: '/', NODE_ENV: 'test', SOURCES_DIR: '/data', MNRENT_STATE: 'WI' };
    makeProductionEnvironment(env, '/wi/');
    expect(env).toEqual({ BASE_URL: '/wi/', NODE_ENV: 'production', SOURCES_DIR: '/data', MNRENT_STATE: 'WI' });
    for (const key of VITE_ENV_KEYS) expect(key in env).toBe(false);
  });

  it('is needed with the installed Astro and Vite: Astro bakes every variable into import.meta.env, Vite builds for development unless NODE_ENV is production', async () => {
    const loader = await installed('astro/dist/env/env-loader.js');
    // Every variable (no prefix), and each one not public becomes a define of import.meta.env.
    expect(loader).toMatch(/loadEnv\(mode, .*, ""\);/);
    expect(loader).toMatch(/for \(const key in fullEnv\) \{[\s\S]{0,400}privateEnv\[key\] = JSON\.stringify\(fullEnv\[key\]\);/);
    const plugin = await installed('astro/dist/env/vite-plugin-import-meta-env.js');
    expect(plugin).toContain('defaultDefines[`import.meta.env.${key}`] = privateEnv[key];');
    const vite = await installed('vite/dist/node/chunks/config.js');
    expect(vite).toContain('const isProduction = process.env.NODE_ENV === "production";');
  });
});
