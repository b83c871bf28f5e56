// Streamable HTTP, stateless: every POST /mcp gets a fresh server and transport over the shared reader.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Context } from '../context.ts';
import type { ApiReader } from './api-reader.ts';
import { connectServer, createMcpServer } from './server.ts';
import { MAX_MESSAGE_BYTES } from './stdio.ts';

export const MCP_PATH = '/mcp';

class BodyCut extends Error {}

/** How long a refused body may go on arriving before the connection is cut. */
const LINGER_MS = 5_000;

/**
 * The body, whole, or `tooLarge` once it passed MAX_MESSAGE_BYTES (by Content-Length or as it
 * arrived, chunked or not). A refused body is still read to its end, and dropped: answered before
 * it has all come, the connection may close on unread bytes, and the reset that sends can destroy
 * the answer before the client reads it. A body that goes on LINGER_MS after it was refused is cut.
 * Listeners, not an async iterator: leaving the iterator early destroys the request and its socket.
 */
function readBody(req: IncomingMessage): Promise<{ body: Buffer } | { tooLarge: true }> {
  return new Promise((resolve, reject) => {
    const { socket } = req;
    const chunks: Buffer[] = [];
    let size = 0;
    let linger: NodeJS.Timeout | undefined;
    const refuse = () => {
      chunks.length = 0;
      linger = setTimeout(() => socket.destroy(), LINGER_MS);
    };
    if (Number(req.headers['content-length'] ?? 0) > MAX_MESSAGE_BYTES) {
      size = Number.POSITIVE_INFINITY;
      refuse();
    }
    req.on('data', (chunk: Buffer) => {
      if (size > MAX_MESSAGE_BYTES) return;
      size += chunk.length;
      if (size <= MAX_MESSAGE_BYTES) chunks.push(chunk);
      else refuse();
    });
    req.once('end', () => {
      clearTimeout(linger);
      resolve(size > MAX_MESSAGE_BYTES ? { tooLarge: true } : { body: Buffer.concat(chunks) });
    });
    // A client that goes away mid-body: nothing to answer, nothing to keep (after 'end', a no-op).
    req.once('close', () => {
      clearTimeout(linger);
      reject(new BodyCut());
    });
    req.once('error', () => reject(new BodyCut()));
  });
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
  let allowedOrigins: string[] = [];
  const server = createServer((req, res) => {
    // The request target's path as sent: a URL parser would read `//host/…` as another host, or throw.
    const path = (req.url ?? '/').split('?')[0];
    if (path !== MCP_PATH) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `the MCP endpoint is ${MCP_PATH}` }));
      return;
    }
    if (req.method !== 'POST') {
      // Stateless: no server-initiated stream to GET, no session to DELETE.
      res.writeHead(405, { allow: 'POST', 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: POST JSON-RPC to /mcp' }, id: null }));
      return;
    }
    const answer = async () => {
      let read: Awaited<ReturnType<typeof readBody>>;
      try {
        read = await readBody(req);
      } catch {
        return;
      }
      if ('tooLarge' in read) {
        res.writeHead(413, { 'content-type': 'application/json' }).end(rpcError(-32600, `Invalid Request: body over ${MAX_MESSAGE_BYTES} bytes`));
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(read.body.toString('utf8'));
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end(rpcError(-32700, 'Parse error: the body is not JSON'));
        return;
      }
      // A server for this request alone, made once its body is read and whole.
      const mcp = createMcpServer(reader, context);
      // Loopback servers are a target of DNS rebinding and of other sites' pages: only our own Host
      // and, when a browser sends one, our own Origin are accepted.
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, enableDnsRebindingProtection: true, allowedHosts, allowedOrigins });
      res.on('close', () => {
        void transport.close();
        void mcp.close();
      });
      await connectServer(mcp, transport);
      await transport.handleRequest(req, res, body);
    };
    // Whatever goes wrong answering one request is that request's: logged, answered if it still can be, never the process's end.
    answer().catch((error: unknown) => {
      log(`mcp http: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent && !res.destroyed) res.writeHead(500, { 'content-type': 'application/json' }).end(rpcError(-32603, 'Internal error'));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const shown = host.includes(':') ? `[${host}]` : host;
  allowedHosts = [`${shown}:${port}`, `localhost:${port}`];
  allowedOrigins = allowedHosts.map((hostAndPort) => `http://${hostAndPort}`);
  return {
    url: `http://${shown}:${port}${MCP_PATH}`,
    server,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
