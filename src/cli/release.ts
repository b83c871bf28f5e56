// npm run release:npm -- [--check] [--dir DIR]: the release workflow's npm steps (.github/workflows/release.yml).
//   --check   whether the repository is set up to publish: `ready=true` or `ready=false` on stdout and in
//             $GITHUB_OUTPUT when set; when not, one line saying which setting is missing. Exit 0 either way.
//   (none)    publishes the tarballs of `npm run pack` in DIR (default dist-packages) with provenance.
// Reads NODE_AUTH_TOKEN (the secret NPM_TOKEN) and SITE_URL from the environment, here at the edge.
import { execFile } from 'node:child_process';
import { appendFile, readdir } from 'node:fs/promises';
import { parseArgs, promisify } from 'node:util';
import { ExpectedError } from '../lib/errors.ts';
import { publishCommands, releaseReadiness, type ReleaseSettings } from '../lib/release/npm-release.ts';
import { runCommand } from './command.ts';

const USAGE = 'usage: npm run release:npm -- [--check] [--dir DIR]   (NODE_AUTH_TOKEN: the npm token; SITE_URL: the deployment the packages are for)';
const run = promisify(execFile);

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { check: { type: 'boolean' }, dir: { type: 'string' } }, strict: true });
  const settings: ReleaseSettings = { token: process.env.NODE_AUTH_TOKEN || undefined, site: process.env.SITE_URL || undefined };
  if (values.check) {
    const readiness = releaseReadiness(settings);
    if (!readiness.ready) process.stderr.write(`${readiness.why}\n`);
    const answer = `ready=${String(readiness.ready)}`;
    process.stdout.write(`${answer}\n`);
    if (process.env.GITHUB_OUTPUT) await appendFile(process.env.GITHUB_OUTPUT, `${answer}\n`);
    return 0;
  }
  const dir = values.dir ?? 'dist-packages';
  const files = await readdir(dir).catch(() => {
    throw new ExpectedError(`${dir} does not exist: run npm run pack first`);
  });
  const plan = publishCommands(settings, files, dir);
  if (!plan.ready) {
    process.stderr.write(`${plan.why}\n`);
    return 0;
  }
  for (const [command = 'npm', ...args] of plan.publish) {
    process.stderr.write(`release: ${[command, ...args].join(' ')}\n`);
    await run(command, args, { env: process.env }).catch((error: unknown) => {
      const stderr = ((error as { stderr?: string }).stderr ?? '').trim().split('\n').filter((l) => /npm error/.test(l)).join(' ');
      throw new ExpectedError(`npm publish ${args[1] ?? ''} failed${stderr ? `: ${stderr}` : ''}`);
    });
  }
  return 0;
}

runCommand('release:npm', USAGE, main);
