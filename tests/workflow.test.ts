// The scheduled deployment (.github/workflows/site.yml): valid to a workflow validator from the npm
// registry, every step an npm script, a job per state with its own publish gate and deploy, and the
// gate refusing a build. Its steps run end to end in tests/deployment.test.ts. The release
// (release.yml): npm's provenance, and one line where the repository is not set up to publish.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { publishCommands } from '../src/lib/release/npm-release.ts';
import { STATES } from '../src/lib/states.ts';
import { BUILD_TEST_TIMEOUT_MS, runCommand } from './helpers/build.ts';
import { PROJECT_ROOT } from './helpers/paths.ts';

const WORKFLOWS = ['site.yml', 'test.yml', 'release.yml'].map((name) => join(PROJECT_ROOT, '.github/workflows', name));
const run = promisify(execFile);
const builtSite = inject('builtSite');
const runSteps = async (path: string) => (await readFile(path, 'utf8')).split('\n').flatMap((line) => /^\s*(?:- )?run: (.*)$/.exec(line)?.[1] ?? []);

describe('the workflow files (the daily deployment, the tests on every push and pull request, the release)', () => {
  it.each(WORKFLOWS)('%s passes action-validator (the workflow schema and its globs)', async (workflow) => {
    const { stdout, stderr } = await run(join(PROJECT_ROOT, 'node_modules/.bin/action-validator'), [workflow]);
    expect(stdout + stderr).toBe('');
  });

  it.each(WORKFLOWS)('%s holds no logic of its own: every run step is npm ci or an npm script of package.json', async (workflow) => {
    const scripts = (JSON.parse(await readFile(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const steps = await runSteps(workflow);
    expect(steps.length).toBeGreaterThanOrEqual(3);
    for (const step of steps) {
      if (step.startsWith('npm ci')) continue;
      const script = /^(?:sudo )?npm (?:run (?:--silent )?([\w:]+)(?: -- |$)|(test)$)/.exec(step);
      expect(script && scripts[script[1] ?? script[2] ?? ''], step).toBeTruthy();
    }
  });

  it("tests as CI and the README's quick start do: the system's packages by the one script, then npm test", async () => {
    const steps = await runSteps(WORKFLOWS[1] as string);
    // The same steps as .ci/run, each once: the unit lane is part of npm test.
    expect(steps).toEqual(['npm ci --no-audit --no-fund', 'npm run test:setup', 'npm test']);
    const scripts = (JSON.parse(await readFile(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['test:setup']).toBe('bash scripts/install-test-tools.sh');
    const ci = await readFile(join(PROJECT_ROOT, '.ci/run'), 'utf8');
    expect(ci).toMatch(/^bash scripts\/install-test-tools\.sh$/m);
    expect(ci).toMatch(/^npm test$/m);
    const readme = await readFile(join(PROJECT_ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('npm run test:setup && npm test');
  });
});

describe('site.yml: a job per state, and the front after them all', () => {
  interface Job { if?: string; needs?: string; strategy?: { 'fail-fast': boolean; matrix: { state: string[] } }; steps: { name?: string; if?: string; run?: string; id?: string }[] }
  const workflow = async () => parse(await readFile(WORKFLOWS[0] as string, 'utf8')) as { jobs: { state: Job; front: Job } };

  it('lists all 52 states, and one failing stops none of the others', async () => {
    const { state } = (await workflow()).jobs;
    expect(state.strategy?.matrix.state).toEqual(STATES.map((s) => s.code.toLowerCase()));
    expect(state.strategy?.['fail-fast']).toBe(false);
  });

  it("each state: its own fetch, publish gate, limits and deploy only when its content changed; a failed step deploys nothing of it", async () => {
    const { state } = (await workflow()).jobs;
    const runs = state.steps.flatMap((step) => step.run ?? []);
    const index = (pattern: RegExp) => runs.findIndex((run) => pattern.test(run));
    // In this order, so a step that fails stops the ones after it: the build before the deploy.
    const order = [/^npm run data:fetch -- --state \$\{\{ matrix.state \}\}$/, /^npm run deploy:previous -- .*--base \/\$\{\{ matrix.state \}\}\//, /^npm run build -- --state .*--no-compress/, /^npm run deploy:units -- .*--states \$\{\{ matrix.state \}\}$/, /^npm run --silent deploy:changed -- .*--base \/\$\{\{ matrix.state \}\}\//, /^npm run deploy:edge -- --config deploy\/\$\{\{ matrix.state \}\}\.jsonc$/];
    const positions = order.map(index);
    expect(positions.every((p) => p >= 0), runs.join('\n')).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const deploy = state.steps.find((step) => step.run?.startsWith('npm run deploy:edge'));
    expect(deploy?.if).toBe("steps.changed.outputs.changed == 'true'");
  });

  it('the front: after every state, whatever became of each, with the live files of a state not built today', async () => {
    const { front } = (await workflow()).jobs;
    expect([front.needs, front.if]).toEqual(['state', '${{ !cancelled() }}']);
    expect(front.steps.flatMap((step) => step.run ?? []).slice(1)).toEqual([
      'npm run deploy:previous -- --site "$SITE_URL" --index-files --outDir states',
      'npm run build:states -- --index-only --outDir states --site "$SITE_URL"',
      'npm run deploy:units -- --dir states --out deploy',
      'npm run deploy:edge -- --config deploy/front.jsonc',
    ]);
  });
});

describe('release.yml: both packages to npm with provenance, or one line saying why not', () => {
  interface Step { name?: string; id?: string; if?: string; run?: string; env?: Record<string, string> }
  const workflow = async () => parse(await readFile(WORKFLOWS[2] as string, 'utf8')) as { on: Record<string, unknown>; permissions: Record<string, string>; jobs: { npm: { steps: Step[] } } };

  it('runs on a version tag, may ask GitHub for the provenance token, and builds, packs and publishes only when the check says ready', async () => {
    const release = await workflow();
    expect(release.on.push).toEqual({ tags: ['v*'] });
    expect(release.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
    const steps = release.jobs.npm.steps.filter((step) => step.run !== undefined);
    expect(steps.map((step) => step.run)).toEqual([
      'npm ci --no-audit --no-fund',
      'npm run --silent release:npm -- --check',
      'npm run build -- --site "$SITE_URL" --languages en --no-compress',
      'npm run pack',
      'npm run release:npm',
    ]);
    for (const step of steps.slice(2)) expect(step.if, step.run).toBe("steps.ready.outputs.ready == 'true'");
    expect(steps[1]).toMatchObject({ id: 'ready', env: { NODE_AUTH_TOKEN: '${{ secrets.NPM_TOKEN }}' } });
    expect(steps[4]?.env).toEqual({ NODE_AUTH_TOKEN: '${{ secrets.NPM_TOKEN }}' });
  });

  it('--check without the token says so in one line and answers ready=false, in $GITHUB_OUTPUT too; with both settings, ready=true', async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'mnrent-release-'));
    try {
      const output = join(scratch, 'output');
      await writeFile(output, '');
      const unset = await runCommand('src/cli/release.ts', ['--check'], { env: { NODE_AUTH_TOKEN: '', SITE_URL: 'https://rent.example.org', GITHUB_OUTPUT: output } });
      expect(unset.code).toBe(0);
      expect(unset.stderr).toBe("release: nothing published to npm: the secret NPM_TOKEN is not set in the repository's settings\n");
      expect(unset.stdout).toBe('ready=false\n');
      const set = await runCommand('src/cli/release.ts', ['--check'], { env: { NODE_AUTH_TOKEN: 'npm_x', SITE_URL: 'https://rent.example.org', GITHUB_OUTPUT: output } });
      expect([set.code, set.stderr, set.stdout]).toEqual([0, '', 'ready=true\n']);
      expect(await readFile(output, 'utf8')).toBe('ready=false\nready=true\n');
      // Without the token, the publishing step itself also publishes nothing, in one line.
      const publish = await runCommand('src/cli/release.ts', ['--dir', scratch], { env: { NODE_AUTH_TOKEN: '', SITE_URL: '' } });
      expect([publish.code, publish.stderr]).toEqual([0, "release: nothing published to npm: the secret NPM_TOKEN and the variable SITE_URL (the deployment the packages answer from) are not set in the repository's settings\n"]);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it('publishes each tarball npm run pack wrote, with provenance and public access; a missing one is an error', () => {
    const settings = { token: 'npm_x', site: 'https://rent.example.org' };
    expect(publishCommands(settings, ['mnrent-client-1.2.0.tgz', 'mnrent-mcp-1.2.0.tgz', 'notes.txt'], 'dist-packages')).toEqual({
      ready: true,
      publish: [
        ['npm', 'publish', 'dist-packages/mnrent-mcp-1.2.0.tgz', '--provenance', '--access', 'public'],
        ['npm', 'publish', 'dist-packages/mnrent-client-1.2.0.tgz', '--provenance', '--access', 'public'],
      ],
    });
    expect(() => publishCommands(settings, ['mnrent-mcp-1.2.0.tgz'], 'dist-packages')).toThrow('dist-packages holds no mnrent-client tarball (npm run pack writes one)');
  });
});

describe('the publish gate, as the workflow runs the build', { timeout: BUILD_TEST_TIMEOUT_MS }, () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'mnrent-workflow-'));
  });
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  it('refuses a build with far fewer ZIP codes than the live output, in one line, and builds nothing', async () => {
    // A live site with far more ZIP codes than the sources give: the gate refuses the build.
    const bigger = join(scratch, 'bigger');
    await mkdir(join(bigger, 'api/v1'), { recursive: true });
    const meta = JSON.parse(await readFile(join(builtSite, 'api/v1/meta.json'), 'utf8')) as { counts: { zips: number } };
    meta.counts.zips = 2000;
    await writeFile(join(bigger, 'api/v1/meta.json'), JSON.stringify(meta));
    const refused = await runCommand('src/cli/build.ts', ['--site', 'https://rent.example.org', '--outDir', bigger, '--no-compress'], { env: { MNRENT_STATE: undefined } });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/not published: hud_safmr: 911 ZIP codes, against 2000 in the earlier output/);
    expect(JSON.parse(await readFile(join(bigger, 'api/v1/meta.json'), 'utf8'))).toEqual(meta);
  });
});
