// npm run serve:edge -- [--dir DIR] [--port N] [--host ADDR]: the Cloudflare Worker of wrangler.jsonc
// over a built folder, in workerd on this machine (wrangler dev, local mode), in the foreground until
// Ctrl-C: the site with the HTTP contract, and the agent server at /mcp.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveOptions } from './command.ts';

const USAGE = 'usage: npm run serve:edge -- [--dir DIR] [--port N] [--host ADDR]';
const PROJECT = resolve(import.meta.dirname, '..', '..');

function main(): void {
  const options = serveOptions(process.argv.slice(2), USAGE, 8787);
  const { port, host } = options;
  const dir = resolve(options.dir);
  if (!existsSync(join(dir, 'api', 'v1', 'meta.json')) && !existsSync(join(dir, 'states.json'))) {
    process.stderr.write(`serve:edge: ${dir} is not a built site (no api/v1/meta.json) or folder of states (no states.json); run npm run build first\n`);
    process.exit(1);
  }
  const wrangler = join(PROJECT, 'node_modules', 'wrangler', 'bin', 'wrangler.js');
  const args = [wrangler, 'dev', '--config', join(PROJECT, 'wrangler.jsonc'), '--assets', dir, '--ip', host, '--port', String(port), '--show-interactive-dev-session=false', '--log-level', 'warn'];
  const child = spawn(process.execPath, args, {
    cwd: PROJECT,
    stdio: ['ignore', 'inherit', 'inherit'],
    // No account, no telemetry: everything runs on this machine.
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', CLOUDFLARE_API_TOKEN: '', WRANGLER_LOG_PATH: join(PROJECT, 'node_modules', '.cache', 'wrangler-logs') },
  });
  process.stdout.write(`serve:edge: the Worker serves ${dir} at http://${host}:${port}/ (the agent server at /mcp); Ctrl-C stops it\n`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => child.kill(signal));
  child.once('exit', (code) => process.exit(code ?? 1));
}

main();
