// npm run serve:edge -- [--dir DIR] [--port N] [--host ADDR]: the Cloudflare Worker of wrangler.jsonc
// over a built folder, in workerd on this machine (wrangler dev, local mode), in the foreground until
// Ctrl-C: the site with the HTTP contract, and the agent server at /mcp.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { inForeground, servedFolder, serveOptions } from './command.ts';

const USAGE = 'usage: npm run serve:edge -- [--dir DIR] [--port N] [--host ADDR]';
const PROJECT = resolve(import.meta.dirname, '..', '..');

const { dir, port, host } = serveOptions(process.argv.slice(2), USAGE, 8787);
const site = servedFolder('serve:edge', dir);
const wrangler = join(PROJECT, 'node_modules', 'wrangler', 'bin', 'wrangler.js');
const args = [wrangler, 'dev', '--config', join(PROJECT, 'wrangler.jsonc'), '--assets', site, '--ip', host, '--port', String(port), '--show-interactive-dev-session=false', '--log-level', 'warn'];
// No account, no telemetry: everything runs on this machine.
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', CLOUDFLARE_API_TOKEN: '', WRANGLER_LOG_PATH: join(PROJECT, 'node_modules', '.cache', 'wrangler-logs') };
inForeground(spawn(process.execPath, args, { cwd: PROJECT, stdio: ['ignore', 'inherit', 'inherit'], env }));
process.stdout.write(`serve:edge: the Worker serves ${site} at http://${host}:${port}/ (the agent server at /mcp); Ctrl-C stops it\n`);
