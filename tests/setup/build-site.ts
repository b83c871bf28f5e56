// Builds the real snapshot once for every test file that reads the output.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { runBuild } from '../helpers/build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    builtSite: string;
    buildStdout: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = await mkdtemp(join(tmpdir(), 'mnrent-site-'));
  const outDir = join(root, 'dist');
  const run = await runBuild({ outDir });
  if (run.code !== 0) throw new Error(`the test build failed (exit ${run.code}):\n${run.stderr}\n${run.stdout}`);
  project.provide('builtSite', outDir);
  project.provide('buildStdout', run.stdout);
  return () => rm(root, { recursive: true, force: true });
}
