import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ROOT, SNAPSHOT_SOURCES, TEST_EPOCH, TEST_SITE } from './paths.ts';

/**
 * The time limit for a test that runs builds. Builds run side by side on a machine of two cores
 * while other test files drive browsers and servers: the limit is for a busy machine, not a timing.
 */
export const BUILD_TEST_TIMEOUT_MS = 360_000;

/**
 * The languages of a test build: English alone (`--languages en`) unless a test is about the
 * translations and names them, or asks for `'every'` (the build's default: every language).
 */
export type TestLanguages = 'en' | 'every' | `en,${string}`;

export interface BuildRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run build`'s script as a user would, with the Node that runs the tests (the project's own); English alone unless `languages` says otherwise. */
export function runBuild(options: { outDir: string; sourcesDir?: string; site?: string; epoch?: string; languages?: TestLanguages; args?: string[]; env?: Record<string, string | undefined>; cwd?: string }): Promise<BuildRun> {
  const languages = options.languages ?? 'en';
  return runCommand('src/cli/build.ts', ['--site', options.site ?? TEST_SITE, '--outDir', options.outDir, ...(languages === 'every' ? [] : ['--languages', languages]), ...(options.args ?? [])], options);
}

/** Runs one of the project's commands (`src/cli/…`) over the snapshot of the sources at the test epoch; a variable given as undefined is left out. */
export function runCommand(script: string, argv: string[], options: { sourcesDir?: string; epoch?: string; env?: Record<string, string | undefined>; cwd?: string } = {}): Promise<BuildRun> {
  return runProcess(process.execPath, [join(PROJECT_ROOT, script), ...argv], {
    cwd: options.cwd ?? PROJECT_ROOT,
    env: {
      ...process.env,
      SOURCES_DIR: options.sourcesDir ?? SNAPSHOT_SOURCES,
      SOURCE_DATE_EPOCH: options.epoch ?? TEST_EPOCH,
      ASTRO_TELEMETRY_DISABLED: '1',
      ...options.env,
    },
  });
}

/** Runs a program to its end, its output kept. */
export function runProcess(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<BuildRun> {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
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
  const run = await runBuild({ outDir, languages: 'every' });
  if (run.code !== 0) throw new Error(run.stderr);
  return outDir;
}
