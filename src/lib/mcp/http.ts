// Streamable HTTP, stateless: every POST /mcp gets a fresh server and transport over the shared reader.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { ApiReader } from './api-reader.ts';
import { createMcpServer } from './server.ts';

export const MCP_PATH = '/mcp';
const MAX_BODY = 1024 * 1024;

async function readJson(req: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new Error('request body over 1 MiB');
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

export interface RunningHttp {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Listens on `host:port` (loopback by default); port 0 picks a free one. */
export async function startMcpHttp(reader: ApiReader, options: { host?: string; port: number; log?: (line: string) => void }): Promise<RunningHttp> {
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
      const mcp = createMcpServer(reader);
      // Loopback servers are a DNS-rebinding target: only our own Host header is accepted.
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, enableDnsRebindingProtection: true, allowedHosts });
      res.on('close', () => {
        void transport.close();
        void mcp.close();
      });
      try {
        const body = await readJson(req);
        await mcp.connect(transport);
        await transport.handleRequest(req, res, body);
      } catch (error) {
        log(`mcp http: ${(error as Error).message}`);
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null }));
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
