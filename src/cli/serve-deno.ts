// npm run serve:deno -- [--dir DIR] [--port N] [--host ADDR]: the edge handler on Deno (`deno serve`,
// Deno from the lockfile) over a built folder, in the foreground until Ctrl-C: the recipe for Deno
// Deploy, where src/serve/edge/deno.ts runs beside the built folder.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveOptions } from './command.ts';

const USAGE = 'usage: npm run serve:deno -- [--dir DIR] [--port N] [--host ADDR]';
const PROJECT = resolve(import.meta.dirname, '..', '..');

const { dir, port, host } = serveOptions(process.argv.slice(2), USAGE, 8000);
const site = resolve(dir);
if (!existsSync(join(site, 'api', 'v1', 'meta.json')) && !existsSync(join(site, 'states.json'))) {
  process.stderr.write(`serve:deno: ${site} is not a built site (no api/v1/meta.json) or folder of states (no states.json); run npm run build first\n`);
  process.exit(1);
}
const deno = join(PROJECT, 'node_modules', '.bin', 'deno');
const args = ['serve', '--allow-read', '--allow-env', '--allow-net', '--host', host, '--port', String(port), join(PROJECT, 'src', 'serve', 'edge', 'deno.ts')];
const child = spawn(deno, args, { cwd: PROJECT, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, MNRENT_SITE_DIR: site, DENO_NO_UPDATE_CHECK: '1' } });
process.stdout.write(`serve:deno: Deno serves ${site} at http://${host}:${port}/ (the agent server at /mcp); Ctrl-C stops it\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => child.kill(signal));
child.once('exit', (code) => process.exit(code ?? 1));
