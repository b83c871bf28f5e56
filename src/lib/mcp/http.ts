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
class BodyCut extends Error {}

/**
 * How long a refused body may go on arriving after the 413 before the connection is cut. Node's
 * server reads and drops the rest of a body nobody read, then keeps the connection; a client that
 * never stops sending is cut here.
 */
const LINGER_MS = 5_000;

/**
 * The body, whole; over MAX_MESSAGE_BYTES (by Content-Length or as it arrives, chunked or not) it
 * is refused as soon as that is known. Listeners, not an async iterator: leaving the iterator early
 * destroys the request and its socket, and the answer could no longer be sent.
 */
function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > MAX_MESSAGE_BYTES) {
      reject(new BodyTooLarge());
      return;
    }
    let size = 0;
    let refused = false;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size <= MAX_MESSAGE_BYTES) chunks.push(chunk);
      else {
        refused = true;
        chunks.length = 0;
        reject(new BodyTooLarge());
      }
    });
    req.once('end', () => resolve(Buffer.concat(chunks)));
    // A client that goes away mid-body: nothing to answer, nothing to keep (after 'end', a no-op).
    req.once('close', () => reject(new BodyCut()));
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
      let body: unknown;
      try {
        body = JSON.parse((await readBody(req)).toString('utf8'));
      } catch (error) {
        if (error instanceof BodyCut || res.headersSent) return;
        if (error instanceof BodyTooLarge) {
          // The connection ends once the rest of the body has come (Node reads and drops it), or
          // after LINGER_MS: closing it with the body still arriving would send a reset that can
          // destroy the answer before the client has read it.
          const { socket } = req;
          res.writeHead(413, { 'content-type': 'application/json' }).end(rpcError(-32600, `Invalid Request: body over ${MAX_MESSAGE_BYTES} bytes`));
          const linger = setTimeout(() => socket.destroy(), LINGER_MS);
          const close = () => {
            clearTimeout(linger);
            socket.end();
          };
          if (req.complete) close();
          else req.once('end', close);
          socket.once('close', () => clearTimeout(linger));
          return;
        }
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
