// npm run serve:edge -- [--dir DIR] [--port N] [--host ADDR]: the Cloudflare Worker of wrangler.jsonc
// over a built folder, in workerd on this machine (wrangler dev, local mode), in the foreground until
// Ctrl-C: the site with the HTTP contract, and the agent server at /mcp.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const USAGE = 'usage: npm run serve:edge -- [--dir DIR] [--port N] [--host ADDR]';
const PROJECT = resolve(import.meta.dirname, '..', '..');

function main(): void {
  let values: { dir?: string | undefined; port?: string | undefined; host?: string | undefined };
  try {
    ({ values } = parseArgs({ args: process.argv.slice(2), options: { dir: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' } } }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  const port = Number(values.port ?? 8787);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    process.stderr.write(`--port ${values.port} is not a port number\n${USAGE}\n`);
    process.exit(2);
  }
  const dir = resolve(values.dir ?? 'dist');
  if (!existsSync(join(dir, 'api', 'v1', 'meta.json')) && !existsSync(join(dir, 'states.json'))) {
    process.stderr.write(`serve:edge: ${dir} is not a built site (no api/v1/meta.json) or folder of states (no states.json); run npm run build first\n`);
    process.exit(1);
  }
  const wrangler = join(PROJECT, 'node_modules', 'wrangler', 'bin', 'wrangler.js');
  const args = [wrangler, 'dev', '--config', join(PROJECT, 'wrangler.jsonc'), '--assets', dir, '--ip', values.host ?? '127.0.0.1', '--port', String(port), '--show-interactive-dev-session=false', '--log-level', 'warn'];
  const child = spawn(process.execPath, args, {
    cwd: PROJECT,
    stdio: ['ignore', 'inherit', 'inherit'],
    // No account, no telemetry: everything runs on this machine.
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', CLOUDFLARE_API_TOKEN: '', WRANGLER_LOG_PATH: join(PROJECT, 'node_modules', '.cache', 'wrangler-logs') },
  });
  process.stdout.write(`serve:edge: the Worker serves ${dir} at http://${values.host ?? '127.0.0.1'}:${port}/ (the agent server at /mcp); Ctrl-C stops it\n`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => child.kill(signal));
  child.once('exit', (code) => process.exit(code ?? 1));
}

main();
