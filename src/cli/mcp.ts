// mnrent-mcp: the agent server over a built site.
//   --dir DIR          read the built folder (default: dist)
//   --base-url URL     or read a deployed copy over HTTP
//   --http [--port N] [--host ADDR]   Streamable HTTP (stateless) instead of stdio; loopback by default
// stdout belongs to the protocol on stdio: every log line goes to stderr.
import { parseArgs } from 'node:util';
import { ApiReader, folderSource, urlSource } from '../lib/mcp/api-reader.ts';
import { startMcpHttp } from '../lib/mcp/http.ts';
import { connectServer, createMcpServer } from '../lib/mcp/server.ts';
import { LineStdioTransport } from '../lib/mcp/stdio.ts';

const USAGE = 'usage: mnrent-mcp [--dir DIR | --base-url URL] [--http [--port N] [--host ADDR]] [--refresh SECONDS]';
const log = (line: string) => process.stderr.write(`${line}\n`);

function fail(message: string): never {
  log(`mnrent-mcp: ${message}\n${USAGE}`);
  process.exit(2);
}

async function main(): Promise<void> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      options: { dir: { type: 'string' }, 'base-url': { type: 'string' }, http: { type: 'boolean' }, port: { type: 'string' }, host: { type: 'string' }, refresh: { type: 'string' }, help: { type: 'boolean' } },
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    log(USAGE);
    return;
  }
  if (values.dir && values['base-url']) fail('give --dir or --base-url, not both');
  const baseUrl = values['base-url'] as string | undefined;
  if (baseUrl && !/^https?:\/\//.test(baseUrl)) fail(`--base-url ${baseUrl} is not an http(s) URL`);
  const refresh = Number(values.refresh ?? (baseUrl ? 60 : 0));
  if (!Number.isFinite(refresh) || refresh < 0) fail(`--refresh ${String(values.refresh)} is not a number of seconds`);
  const source = baseUrl ? urlSource(baseUrl) : folderSource((values.dir as string | undefined) ?? 'dist');
  const reader = new ApiReader(source, { refreshMs: refresh * 1000 });
  try {
    const meta = await reader.meta();
    log(`mnrent-mcp: ${meta.counts.zips} ZIP codes, generated ${meta.meta.generated_at}, from ${baseUrl ?? values.dir ?? 'dist'}`);
  } catch (error) {
    log(`mnrent-mcp: cannot read the built API: ${(error as Error).message}`);
    process.exit(1);
  }
  if (values.http) {
    const port = Number(values.port ?? 8787);
    if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port ${String(values.port)} is not a port number`);
    const running = await startMcpHttp(reader, { port, host: (values.host as string | undefined) ?? '127.0.0.1', log });
    log(`mnrent-mcp: Streamable HTTP at ${running.url}`);
    const stop = () => void running.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return;
  }
  await connectServer(createMcpServer(reader), new LineStdioTransport());
}

void main();
