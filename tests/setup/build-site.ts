// What every test file shares, made once before any runs: one build per configuration the output
// tests read (every language, and English alone), side by side, and beside them the typecheck and
// the lint, so `npm test` is the one gate (both skipped outside CI when nothing they read changed
// since they last passed in this checkout: tests/helpers/green-checks.ts).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type BuildRun, runBuild, runProcess } from '../helpers/build.ts';
import { checkedInputsHash, passedBefore, recordGreen } from '../helpers/green-checks.ts';
import { PROJECT_ROOT } from '../helpers/paths.ts';
import { type Served, type SharedServer, type SharedServers, serveWithDeno, serveWithEdge, serveWithNginx } from '../helpers/servers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The snapshot built as `npm run build` builds it: every language. */
    builtSite: string;
    buildStdout: string;
    /** The same build in English alone (`--languages en`), as the tests that are not about translations build. */
    builtSiteEnglish: string;
    /** nginx (the shipped block, one worker), the Worker in workerd and Deno, each serving `builtSite` for every file that only reads from it. */
    servers: SharedServers;
    /** What `secret.txt`, beside the folder of `builtSite`, holds: no server may ever answer it. */
    secretBesideSite: string;
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
  // The typecheck and the lint run unless their inputs are those of their last green run here; in CI always.
  const inputs = process.env.CI ? undefined : await checkedInputsHash(PROJECT_ROOT);
  const check = async (name: string): Promise<BuildRun> => {
    if (await passedBefore(PROJECT_ROOT, name, inputs)) {
      process.stdout.write(`npm run ${name}: skipped, nothing it reads changed since it last passed in this checkout\n`);
      return { code: 0, stdout: '', stderr: '' };
    }
    const run = await npmScript(name);
    if (run.code === 0) await recordGreen(PROJECT_ROOT, name, inputs);
    return run;
  };
  const [all, englishOnly, typecheck, lint] = await Promise.all([runBuild({ outDir: every, languages: 'every' }), runBuild({ outDir: english }), check('typecheck'), check('lint')]);
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
  // A file beside the served folder that no request may ever read (http-contract, hostile).
  const secret = `mnrent-secret-${randomUUID()}`;
  await writeFile(join(root, 'every', 'secret.txt'), `${secret}\n`);
  // Started once for the run: workerd alone takes seconds and a gigabyte to start.
  const started = await Promise.allSettled([serveWithNginx(every), serveWithEdge(every), serveWithDeno(every)]);
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const refused = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (refused) {
    await Promise.all(servers.map((server) => server.stop()));
    await rm(root, { recursive: true, force: true });
    throw refused.reason;
  }
  const shared = (name: Served['name']): SharedServer => {
    const server = servers.find((s) => s.name === name);
    if (!server) throw new Error(`${name} did not start`);
    return { name, url: server.url, brotli: server.brotli };
  };
  project.provide('builtSite', every);
  project.provide('buildStdout', all.stdout);
  project.provide('builtSiteEnglish', english);
  project.provide('secretBesideSite', secret);
  project.provide('servers', { nginx: shared('nginx'), edge: shared('edge'), deno: shared('deno') });
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await rm(root, { recursive: true, force: true });
  };
}
