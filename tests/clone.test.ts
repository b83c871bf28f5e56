// A clone that stands on its own: the repository cloned into a folder with nothing beside it (the
// project's node_modules lent to it), `npm run site` run with no network at all (unshare -n, or
// sudo -n unshare -n where only that is allowed; with CI set, a machine that allows neither fails the
// suite instead of skipping), and the site it builds from the snapshot equal to the reference build.
// Then every command of the README's code blocks, as a user types it in that clone, offline: its
// exit and its first line; the commands that need the network or a deployment are listed with why.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BUILD_TEST_TIMEOUT_MS } from './helpers/build.ts';
import { PROJECT_ROOT, TEST_EPOCH, TEST_SITE } from './helpers/paths.ts';

const run = promisify(execFile);
const reference = inject('builtSite');

/**
 * How this machine runs a command with no network: `unshare -n` where a user may (root, or user
 * namespaces enabled), else `sudo -n unshare -n` dropping back to this user and keeping the
 * environment (a GitHub-hosted runner's user has password-less sudo, not unshare), else why not.
 */
function offlineRunner(): { prefix: (env: NodeJS.ProcessEnv) => string[] } | { why: string } {
  const works = (command: string, args: string[]) => {
    try {
      execFileSync(command, args, { stdio: 'pipe' });
      return true;
    } catch {
      return false;
    }
  };
  if (works('unshare', ['-n', 'true'])) return { prefix: () => ['unshare', '-n'] };
  const uid = String(process.getuid?.() ?? 0);
  const gid = String(process.getgid?.() ?? 0);
  if (works('sudo', ['-n', 'unshare', '-n', '-S', uid, '-G', gid, 'true'])) {
    // sudo resets the environment and PATH: the command gets this process's, through env.
    return { prefix: (env) => ['sudo', '-n', 'unshare', '-n', '-S', uid, '-G', gid, '--', 'env', ...Object.entries(env).flatMap(([k, v]) => (v === undefined ? [] : [`${k}=${v}`]))] };
  }
  return { why: 'neither unshare -n nor sudo -n unshare -n is allowed here: run this test as root, where user namespaces are enabled, or with password-less sudo' };
}
const offline = offlineRunner();
// On CI the proof that the repository stands alone must run: no way to cut the network fails the suite.
const skipReason = 'why' in offline && !process.env.CI ? offline.why : undefined;

describe.skipIf(skipReason !== undefined)(`a fresh clone with no network${skipReason ? ` (skipped: ${skipReason})` : ''}`, { timeout: BUILD_TEST_TIMEOUT_MS }, () => {
  let scratch: string;
  let clone: string;
  let site: { code: number | null; stderr: string };
  const env: NodeJS.ProcessEnv = { ...process.env, SOURCE_DATE_EPOCH: TEST_EPOCH, ASTRO_TELEMETRY_DISABLED: '1' };
  delete env.SOURCES_DIR;
  delete env.MNRENT_STATE;
  /** A command and its arguments as run with no network. */
  const offlineArgs = (args: string[]): [string, string[]] => {
    if ('why' in offline) throw new Error(`CI is set, and this machine cannot run a command with no network: ${offline.why}`);
    const [command = 'unshare', ...prefix] = [...offline.prefix(env), ...args];
    return [command, prefix];
  };

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'mnrent-clone-'));
    clone = join(scratch, 'mnrent');
    await run('git', ['clone', '--quiet', PROJECT_ROOT, clone]);
    await symlink(join(PROJECT_ROOT, 'node_modules'), join(clone, 'node_modules'));
    const [command, prefix] = offlineArgs([]);
    site = await new Promise((resolve, reject) => {
      const child = spawn(command, [...prefix, 'npm', 'run', 'site', '--', '--site', TEST_SITE], { cwd: clone, env, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.once('error', reject);
      child.once('close', (code) => resolve({ code, stderr }));
    });
  }, BUILD_TEST_TIMEOUT_MS);
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  it('reads nothing beside the project: no path to the shared folder beside the checkout anywhere in the repository', async () => {
    // git grep exits 1 when it finds nothing; the pattern is put together so this file does not hold it.
    const grep = await run('git', ['grep', '-n', '-F', ['..', 'shared'].join('/')], { cwd: clone }).then(
      ({ stdout }) => stdout,
      (error: unknown) => ((error as { code?: number }).code === 1 ? '' : String((error as { stdout?: string }).stdout)),
    );
    expect(grep).toBe('');
  });

  it('npm run site builds dist/ at once from the snapshot, saying in one line which vintages and that newer releases were not checked', () => {
    expect(site.code, site.stderr).toBe(0);
    const lines = site.stderr.split('\n');
    expect(lines.filter((l) => l.startsWith('mnrent site: offline ('))).toHaveLength(1);
    expect(lines).toContain(
      'mnrent site: built dist from the snapshot in data/snapshot (Small Area FMR FY2021-FY2026, county FMR FY2026, income limits FY2025, ZORI to 2023-10 (counties 2026-01), ACS 2019-2023, crosswalk 2025-Q4); newer releases were not checked: no publisher could be reached',
    );
    // Offline is found by one look at each host, not by each file's retries.
    expect(site.stderr).not.toMatch(/retry \d/);
  });

  it('builds the same site as the reference build of the snapshot: meta.json and a ZIP page byte for byte', async () => {
    for (const path of ['api/v1/meta.json', 'zip/55104/index.html', 'api/v1/zip/55104.json']) {
      expect(await readFile(join(clone, 'dist', path), 'utf8'), path).toBe(await readFile(join(reference, path), 'utf8'));
    }
    const meta = JSON.parse(await readFile(join(clone, 'dist/api/v1/meta.json'), 'utf8')) as { counts: { zips: number }; vintages: { geonames: { files: unknown[] } } };
    expect(meta.counts.zips).toBe(911);
    expect(meta.vintages.geonames.files).toEqual([{ name: 'geonames/US.txt', bytes: 2668861, sha256: 'c3044b608d6d43030d717887a25c11c27e728d8d95505aedc7b45e21831a8623' }]);
    expect(await readFile(join(clone, 'dist/zip/55104/index.html'), 'utf8')).toContain('55104');
  });

  // The README's commands, after the comparison above: `npm run site` as written builds dist/ again for its default site.
  describe("the README's commands, as written, offline", () => {
    /** A shell line run in the clone (or `cwd`) with no network: its exit and its output, stdout and stderr as they came. */
    const shell = (line: string, cwd = clone) =>
      new Promise<{ code: number | null; output: string }>((resolve, reject) => {
        const [command, args] = offlineArgs(['sh', '-c', line]);
        const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (d: Buffer) => (output += d.toString()));
        child.stderr.on('data', (d: Buffer) => (output += d.toString()));
        child.once('error', reject);
        child.once('close', (code) => resolve({ code, output }));
      });
    /** The first line a user reads: npm's banner (`> name@version script`, `> command`) and blank lines are npm's, not the command's. */
    const firstLine = (output: string) => output.split('\n').find((l) => l.trim() !== '' && !l.startsWith('> ') && !l.startsWith('npm warn')) ?? '';
    /** An agent server started as written, with no network, asked by the MCP SDK client for its tools; every message on stdout must parse. */
    const toolsOf = async (args: string[], cwd = clone) => {
      const [command, rest] = offlineArgs(args);
      const transport = new StdioClientTransport({ command, args: rest, cwd, env: env as Record<string, string>, stderr: 'pipe' });
      const errors: string[] = [];
      const client = new Client({ name: 'mnrent-readme-test', version: '1.0.0' });
      client.onerror = (error) => errors.push(error.message);
      await client.connect(transport);
      try {
        const tools = (await client.listTools()).tools.map((t) => t.name);
        return { tools, errors };
      } finally {
        await client.close();
      }
    };
    const TOOLS = ['get_zip', 'get_county', 'list_housing_agencies', 'search_places', 'nearest_zips', 'voucher_spread', 'voucher_fit', 'compare_zips', 'dataset_info'];
    /** A usage synopsis (options in brackets) is checked against the command's own usage: every option it names, the command knows. */
    const synopsis = (name: string) => async (line: string) => {
      const result = await shell(`npm run ${name} -- --help`);
      expect(result.code, result.output).toBe(0);
      const usage = firstLine(result.output);
      expect(usage).toMatch(new RegExp(`^usage: npm run ${name} -- `));
      for (const option of line.match(/--[a-z-]+/g) ?? []) expect(usage, option).toContain(option);
    };
    const exitsWith = (first: RegExp) => async (line: string) => {
      const result = await shell(line);
      expect(result.code, result.output).toBe(0);
      expect(firstLine(result.output)).toMatch(first);
    };

    type Step = { run: (line: string) => Promise<void> } | { skip: string };
    // Every command of the README's sh blocks (split at &&, comments off), and the command of its client configuration.
    const STEPS: Record<string, Step> = {
      'npm ci': { skip: 'installs from the npm registry (network); the clone here is lent the project\'s node_modules' },
      'npm run site': { run: exitsWith(/^mnrent site: offline \(/) },
      'npm run test:setup': { skip: 'installs Debian packages with apt-get (network, root)' },
      'npm test': { skip: 'is the suite this test is part of' },
      'npm run data:fetch -- [--state XX] [--sources DIR] [--manifest FILE] [--mirror URL] [--only DATASET...] [--missing] [--timeout SECONDS] [--deadline SECONDS] [--retries N] [--accept-changes] [--as-of YYYY-MM-DD]': {
        // The fetch itself asks the publishers (network); offline it is the usage that must match.
        run: synopsis('data:fetch'),
      },
      '[SOURCES_DIR=DIR] npm run build -- [--state XX] [--site URL] [--base /PATH/] [--outDir DIR] [--languages en,es,…] [--accept-changes] [--no-compress]': { run: synopsis('build') },
      'npm run build -- --state WI --outDir dist-wi': { run: exitsWith(/^mnrent build: Wisconsin, sources .*data\/snapshot → .*dist-wi /) },
      'npm run build:states -- --states WI,VT --outDir states --site https://rent.example.org': { run: exitsWith(/^build:states: (?:WI, VT|VT, WI) → \S*states, \d+ at a time$/) },
      'curl https://rent.example.org/api/v1/zip/55104.json': { skip: 'asks a deployment (rent.example.org is the README\'s example host); tests/http-contract.test.ts asks the same of the build served by nginx' },
      'npm run --silent mcp -- --dir dist': {
        run: async (line) => {
          expect(await toolsOf(['sh', '-c', line])).toEqual({ tools: TOOLS, errors: [] });
        },
      },
      'npm run pack': { run: exitsWith(/^pack: mnrent-mcp \S+ for https:\/\/mnrent\.example\.org\/?: bundling$/) },
      'npx -y --package ./dist-packages/mnrent-mcp-*.tgz mnrent-mcp --dir dist': {
        run: async (line) => {
          expect(await toolsOf(['sh', '-c', line])).toEqual({ tools: TOOLS, errors: [] });
        },
      },
      'npx -y mnrent-mcp [--base-url https://rent.example.org | --http --port 8787]': { skip: 'needs the npm registry, where mnrent-mcp is not published yet' },
      'claude mcp add --transport http mnrent https://rent.example.org/mcp': { skip: "Claude Code's command, adding a deployment's agent server" },
      'npx @modelcontextprotocol/inspector --cli https://rent.example.org/mcp --transport http --method tools/list': { skip: 'fetches the inspector from the npm registry and asks a deployment' },
      'npm run --silent --prefix /path/to/mnrent mcp -- --dir /path/to/mnrent/dist': {
        // The client configuration's command, started from another folder, as a client starts it.
        run: async (line) => {
          const args = line.replaceAll('/path/to/mnrent', clone).split(' ');
          expect(await toolsOf(args, scratch)).toEqual({ tools: TOOLS, errors: [] });
        },
      },
    };
    // Blocks that are not commands, by their language.
    const NOT_COMMANDS: Record<string, string> = {
      ts: "TypeScript of an application, against a deployment; tests/packages.test.ts makes the same calls of mnrent-client against the build served locally",
      text: "one line a tool (pandas, R, DuckDB, polars), not shell commands; tests/publication/bulk.test.ts reads the bulk files with DuckDB",
    };

    const readmeSteps = async () => {
      const readme = await readFile(join(clone, 'README.md'), 'utf8');
      const steps: string[] = [];
      const languages: string[] = [];
      for (const [, language = '', body = ''] of readme.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)) {
        languages.push(language);
        if (language === 'sh') {
          // An indented line goes on the line before it (a synopsis too long for one line).
          const lines = body.replace(/\n[ \t]+/g, ' ').split('\n');
          for (const line of lines) {
            const command = line.replace(/\s{2,}#.*$/, '').trim();
            if (command !== '') steps.push(...command.split(' && ').map((step) => step.trim()));
          }
        } else if (language === 'json') {
          for (const server of Object.values((JSON.parse(body) as { mcpServers: Record<string, { command: string; args: string[] }> }).mcpServers)) steps.push([server.command, ...server.args].join(' '));
        }
      }
      return { steps, languages };
    };

    it('lists every command of the README, and no command the README no longer has', async () => {
      const { steps, languages } = await readmeSteps();
      expect([...new Set(steps)].sort()).toEqual(Object.keys(STEPS).sort());
      expect([...new Set(languages.filter((l) => l !== 'sh' && l !== 'json'))].sort()).toEqual(Object.keys(NOT_COMMANDS).sort());
    });

    it('runs each one in order (the skipped ones say why), each exiting 0 with the first line a user expects', { timeout: 4 * BUILD_TEST_TIMEOUT_MS }, async () => {
      const { steps } = await readmeSteps();
      const ran: string[] = [];
      for (const step of steps) {
        const entry = STEPS[step];
        if (entry === undefined) throw new Error(`the README's command ${step} is not in this test's list`);
        if ('skip' in entry) continue;
        await entry.run(step);
        ran.push(step);
      }
      // Each command the list runs, once, in the README's order.
      expect([...ran].sort()).toEqual(Object.keys(STEPS).filter((key) => 'run' in (STEPS[key] as Step)).sort());
      // What the commands left: the packed tarball beside the built folders.
      expect((await readdir(join(clone, 'dist-packages'))).filter((f) => f.startsWith('mnrent-mcp-'))).toHaveLength(1);
    });
  });
});
