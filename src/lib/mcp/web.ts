// The agent server over Streamable HTTP with web-standard Request and Response, for runtimes with no
// Node server (a Cloudflare Worker, Deno): stateless, each POST answered on its own by a fresh server
// over the shared reader, as the Node HTTP server does. Public read-only data: any origin may call.
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Context } from '../context.ts';
import type { ApiReader } from './api-reader.ts';
import { connectServer, createMcpServer } from './server.ts';
import { MAX_MESSAGE_BYTES } from './stdio.ts';

/** CORS for a browser client on any origin: the headers it sends and the ones it must read. */
const MCP_CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, accept, mcp-protocol-version, mcp-session-id, last-event-id',
  'access-control-expose-headers': 'mcp-session-id, mcp-protocol-version',
  'access-control-max-age': '86400',
} as const;

const withCors = (response: Response): Response => {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(MCP_CORS_HEADERS)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};

/** One request to the MCP endpoint. */
export async function answerMcp(request: Request, reader: ApiReader, context: Context): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: MCP_CORS_HEADERS });
  if (request.method !== 'POST') {
    // Stateless: no server-initiated stream to GET, no session to DELETE.
    const body = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: POST JSON-RPC to this endpoint' }, id: null });
    return new Response(body, { status: 405, headers: { ...MCP_CORS_HEADERS, allow: 'POST, OPTIONS', 'content-type': 'application/json' } });
  }
  const server = createMcpServer(reader, context);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: MAX_MESSAGE_BYTES });
  try {
    await connectServer(server, transport);
    // With JSON responses the answer is whole when handleRequest resolves: the server can close.
    return withCors(await transport.handleRequest(request));
  } finally {
    await transport.close();
    await server.close();
  }
}
