import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The fast lane for the edit-test loop (`npm run test:unit`): the rules of every module, with no
 * build, browser or server process. The files left out build the site, start servers or drive a
 * browser, and tests/national/ reads the snapshot's national files whole (the readers' rules are
 * checked here on small files the tests make); `npm test` runs them all.
 */
export const END_TO_END = [
  'tests/bad-input.test.ts',
  'tests/browser.test.ts',
  'tests/build-output.test.ts',
  'tests/build-threads.test.ts',
  'tests/changes.test.ts',
  'tests/clone.test.ts',
  'tests/command.test.ts',
  'tests/dataset.test.ts',
  'tests/deployment.test.ts',
  'tests/derive/freshness.test.ts',
  'tests/edge.test.ts',
  'tests/eligibility.test.ts',
  'tests/faults.test.ts',
  'tests/fetch-releases.test.ts',
  'tests/fetch.test.ts',
  'tests/hostile.test.ts',
  'tests/html.test.ts',
  'tests/http-contract.test.ts',
  'tests/languages.test.ts',
  'tests/mcp.test.ts',
  'tests/packages.test.ts',
  'tests/publication/bulk.test.ts',
  'tests/search.test.ts',
  'tests/security-headers.test.ts',
  'tests/states.test.ts',
  'tests/translations-commands.test.ts',
  'tests/workflow.test.ts',
];

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: [...END_TO_END, 'tests/national/**'],
    testTimeout: 60_000,
    maxWorkers: 2,
    // Worker threads rather than a process per file: these files start no process or server of
    // their own, and a thread starts faster (docs/performance.md, "The test suite").
    pool: 'threads',
    // The files of a thread share its modules: importing zod, FormatJS and the contract once per
    // thread rather than once per file is a quarter of the lane's time. Each file's state is in its
    // own scope; none patches a module another reads.
    isolate: false,
  },
});
