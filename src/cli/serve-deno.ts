// npm run serve:deno -- [--dir DIR] [--port N] [--host ADDR]: the edge handler on Deno (`deno serve`,
// Deno from the lockfile) over a built folder, in the foreground until Ctrl-C: the recipe for Deno
// Deploy, where src/serve/edge/deno.ts runs beside the built folder.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { inForeground, servedFolder, serveOptions } from './command.ts';

const USAGE = 'usage: npm run serve:deno -- [--dir DIR] [--port N] [--host ADDR]';
const PROJECT = resolve(import.meta.dirname, '..', '..');

const { dir, port, host } = serveOptions(process.argv.slice(2), USAGE, 8000);
const site = servedFolder('serve:deno', dir);
const deno = join(PROJECT, 'node_modules', '.bin', 'deno');
const args = ['serve', '--allow-read', '--allow-env', '--allow-net', '--host', host, '--port', String(port), join(PROJECT, 'src', 'serve', 'edge', 'deno.ts')];
inForeground(spawn(deno, args, { cwd: PROJECT, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, MNRENT_SITE_DIR: site, DENO_NO_UPDATE_CHECK: '1' } }));
process.stdout.write(`serve:deno: Deno serves ${site} at http://${host}:${port}/ (the agent server at /mcp); Ctrl-C stops it\n`);
