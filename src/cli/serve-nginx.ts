// npm run serve:nginx -- [--dir DIR] [--port N] [--host ADDR]: the built folder behind Debian's nginx
// with the shipped server block, in the foreground, until Ctrl-C.
import { parseArgs } from 'node:util';
import { NginxMissing, startNginx } from '../lib/serve/nginx.ts';

const USAGE = 'usage: npm run serve:nginx -- [--dir DIR] [--port N] [--host ADDR]';

async function main(): Promise<void> {
  let values: { dir?: string | undefined; port?: string | undefined; host?: string | undefined };
  try {
    ({ values } = parseArgs({ args: process.argv.slice(2), options: { dir: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' } } }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  const port = Number(values.port ?? 8080);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    process.stderr.write(`--port ${values.port} is not a port number\n${USAGE}\n`);
    process.exit(2);
  }
  try {
    const nginx = await startNginx({ dir: values.dir ?? 'dist', port, host: values.host ?? '127.0.0.1' });
    process.stdout.write(`nginx serves ${values.dir ?? 'dist'} at ${nginx.url}/ (brotli ${nginx.brotli ? 'on' : 'off'}); Ctrl-C stops it\n`);
    const stop = () => void nginx.stop().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    nginx.process.once('exit', (code) => process.exit(code ?? 1));
  } catch (error) {
    process.stderr.write(`serve:nginx: ${error instanceof NginxMissing ? error.message : (error as Error).message}\n`);
    process.exit(1);
  }
}

void main();
