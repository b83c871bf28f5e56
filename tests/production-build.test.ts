// A build started from any environment (a test runner's included) is a production build.
import { describe, expect, it } from 'vitest';
import { productionEnvironment, VITE_ENV_KEYS } from '../src/lib/build/production-env.ts';

describe("the build's environment", () => {
  it("drops vitest's Vite keys (BASE_URL among them: the base path is Astro's option), sets NODE_ENV to production, keeps the rest, and leaves the caller's as it was", () => {
    const env: NodeJS.ProcessEnv = { DEV: '1', PROD: '', MODE: 'test', SSR: '1', BASE_URL: '/', NODE_ENV: 'test', SOURCES_DIR: '/data', MNRENT_STATE: 'WI' };
    const given = { ...env };
    expect(productionEnvironment(env)).toEqual({ NODE_ENV: 'production', SOURCES_DIR: '/data', MNRENT_STATE: 'WI' });
    expect(env).toEqual(given);
    for (const key of VITE_ENV_KEYS) expect(key in productionEnvironment(env)).toBe(false);
  });
});
