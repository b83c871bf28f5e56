// The scheduled deployment (.github/workflows/site.yml): valid to a workflow validator from the npm
// registry, every step an npm script, and those steps run here against a "live" site on loopback:
// the live meta.json before the build, the build under the state's path with its publish gate, the
// index of the states, "did anything change", a dry run of the Worker's deploy, and the Worker
// serving the folder of states with each state's agent server under its path.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BUILD_TEST_TIMEOUT_MS, runCommand } from './helpers/build.ts';
import { PROJECT_ROOT } from './helpers/paths.ts';
import { freePort, serveWithEdge } from './helpers/servers.ts';

const WORKFLOWS = ['site.yml', 'test.yml'].map((name) => join(PROJECT_ROOT, '.github/workflows', name));
const run = promisify(execFile);
const builtSite = inject('builtSite');
const runSteps = async (path: string) => (await readFile(path, 'utf8')).split('\n').flatMap((line) => /^\s*(?:- )?run: (.*)$/.exec(line)?.[1] ?? []);

describe('the workflow files (the daily deployment, and the tests on every push and pull request)', () => {
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

/** A static host for a folder, as the live deployment is to the workflow. */
async function liveHost(dir: string): Promise<{ url: string; server: Server }> {
  const port = await freePort();
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    readFile(join(dir, path.endsWith('/') ? `${path}index.html` : path)).then(
      (body) => res.writeHead(200, { 'content-type': extname(path) === '.json' ? 'application/json' : 'text/html' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, server };
}

describe('its steps, run as the workflow runs them', { timeout: BUILD_TEST_TIMEOUT_MS }, () => {
  let scratch: string;
  let live: { url: string; server: Server };
  let states: string;
  const npm = (script: string, args: string[], env: Record<string, string> = {}) => runCommand(script, args, { env: { MNRENT_STATE: undefined, ...env } });

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'mnrent-workflow-'));
    // The live site: last month's Minnesota under /mn/ (the test build's meta.json and change log).
    const liveDir = join(scratch, 'live');
    await mkdir(join(liveDir, 'mn/api/v1'), { recursive: true });
    for (const file of ['meta.json', 'changes.json']) await cp(join(builtSite, 'api/v1', file), join(liveDir, 'mn/api/v1', file));
    live = await liveHost(liveDir);
    states = join(scratch, 'states');
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => live.server.close(() => resolve()));
    await rm(scratch, { recursive: true, force: true });
  });

  it('deploy:previous, build, build:states --index-only, deploy:changed, deploy:edge --dry-run; then the Worker serves the states', async () => {
    const mn = join(states, 'mn');
    const previous = await npm('src/cli/deployment.ts', ['previous', '--site', live.url, '--base', '/mn/', '--outDir', mn]);
    expect(previous.code, previous.stderr).toBe(0);
    expect(await readFile(join(mn, 'api/v1/meta.json'), 'utf8')).toBe(await readFile(join(builtSite, 'api/v1/meta.json'), 'utf8'));

    const mcpUrl = `${live.url}/mn/mcp`;
    const build = await npm('src/cli/build.ts', ['--state', 'mn', '--site', live.url, '--base', '/mn/', '--outDir', mn, '--no-compress', '--mcp-url', mcpUrl]);
    expect(build.code, build.stderr).toBe(0);
    // The change log went on from the live one: this build compared with it.
    const changes = JSON.parse(await readFile(join(mn, 'api/v1/changes.json'), 'utf8')) as { previous_generated_at: string | null };
    expect(changes.previous_generated_at).toBe('2026-01-01T00:00:00Z');

    const index = await npm('src/cli/build-states.ts', ['--index-only', '--outDir', states, '--site', live.url]);
    expect(index.code, index.stderr).toBe(0);

    const output = join(scratch, 'github-output');
    const changed = await npm('src/cli/deployment.ts', ['changed', '--site', live.url, '--dir', states], { GITHUB_OUTPUT: output });
    expect(changed.code, changed.stderr).toBe(0);
    // Its URLs are under /mn/ now: the content differs from the live one.
    expect(changed.stdout).toBe('changed=true\n');
    expect(await readFile(output, 'utf8')).toBe('changed=true\n');
    await cp(join(mn, 'api/v1/meta.json'), join(scratch, 'live/mn/api/v1/meta.json'));
    const same = await npm('src/cli/deployment.ts', ['changed', '--site', live.url, '--dir', states]);
    expect(same.stdout).toBe('changed=false\n');

    const deploy = await npm('node_modules/wrangler/bin/wrangler.js', ['deploy', '--assets', states, '--dry-run', '--outdir', join(scratch, 'worker')], { WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' });
    expect(deploy.code, deploy.stderr).toBe(0);
    expect(deploy.stdout).toMatch(/--dry-run: exiting now/);

    const edge = await serveWithEdge(states);
    const client = new Client({ name: 'workflow-test', version: '1' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(`${edge.url}/mn/mcp`)));
      const zip = await client.callTool({ name: 'get_zip', arguments: { zip: '55104' } });
      expect(zip.structuredContent).toEqual(JSON.parse(await readFile(join(mn, 'api/v1/zip/55104.json'), 'utf8')));
      const missing = await fetch(`${edge.url}/mn/api/v1/zip/99999.json`);
      expect([missing.status, missing.headers.get('content-type')]).toEqual([404, 'application/problem+json; charset=utf-8']);
      expect((await fetch(`${edge.url}/mcp`, { method: 'POST', body: '{}' })).status).toBe(404);
      expect((await fetch(`${edge.url}/states.json`)).status).toBe(200);
    } finally {
      await client.close();
      await edge.stop();
    }
  });

  it('a failed fetch of the live site, or a refused gate, fails with one line and builds nothing', async () => {
    const closed = await freePort();
    const unreachable = await npm('src/cli/deployment.ts', ['previous', '--site', `http://127.0.0.1:${closed}/`, '--outDir', join(scratch, 'nowhere')]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toBe(`deployment failed: http://127.0.0.1:${closed}/api/v1/meta.json: cannot be reached (ECONNREFUSED)\n`);
    // A live site with far more ZIP codes than the sources give: the gate refuses the build.
    const bigger = join(scratch, 'bigger');
    await mkdir(join(bigger, 'api/v1'), { recursive: true });
    const meta = JSON.parse(await readFile(join(builtSite, 'api/v1/meta.json'), 'utf8')) as { counts: { zips: number } };
    meta.counts.zips = 2000;
    await writeFile(join(bigger, 'api/v1/meta.json'), JSON.stringify(meta));
    const refused = await npm('src/cli/build.ts', ['--site', live.url, '--outDir', bigger, '--no-compress']);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/not published: hud_safmr: 911 ZIP codes, against 2000 in the earlier output/);
  });
});
