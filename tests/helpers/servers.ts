// The servers the HTTP contract is checked against, each on a free loopback port.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect } from 'node:net';
import { join } from 'node:path';
import { startNginx } from '../../src/lib/serve/nginx.ts';
import { PROJECT_ROOT } from './paths.ts';

export interface Served {
  name: 'nginx' | 'preview' | 'edge' | 'deno' | 'mcp';
  url: string;
  brotli: boolean;
  /** The server's process (its children hold the workers: nginx's, workerd). */
  pid?: number;
  stop(): Promise<void>;
}

/** A server the global set-up started over the shared build (`builtSite`); the set-up stops it. */
export type SharedServer = Pick<Served, 'name' | 'url' | 'brotli'>;
export interface SharedServers {
  nginx: SharedServer;
  edge: SharedServer;
  deno: SharedServer;
}

/** A shared server as a file's own: its stop leaves it running for the other files. */
export const borrowed = (server: SharedServer): Served => ({ ...server, stop: () => Promise.resolve() });

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function serveWithNginx(dir: string, workers = 1): Promise<Served> {
  const nginx = await startNginx({ dir, port: await freePort(), workers });
  return { name: 'nginx', url: nginx.url, brotli: nginx.brotli, ...(nginx.process.pid === undefined ? {} : { pid: nginx.process.pid }), stop: () => nginx.stop() };
}

/** Stops a server process and waits for it to be gone. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

function waitForPort(port: number, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    const attempt = () => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve()));
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error('the server did not start'));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

/** `npm run preview` as a user runs it (Astro's preview server with astro.config.mjs), on another folder. */
export async function serveWithPreview(dir: string): Promise<Served> {
  const port = await freePort();
  const script = `const { preview } = await import('astro'); await preview({ root: ${JSON.stringify(PROJECT_ROOT)}, outDir: ${JSON.stringify(dir)}, server: { port: ${port}, host: '127.0.0.1' }, logLevel: 'error' });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: PROJECT_ROOT, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', MNRENT_SKIP_DATA: '1' }, stdio: ['ignore', 'ignore', 'inherit'] });
  await waitForPort(port, child);
  return {
    name: 'preview',
    url: `http://127.0.0.1:${port}`,
    brotli: false,
    stop: () => stopChild(child),
  };
}

/**
 * One of the project's serve commands (`src/cli/serve-*.ts`) over a built folder, on a free port,
 * once it answers: listening comes a moment before the handler is ready.
 */
async function serveWithCommand(name: 'edge' | 'deno', dir: string, args: string[] = []): Promise<Served> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(PROJECT_ROOT, `src/cli/serve-${name}.ts`), '--dir', dir, '--port', String(port), ...args], { cwd: PROJECT_ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForPort(port, child);
    for (let i = 0; i < 100 && (await fetch(`${url}/`).then((r) => r.status, () => 0)) !== 200; i++) await new Promise((r) => setTimeout(r, 100));
  } catch (error) {
    child.kill('SIGTERM');
    throw new Error(`serve:${name} did not start: ${(error as Error).message}\n${stderr}`, { cause: error });
  }
  return { name, url, brotli: true, ...(child.pid === undefined ? {} : { pid: child.pid }), stop: () => stopChild(child) };
}

/**
 * `npm run serve:edge`: the Cloudflare Worker in workerd (wrangler dev, local mode) over a built folder;
 * over a folder of states, the front Worker and a Worker for each state (or for `states` alone).
 */
export const serveWithEdge = (dir: string, states?: readonly string[]) => serveWithCommand('edge', dir, states ? ['--states', states.join(',')] : []);

/** `npm run serve:deno`: the same handler on Deno (`deno serve`, Deno from the lockfile) over a built folder. */
export const serveWithDeno = (dir: string) => serveWithCommand('deno', dir);

/** A JSON-RPC initialize, the first message of an MCP client. */
export const MCP_INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'mnrent-tests', version: '1' } } };

/** The agent server over HTTP (`npm run mcp -- --http`) over a built folder, on a free port, once it answers. */
export async function serveWithMcpHttp(dir: string): Promise<Served & { child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(PROJECT_ROOT, 'src/cli/mcp.ts'), '--dir', dir, '--http', '--port', String(port)], { cwd: PROJECT_ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.resume();
  const url = `http://127.0.0.1:${port}`;
  await waitForPort(port, child);
  const initialize = { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify(MCP_INITIALIZE) };
  for (let i = 0; i < 100 && (await fetch(`${url}/mcp`, initialize).then((r) => r.status, () => 0)) !== 200; i++) await new Promise((r) => setTimeout(r, 100));
  return { name: 'mcp', url, brotli: false, child, ...(child.pid === undefined ? {} : { pid: child.pid }), stop: () => stopChild(child) };
}
