import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['tests/**/*.test.ts'],
    // One build per configuration the output tests read, with the typecheck and the lint beside them.
    globalSetup: ['tests/setup/build-site.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    // Builds and browsers are CPU-bound and the machines have two cores: a third worker measured no
    // faster (docs/performance.md, "The test suite").
    maxWorkers: 2,
    // A process per file (vitest's forks), not the unit lane's threads: autocannon, in a worker
    // thread, answers with its raw histograms instead of its results (http-contract.test.ts).
    pool: 'forks',
  },
});
