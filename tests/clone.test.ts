// A clone that stands on its own: the repository cloned into a folder with nothing beside it (the
// project's node_modules lent to it), `npm run site` run with no network at all (unshare -n, or
// sudo -n unshare -n where only that is allowed; with CI set, a machine that allows neither fails the
// suite instead of skipping), and the site it builds from the snapshot equal to the reference build.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
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

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'mnrent-clone-'));
    clone = join(scratch, 'mnrent');
    await run('git', ['clone', '--quiet', PROJECT_ROOT, clone]);
    await symlink(join(PROJECT_ROOT, 'node_modules'), join(clone, 'node_modules'));
    const env: NodeJS.ProcessEnv = { ...process.env, SOURCE_DATE_EPOCH: TEST_EPOCH, ASTRO_TELEMETRY_DISABLED: '1' };
    delete env.SOURCES_DIR;
    delete env.MNRENT_STATE;
    if ('why' in offline) throw new Error(`CI is set, and this machine cannot run a command with no network: ${offline.why}`);
    const [command = 'unshare', ...prefix] = offline.prefix(env);
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
});
