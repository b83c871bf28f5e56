// The `mnrent-mcp` command line, shared by `npm run --silent mcp` in a clone and by the published package
// (src/packages/mnrent-mcp), which passes the site it was packed from as the default source.
// stdout belongs to the protocol on stdio: every log line goes to stderr.
import { parseArgs } from 'node:util';
import { ApiReader, urlSource } from './api-reader.ts';
import { folderSource } from './folder-source.ts';
import { startMcpHttp } from './http.ts';
import { type Context, contextOf } from '../context.ts';
import { connectServer, createMcpServer } from './server.ts';
import { LineStdioTransport } from './stdio.ts';

export interface McpCliDefaults {
  /** Read this deployed site when neither --dir nor --base-url is given; else the folder `dist`. */
  site?: string;
}

export function mcpUsage(defaults: McpCliDefaults = {}): string {
  return [
    'usage: mnrent-mcp [--dir DIR | --base-url URL] [--http [--port N] [--host ADDR]] [--refresh SECONDS]',
    `  --dir DIR          read a built folder`,
    `  --base-url URL     read a deployed copy over HTTP(S)`,
    `                     (default: ${defaults.site ? defaults.site : 'the folder dist'})`,
    '  --http             Streamable HTTP (stateless) at http://HOST:PORT/mcp instead of stdio',
    '  --port N           default 8787; --host ADDR default 127.0.0.1',
    '  --refresh SECONDS  how long a read of meta.json is trusted (default 60 over HTTP, 0 for a folder)',
  ].join('\n');
}

const log = (line: string) => process.stderr.write(`${line}\n`);

/**
 * What to tell someone who started the server on stdio with `npm run mcp` rather than `npm run --silent mcp`:
 * npm has already written its banner ("> mnrent@1.0.0 mcp") to stdout, which a client reads as the protocol.
 * `env` is the process's environment: npm names the script it runs and, with --silent, its log level.
 */
export function npmBannerWarning(env: Readonly<Record<string, string | undefined>>): string | undefined {
  if (env.npm_lifecycle_event === undefined || env.npm_config_loglevel === 'silent') return undefined;
  return `mnrent-mcp: npm wrote its banner to stdout before this server started, and an MCP client reads stdout as the protocol: start it with npm run --silent ${env.npm_lifecycle_event} -- …`;
}

/** Runs the command; resolves when the server is up (stdio keeps the process alive afterwards). `env`: the process's environment. */
export async function runMcpCli(args: string[], defaults: McpCliDefaults = {}, env: Readonly<Record<string, string | undefined>> = {}): Promise<void> {
  const fail = (message: string): never => {
    log(`mnrent-mcp: ${message} (--help prints the usage)`);
    process.exit(2);
  };
  let values: Record<string, string | boolean | undefined> = {};
  try {
    ({ values } = parseArgs({
      args,
      options: { dir: { type: 'string' }, 'base-url': { type: 'string' }, http: { type: 'boolean' }, port: { type: 'string' }, host: { type: 'string' }, refresh: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${mcpUsage(defaults)}\n`);
    process.exit(0);
  }
  const dir = values.dir as string | undefined;
  if (dir && values['base-url']) fail('give --dir or --base-url, not both');
  const baseUrl = (values['base-url'] as string | undefined) ?? (dir ? undefined : defaults.site);
  if (baseUrl && !/^https?:\/\//.test(baseUrl)) fail(`--base-url ${baseUrl} is not an http(s) URL`);
  const refresh = Number(values.refresh ?? (baseUrl ? 60 : 0));
  if (!Number.isFinite(refresh) || refresh < 0) fail(`--refresh ${String(values.refresh)} is not a number of seconds`);
  const from = baseUrl ?? dir ?? 'dist';
  const reader = new ApiReader(baseUrl ? urlSource(baseUrl) : folderSource(from), { refreshMs: refresh * 1000 });
  let context: Context;
  try {
    const meta = await reader.meta();
    // The tools speak of the state the site covers.
    context = contextOf(meta.state.code);
    log(`mnrent-mcp: ${meta.counts.zips} ZIP codes, generated ${meta.meta.generated_at}, from ${from}`);
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause?.code;
    log(`mnrent-mcp: cannot read the built API at ${from}: ${(error as Error).message}${cause ? ` (${cause})` : ''}`);
    process.exit(1);
  }
  if (values.http) {
    const port = Number(values.port ?? 8787);
    if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port ${String(values.port)} is not a port number`);
    const running = await startMcpHttp(reader, context, { port, host: (values.host as string | undefined) ?? '127.0.0.1', log });
    log(`mnrent-mcp: Streamable HTTP at ${running.url}`);
    const stop = () => void running.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return;
  }
  const banner = npmBannerWarning(env);
  if (banner) log(banner);
  await connectServer(createMcpServer(reader, context), new LineStdioTransport());
}
