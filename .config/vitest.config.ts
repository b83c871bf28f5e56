import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['tests/**/*.test.ts'],
    // One real build of the shared data, made once and read by the output tests.
    globalSetup: ['tests/setup/build-site.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    // Builds are CPU-bound and the machines have two cores: more workers only queue.
    maxWorkers: 2,
  },
});
