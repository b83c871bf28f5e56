// npm run serve:nginx -- [--dir DIR] [--port N] [--host ADDR]: the built folder behind Debian's nginx
// with the shipped server block, in the foreground, until Ctrl-C.
import { NginxMissing, startNginx } from '../lib/serve/nginx.ts';
import { serveOptions } from './command.ts';

const USAGE = 'usage: npm run serve:nginx -- [--dir DIR] [--port N] [--host ADDR]';

async function main(): Promise<void> {
  const { dir, port, host } = serveOptions(process.argv.slice(2), USAGE, 8080);
  try {
    const nginx = await startNginx({ dir, port, host });
    process.stdout.write(`nginx serves ${dir} at ${nginx.url}/ (brotli ${nginx.brotli ? 'on' : 'off'}); Ctrl-C stops it\n`);
    const stop = () => void nginx.stop().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    // nginx stopped on its own (or by a signal to the whole group): its temporary folder goes too.
    nginx.process.once('exit', (code) => void nginx.stop().then(() => process.exit(code ?? 1)));
  } catch (error) {
    process.stderr.write(`serve:nginx: ${error instanceof NginxMissing ? error.message : (error as Error).message}\n`);
    process.exit(1);
  }
}

void main();
