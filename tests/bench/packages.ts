// npm run bench:packages [-- --dir DIR] [--runs N]: what a user of the two npm packages pays.
//   installed size of mnrent-mcp and mnrent-client, each installed alone into an empty folder;
//   cold start of `npx mnrent-mcp` (spawn to the answer of tools/list) with the machine's Node.
// Peer, installed and started the same way in the same run: the MCP project's reference server
// @modelcontextprotocol/server-filesystem (same SDK, installed from the registry with its
// dependencies). Also: mnrent-mcp's first run through `npx -y <tarball>` with an empty npx cache.
import { execFile } from 'node:child_process';
import { lstat, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { PACKAGE_VERSION } from '../../src/lib/contract/service.ts';
import { siteToMeasure } from '../helpers/build.ts';
import { machineNode } from '../helpers/runtimes.ts';
import { PROJECT_ROOT } from '../helpers/paths.ts';

const { values } = parseArgs({ options: { dir: { type: 'string' }, runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);
const run = promisify(execFile);
const node = machineNode();
const PEER = '@modelcontextprotocol/server-filesystem@2026.8.31';

/** Bytes under `path` (symlinks, such as node_modules/.bin, counted as links) and the packages npm installed. */
async function installed(dir: string): Promise<{ bytes: number; packages: number }> {
  const bytesUnder = async (path: string): Promise<number> => {
    const info = await lstat(path);
    if (!info.isDirectory()) return info.size;
    let total = 0;
    for (const entry of await readdir(path)) total += await bytesUnder(join(path, entry));
    return total;
  };
  const { stdout } = await run('npm', ['ls', '--all', '--parseable'], { cwd: dir });
  return { bytes: await bytesUnder(join(dir, 'node_modules')), packages: stdout.trim().split('\n').length - 1 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

async function installAlone(scratch: string, name: string, spec: string, env: NodeJS.ProcessEnv): Promise<string> {
  const dir = join(scratch, name);
  await run('mkdir', ['-p', dir]);
  await writeFile(join(dir, 'package.json'), '{ "name": "user", "private": true }\n');
  await run('npm', ['install', '--no-audit', '--no-fund', spec], { cwd: dir, env });
  return dir;
}

/** Milliseconds from spawning the command to the answer of tools/list. */
async function coldStart(command: string, args: string[], cwd: string, env: Record<string, string>): Promise<number> {
  const t = performance.now();
  const client = new Client({ name: 'bench', version: '1.0.0' });
  const transport = new StdioClientTransport({ command, args, cwd, env, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  await client.connect(transport).catch((error: unknown) => {
    throw new Error(`${command} ${args.join(' ')} did not start: ${String(error)}\n${stderr}`);
  });
  await client.listTools();
  const ms = performance.now() - t;
  await client.close();
  return ms;
}

const scratch = await mkdtemp(join(tmpdir(), 'mnrent-bench-packages-'));
try {
  const dir = await siteToMeasure(scratch, values.dir);
  const packed = join(scratch, 'packed');
  await run(process.execPath, [join(PROJECT_ROOT, 'src/cli/pack.ts'), '--from', dir, '--out', packed]);
  const env = { PATH: `${dirname(node)}:/usr/bin:/bin`, HOME: process.env.HOME ?? scratch };
  const { stdout: version } = await run(node, ['--version']);
  console.log(`bench:packages — machine Node ${version.trim()}, ${String(runs)} cold starts each (median)`);

  const mine = await installAlone(scratch, 'mcp', join(packed, `mnrent-mcp-${PACKAGE_VERSION}.tgz`), env);
  const client = await installAlone(scratch, 'client', join(packed, `mnrent-client-${PACKAGE_VERSION}.tgz`), env);
  const peer = await installAlone(scratch, 'peer', PEER, env);
  const sizes = { mine: await installed(mine), client: await installed(client), peer: await installed(peer) };

  const mineMs: number[] = [];
  const peerMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    mineMs.push(await coldStart('npx', ['mnrent-mcp', '--dir', dir], mine, env));
    peerMs.push(await coldStart('npx', ['mcp-server-filesystem', scratch], peer, env));
  }
  // First run as a new user meets it: npx installs the tarball into an empty cache, then starts it.
  const firstRun: number[] = [];
  for (let i = 0; i < runs; i++) {
    const cache = await mkdtemp(join(scratch, 'npx-cache-'));
    firstRun.push(await coldStart('npx', ['-y', '--cache', cache, '--offline', '--package', join(packed, `mnrent-mcp-${PACKAGE_VERSION}.tgz`), 'mnrent-mcp', '--dir', dir], scratch, env));
  }

  const row = (label: string, s: { bytes: number; packages: number }, ms?: number) =>
    `${label.padEnd(56)} ${mb(s.bytes).padStart(9)} ${String(s.packages).padStart(9)}${ms === undefined ? '' : `${ms.toFixed(0).padStart(12)} ms`}`;
  console.log(`${'package'.padEnd(56)} ${'installed'.padStart(9)} ${'packages'.padStart(9)} ${'cold start'.padStart(15)}`);
  console.log(row('mnrent-mcp (npx mnrent-mcp, installed)', sizes.mine, median(mineMs)));
  console.log(row(`peer ${PEER}`, sizes.peer, median(peerMs)));
  console.log(row('mnrent-client (with openapi-fetch)', sizes.client));
  console.log(`mnrent-mcp first run, npx -y <tarball> into an empty cache: ${median(firstRun).toFixed(0)} ms`);
  console.log(`ratio mnrent-mcp / peer: installed ${(sizes.mine.bytes / sizes.peer.bytes).toFixed(2)}x, cold start ${(median(mineMs) / median(peerMs)).toFixed(2)}x`);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
