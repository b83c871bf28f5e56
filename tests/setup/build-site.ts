// What every test file shares, made once before any runs: one build per configuration the output
// tests read (every language, and English alone), side by side, and beside them the typecheck and
// the lint, so `npm test` is the one gate.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type BuildRun, runBuild, runProcess } from '../helpers/build.ts';
import { PROJECT_ROOT } from '../helpers/paths.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The snapshot built as `npm run build` builds it: every language. */
    builtSite: string;
    buildStdout: string;
    /** The same build in English alone (`--languages en`), as the tests that are not about translations build. */
    builtSiteEnglish: string;
  }
}

/** Runs one of package.json's scripts, its output kept for the message if it fails. */
const npmScript = (name: string): Promise<BuildRun> => runProcess('npm', ['run', '--silent', name], { cwd: PROJECT_ROOT });

const failed = (what: string, run: BuildRun) => `${what} failed (exit ${run.code}):\n${run.stdout}\n${run.stderr}`;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = await mkdtemp(join(tmpdir(), 'mnrent-site-'));
  const every = join(root, 'every', 'dist');
  const english = join(root, 'en', 'dist');
  // Astro's generated files in the checkout (.astro/) first, with its own `astro sync`: the builds
  // and the typecheck that start together then find them written and write none of them.
  const sync = await npmScript('sync');
  if (sync.code !== 0) throw new Error(failed('astro sync', sync));
  const [all, englishOnly, typecheck, lint] = await Promise.all([runBuild({ outDir: every, languages: 'every' }), runBuild({ outDir: english }), npmScript('typecheck'), npmScript('lint')]);
  const problems = [
    ...(all.code === 0 ? [] : [failed('the test build', all)]),
    ...(englishOnly.code === 0 ? [] : [failed('the English test build', englishOnly)]),
    ...(typecheck.code === 0 ? [] : [failed('npm run typecheck', typecheck)]),
    ...(lint.code === 0 ? [] : [failed('npm run lint', lint)]),
  ];
  if (problems.length > 0) {
    await rm(root, { recursive: true, force: true });
    throw new Error(problems.join('\n\n'));
  }
  project.provide('builtSite', every);
  project.provide('buildStdout', all.stdout);
  project.provide('builtSiteEnglish', english);
  return () => rm(root, { recursive: true, force: true });
}
