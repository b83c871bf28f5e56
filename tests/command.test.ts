// How a command ends (src/cli/command.ts), in a process of its own: the exit code and the one line.
import { spawnSync } from 'node:child_process';
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
