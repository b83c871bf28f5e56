// The agent server: tools and resources over an ApiReader. Transports are wired elsewhere.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { PACKAGE_VERSION } from '../contract/service.ts';
import type { Context } from '../context.ts';
import type { ApiReader } from './api-reader.ts';
import { TOOLS } from './tools/index.ts';

export { TOOLS };

export const RESOURCES = [
  { name: 'openapi', uri: 'mnrent://openapi.json', path: 'openapi.json', mimeType: 'application/json', description: 'The OpenAPI 3.1 contract of the JSON API' },
  { name: 'llms-full', uri: 'mnrent://llms-full.txt', path: 'llms-full.txt', mimeType: 'text/plain', description: 'Every endpoint, field, source, vintage and county median in plain text' },
] as const;

export const SERVER_INFO = { name: 'mnrent', version: PACKAGE_VERSION } as const;

export function createMcpServer(reader: ApiReader, context: Context): McpServer {
  const server = new McpServer(SERVER_INFO, {
    instructions:
      `${context.state.name} rents by ZIP code and county: HUD Fair Market Rent, the Zillow market rent index, Census median gross rent and the voucher spread. ` +
      'Cite the attribution in each result; neither FMR nor the market rent index is a rent quote for any address.',
  });
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.describe(context), inputSchema: tool.passUnknown ? z.looseObject(tool.input) : tool.input, outputSchema: tool.output, annotations: { title: tool.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } },
      ((args: never) => tool.run(args, reader, context)) as never,
    );
  }
  for (const resource of RESOURCES) {
    server.registerResource(resource.name, resource.uri, { title: resource.name, description: resource.description, mimeType: resource.mimeType }, async (uri) => ({
      contents: [{ uri: uri.href, mimeType: resource.mimeType, text: await reader.text(resource.path) }],
    }));
  }
  return server;
}

/**
 * A tools/call whose `arguments` is not an object (a bare string, an array) fails the SDK's request
 * schema, which answers -32603 with a zod dump; the client's mistake deserves -32602 and one line.
 */
export function malformedToolCall(message: JSONRPCMessage): JSONRPCMessage | undefined {
  if (!('method' in message) || message.method !== 'tools/call' || !('id' in message)) return undefined;
  const params = message.params as { name?: unknown; arguments?: unknown } | undefined;
  const args = params?.arguments;
  let problem: string | undefined;
  if (typeof params?.name !== 'string') problem = 'params.name must be the name of a tool';
  else if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args))) {
    problem = `params.arguments must be an object of named arguments, such as {"zip": "55104"}, not ${Array.isArray(args) ? 'an array' : args === null ? 'null' : `a ${typeof args}`}`;
  }
  return problem === undefined ? undefined : { jsonrpc: '2.0', id: message.id, error: { code: -32602, message: `Invalid params: ${problem}` } };
}

/** Connects the server, answering malformed tool calls itself. */
export async function connectServer(server: McpServer, transport: Transport): Promise<void> {
  await server.connect(transport);
  const handle = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const refusal = malformedToolCall(message);
    if (refusal) void transport.send(refusal);
    else handle?.(message, extra);
  };
}
