// The build is a production build whatever environment it was started from. Astro puts the
// variables of the process environment into the pages' import.meta.env, over Vite's own keys, and
// Vite builds for development under any NODE_ENV but "production". vitest sets DEV=1, PROD,
// MODE=test, SSR, BASE_URL=/ and NODE_ENV=test: a build started from a test was a development
// build, and its pages read the collections as the dev server does (lib/site/collections.ts).
// The render process is started with this environment (render.ts); nothing writes process.env.

/** Vite's own import.meta.env keys that a variable of the same name would override in the pages. */
export const VITE_ENV_KEYS = ['DEV', 'PROD', 'MODE', 'SSR', 'BASE_URL'] as const;

/** A production build's environment made from `env` (the caller's): Vite's keys left out, NODE_ENV production. */
export function productionEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const production: NodeJS.ProcessEnv = { ...env, NODE_ENV: 'production' };
  for (const key of VITE_ENV_KEYS) Reflect.deleteProperty(production, key);
  return production;
}
