import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ROOT, SNAPSHOT_SOURCES, TEST_EPOCH, TEST_SITE } from './paths.ts';

/**
 * The time limit for a test that runs builds. Builds from one checkout take turns (the checkout lock
 * in src/cli/build.ts) and the suite starts many at once, so a build may first wait for several
 * others: the limit covers that queue, not only the build.
 */
export const BUILD_TEST_TIMEOUT_MS = 360_000;

export interface BuildRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run build`'s script as a user would, with the Node that runs the tests (the project's own). */
export function runBuild(options: { outDir: string; sourcesDir?: string; site?: string; epoch?: string; args?: string[]; env?: Record<string, string | undefined>; cwd?: string }): Promise<BuildRun> {
  return runCommand('src/cli/build.ts', ['--site', options.site ?? TEST_SITE, '--outDir', options.outDir, ...(options.args ?? [])], options);
}

/** Runs one of the project's commands (`src/cli/…`) over the snapshot of the sources at the test epoch; a variable given as undefined is left out. */
export function runCommand(script: string, argv: string[], options: { sourcesDir?: string; epoch?: string; env?: Record<string, string | undefined>; cwd?: string } = {}): Promise<BuildRun> {
  const args = [join(PROJECT_ROOT, script), ...argv];
  const child = spawn(process.execPath, args, {
    cwd: options.cwd ?? PROJECT_ROOT,
    env: {
      ...process.env,
      SOURCES_DIR: options.sourcesDir ?? SNAPSHOT_SOURCES,
      SOURCE_DATE_EPOCH: options.epoch ?? TEST_EPOCH,
      ASTRO_TELEMETRY_DISABLED: '1',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The folder a benchmark measures: the one given, or a fresh build of the snapshot of the sources under `scratch`. */
export async function siteToMeasure(scratch: string, dir: string | undefined): Promise<string> {
  if (dir) return dir;
  const outDir = join(scratch, 'dist');
  process.stdout.write('building the site from the snapshot of the sources…\n');
  const run = await runBuild({ outDir });
  if (run.code !== 0) throw new Error(run.stderr);
  return outDir;
}
