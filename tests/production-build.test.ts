// A build started from any environment (a test runner's included) is a production build.
import { describe, expect, it } from 'vitest';
import { makeProductionEnvironment, VITE_ENV_KEYS } from '../src/lib/build/production-env.ts';

describe("the build's environment", () => {
  it("drops vitest's Vite keys, sets NODE_ENV to production and BASE_URL to Astro's base, and keeps the rest", () => {
    const env: NodeJS.ProcessEnv = { DEV: '1', PROD: '', MODE: 'test', SSR: '1', BASE_URL: '/', NODE_ENV: 'test', SOURCES_DIR: '/data', MNRENT_STATE: 'WI' };
    makeProductionEnvironment(env, '/wi/');
    expect(env).toEqual({ BASE_URL: '/wi/', NODE_ENV: 'production', SOURCES_DIR: '/data', MNRENT_STATE: 'WI' });
    for (const key of VITE_ENV_KEYS) expect(key in env).toBe(false);
  });
});
