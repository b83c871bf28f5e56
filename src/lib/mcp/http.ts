// Streamable HTTP, stateless: every POST /mcp gets a fresh server and transport over the shared reader.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Context } from '../context.ts';
import type { ApiReader } from './api-reader.ts';
import { connectServer, createMcpServer } from './server.ts';
import { MAX_MESSAGE_BYTES } from './stdio.ts';

export const MCP_PATH = '/mcp';

class BodyTooLarge extends Error {}

/** How long a refused body is drained before the connection is cut. */
const LINGER_MS = 5_000;

/** The body as JSON; over MAX_MESSAGE_BYTES (by Content-Length or as it arrives) it is refused unread. */
async function readJson(req: IncomingMessage): Promise<unknown> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_MESSAGE_BYTES) throw new BodyTooLarge();
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_MESSAGE_BYTES) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

const rpcError = (code: number, message: string) => JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });

export interface RunningHttp {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Listens on `host:port` (loopback by default); port 0 picks a free one. */
export async function startMcpHttp(reader: ApiReader, context: Context, options: { host?: string; port: number; log?: (line: string) => void }): Promise<RunningHttp> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  let allowedHosts: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path !== MCP_PATH) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `the MCP endpoint is ${MCP_PATH}` }));
      return;
    }
    if (req.method !== 'POST') {
      // Stateless: no server-initiated stream to GET, no session to DELETE.
      res.writeHead(405, { allow: 'POST', 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: POST JSON-RPC to /mcp' }, id: null }));
      return;
    }
    void (async () => {
      const mcp = createMcpServer(reader, context);
      // Loopback servers are a DNS-rebinding target: only our own Host header is accepted.
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, enableDnsRebindingProtection: true, allowedHosts });
      res.on('close', () => {
        void transport.close();
        void mcp.close();
      });
      try {
        const body = await readJson(req);
        await connectServer(mcp, transport);
        await transport.handleRequest(req, res, body);
      } catch (error) {
        if (res.headersSent) return;
        if (error instanceof BodyTooLarge) {
          // Answer, then close the connection. The rest of the body is drained for a few seconds
          // (a lingering close, as nginx does): closing with unread data would send a reset that
          // can destroy the answer before the client reads it. Node's server destroys a
          // `connection: close` socket as soon as the answer is written (destroySoon); here it
          // only ends its side, and the socket goes when the client closes or the time is up.
          const { socket } = req;
          socket.destroySoon = () => socket.end();
          res.writeHead(413, { 'content-type': 'application/json', connection: 'close' }).end(rpcError(-32600, `Invalid Request: body over ${MAX_MESSAGE_BYTES} bytes`));
          const linger = setTimeout(() => socket.destroy(), LINGER_MS);
          socket.once('close', () => clearTimeout(linger));
          if (!req.destroyed) req.resume();
          return;
        }
        log(`mcp http: ${(error as Error).message}`);
        res.writeHead(400, { 'content-type': 'application/json' }).end(rpcError(-32700, 'Parse error: the body is not JSON'));
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const shown = host.includes(':') ? `[${host}]` : host;
  allowedHosts = [`${shown}:${port}`, `localhost:${port}`];
  return {
    url: `http://${shown}:${port}${MCP_PATH}`,
    server,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
