// Runs Debian's nginx in the foreground with the shipped server block, on loopback, with every
// file it writes (pid, logs, temp) under a temporary prefix: no root-owned state left behind.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SHIPPED_CONF = fileURLToPath(new URL('../../serve/nginx/mnrent.conf', import.meta.url));
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const MIME_TYPES = '/etc/nginx/mime.types';

export class NginxMissing extends Error {}

export function findNginx(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.NGINX) return existsSync(env.NGINX) ? env.NGINX : undefined;
  const dirs = [...(env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  return dirs.map((d) => join(d, 'nginx')).find((p) => existsSync(p));
}

export interface NginxOptions {
  dir: string;
  port: number;
  host?: string;
  /** Serve the .br siblings when the module is there (default), or never. */
  brotli?: boolean;
  workers?: number;
}

export interface RunningNginx {
  url: string;
  brotli: boolean;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** The shipped server block with this folder and port put in, and brotli switched on if asked. */
export function serverBlock(shipped: string, dir: string, listen: string, brotli: boolean): string {
  let conf = shipped.replace(/^(\s*)listen 80;$/m, `$1listen ${listen};`).replace(/^(\s*)(root|include) \/var\/www\/mnrent(;|\/)/gm, `$1$2 ${resolve(dir)}$3`);
  if (brotli) conf = conf.replace(/^(\s*)# brotli_static on;$/m, '$1brotli_static on;');
  return conf;
}

function waitForPort(host: string, port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolvePort, reject) => {
    const exited = (code: number | null) => reject(new Error(`nginx exited with code ${code}`));
    child.once('exit', exited);
    const attempt = () => {
      const socket = connect(port, host);
      socket.once('connect', () => {
        socket.destroy();
        child.off('exit', exited);
        resolvePort();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) {
          child.off('exit', exited);
          reject(new Error(`nginx did not listen on ${host}:${port} within ${timeoutMs} ms`));
        } else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  const binary = findNginx();
  if (!binary) throw new NginxMissing('nginx is not installed: apt-get install nginx (and libnginx-mod-http-brotli-static for brotli), or set NGINX to its path');
  if (!existsSync(join(options.dir, 'index.html'))) throw new Error(`${options.dir} is not a built site (no index.html): run npm run build first`);
  const host = options.host ?? '127.0.0.1';
  const brotli = (options.brotli ?? true) && existsSync(BROTLI_MODULE);
  const prefix = await mkdtemp(join(tmpdir(), 'mnrent-nginx-'));
  await mkdir(join(prefix, 'logs'));
  await mkdir(join(prefix, 'tmp'));
  const listen = `${host.includes(':') ? `[${host}]` : host}:${options.port}`;
  await writeFile(join(prefix, 'mnrent.conf'), serverBlock(await readFile(SHIPPED_CONF, 'utf8'), options.dir, listen, brotli));
  const running = process.getuid?.() === 0;
  await writeFile(
    join(prefix, 'nginx.conf'),
    [
      brotli ? `load_module ${BROTLI_MODULE};` : '',
      // As root, workers would otherwise drop to nobody and might not read the folder.
      running ? 'user root;' : '',
      `worker_processes ${options.workers ?? 1};`,
      'daemon off;',
      `pid ${join(prefix, 'nginx.pid')};`,
      `error_log ${join(prefix, 'logs', 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      `  include ${MIME_TYPES};`,
      '  default_type application/octet-stream;',
      '  access_log off;',
      '  sendfile on;',
      '  keepalive_requests 100000;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(prefix, 'tmp', t)};`),
      `  include ${join(prefix, 'mnrent.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(binary, ['-p', prefix, '-e', join(prefix, 'logs', 'error.log'), '-c', join(prefix, 'nginx.conf')], { stdio: ['ignore', 'inherit', 'inherit'] });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(prefix, { recursive: true, force: true });
  };
  try {
    await waitForPort(host, options.port, child, 5000);
  } catch (error) {
    const log = await readFile(join(prefix, 'logs', 'error.log'), 'utf8').catch(() => '');
    await stop();
    throw new Error(`${(error as Error).message}\n${log.trim()}`, { cause: error });
  }
  return { url: `http://${listen}`, brotli, process: child, stop };
}
