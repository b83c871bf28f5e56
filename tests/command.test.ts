// How a command ends (src/cli/command.ts), in a process of its own: the exit code and the one line.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './helpers/paths.ts';

const COMMAND = pathToFileURL(join(PROJECT_ROOT, 'src/cli/command.ts')).href;

/** Runs `runCommand('demo', 'usage: demo', <main>, <doing>)` in a fresh Node. */
function run(main: string, doing = 'undefined') {
  const script = `import { runCommand } from ${JSON.stringify(COMMAND)}; import { ExpectedError } from ${JSON.stringify(pathToFileURL(join(PROJECT_ROOT, 'src/lib/errors.ts')).href)}; void ExpectedError; runCommand('demo', 'usage: demo', ${main}, ${doing});`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('runCommand', () => {
  it('exits with the code main resolves to, after work main waited for', () => {
    expect(run('() => new Promise((r) => setTimeout(() => r(0), 50))')).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(run('async () => 3').code).toBe(3);
  });

  it('ends an expected error with one line and exit 1', () => {
    expect(run("async () => { throw new ExpectedError('the sources are stale'); }")).toEqual({ code: 1, stdout: '', stderr: 'demo failed: the sources are stale\n' });
  });

  it('never ends with 0 when main waits on nothing that can still happen: exit 1 and one line saying what it waited for', () => {
    // Node would end this process with exit code 0, as if the command had succeeded.
    const stuck = run('() => new Promise(() => undefined)', "() => 'waiting for the dataset'");
    expect(stuck).toEqual({ code: 1, stdout: '', stderr: 'demo failed unexpectedly: it stopped before it finished, with nothing left to wait for (waiting for the dataset)\n' });
    // A timer main no longer needs does not change it: the line comes when the loop is empty.
    expect(run('() => { setTimeout(() => undefined, 30); return new Promise(() => undefined); }').stderr).toBe('demo failed unexpectedly: it stopped before it finished, with nothing left to wait for\n');
  });
});

describe('every command of package.json', () => {
  // Each script that runs one of src/cli's commands (with its subcommand), as `npm run X -- --bogus` runs it.
  const scripts = Object.entries((JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts).flatMap(([name, line]) => {
    const match = /^node (src\/cli\/[a-z-]+\.ts)((?: [a-z]+)*)$/.exec(line);
    return match?.[1] === undefined ? [] : [{ name, args: [match[1], ...(match[2] ?? '').split(' ').filter(Boolean)] }];
  });

  it('are found: every command in src/cli but the shared code', () => {
    expect(new Set(scripts.map((s) => s.args[0]))).toEqual(new Set(readdirSync(join(PROJECT_ROOT, 'src/cli')).filter((f) => !['command.ts', 'check-node.ts'].includes(f)).map((f) => `src/cli/${f}`)));
  });

  it.each(scripts.map((s) => [s.name, s.args] as const))('%s: a flag it does not know is one line and exit 2, with nothing on stdout', (_, args) => {
    const result = spawnSync(process.execPath, [...args, '--bogus'], { cwd: PROJECT_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(result.status, result.stderr).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^[^\n]*Unknown option '--bogus'[^\n]* \(--help prints the usage\)\n$/);
  });
});
