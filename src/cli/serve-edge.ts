// npm run serve:edge -- [--dir DIR] [--port N] [--host ADDR] [--states mn,tx]: the Cloudflare Workers
// over a built folder, in workerd on this machine (wrangler dev, local mode), in the foreground until
// Ctrl-C: the site with the HTTP contract, and the agent server at /mcp.
// - One site (npm run build): the Worker of wrangler.jsonc with the folder as its assets.
// - A folder of states (npm run build:states): the national deployment of docs/deployment.md, the
//   front Worker and one Worker per state (or those --states names), as `npm run deploy:units`
//   configures them for Cloudflare.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { publishedFiles } from '../lib/build/output-folder.ts';
import { writeUnitConfigs } from '../lib/deploy/unit-files.ts';
import { inForeground, servedFolder, serveOptions } from './command.ts';

const USAGE = 'usage: npm run serve:edge -- [--dir DIR] [--port N] [--host ADDR] [--states mn,tx]';
const PROJECT = resolve(import.meta.dirname, '..', '..');

const { dir, port, host, states } = serveOptions(process.argv.slice(2), USAGE, 8787, true);
const site = servedFolder('serve:edge', dir);
// A Worker's assets are copies of the folder's files, made by wrangler, which follows symbolic
// links: the Worker cannot tell a link's target from a file, so a folder holding one is refused.
try {
  publishedFiles(site);
} catch (error) {
  process.stderr.write(`serve:edge: ${(error as Error).message}\n`);
  process.exit(1);
}
const national = existsSync(join(site, 'states.json'));
if (states && !national) {
  process.stderr.write(`serve:edge: --states is for a folder of states (build:states); ${site} is one site\n`);
  process.exit(2);
}
let configArgs: string[];
let what: string;
if (national) {
  // The Workers' configurations, as deploy:units writes them, in a folder of this run's own.
  const out = join(PROJECT, 'node_modules', '.cache', 'mnrent-deploy', `serve-${process.pid}`);
  process.once('exit', () => rmSync(out, { recursive: true, force: true }));
  const configs = await writeUnitConfigs(PROJECT, site, out, states).catch((error: unknown) => {
    process.stderr.write(`serve:edge: ${(error as Error).message}\n`);
    process.exit(1);
  });
  // The first configuration is the Worker that answers the port; the others are reached through its bindings.
  configArgs = [...(configs.front ? [configs.front.config] : []), ...configs.states.map((s) => s.config)].flatMap((config) => ['--config', config]);
  what = `the front Worker and ${configs.states.length} state Workers (${configs.states.map((s) => s.folder).join(', ')}) serve ${site}`;
} else {
  configArgs = ['--config', join(PROJECT, 'wrangler.jsonc'), '--assets', site];
  what = `the Worker serves ${site}`;
}
const wrangler = join(PROJECT, 'node_modules', 'wrangler', 'bin', 'wrangler.js');
const args = [wrangler, 'dev', ...configArgs, '--ip', host, '--port', String(port), '--show-interactive-dev-session=false', '--log-level', 'warn'];
// No account, no telemetry: everything runs on this machine.
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', CLOUDFLARE_API_TOKEN: '', WRANGLER_LOG_PATH: join(PROJECT, 'node_modules', '.cache', 'wrangler-logs') };
inForeground(spawn(process.execPath, args, { cwd: PROJECT, stdio: ['ignore', 'inherit', 'inherit'], env }));
process.stdout.write(`serve:edge: ${what} at http://${host}:${port}/ (the agent server at ${national ? '/xx/mcp' : '/mcp'}); Ctrl-C stops it\n`);
