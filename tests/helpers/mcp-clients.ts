// The SDK's own client, connected the three ways the agent server runs.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ApiReader } from '../../src/lib/mcp/api-reader.ts';
import { folderSource } from '../../src/lib/mcp/folder-source.ts';
import { createMcpServer } from '../../src/lib/mcp/server.ts';
import { PROJECT_ROOT } from './paths.ts';
import { freePort } from './servers.ts';
import { contextOf } from '../../src/lib/context.ts';

export interface Connected {
  client: Client;
  close(): Promise<void>;
}

const newClient = () => new Client({ name: 'mnrent-tests', version: '1.0.0' });

export async function inProcess(dir: string): Promise<Connected> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const reader = new ApiReader(folderSource(dir), { refreshMs: 0 });
  const server = createMcpServer(reader, contextOf((await reader.meta()).state.code));
  await server.connect(serverSide);
  const client = newClient();
  await client.connect(clientSide);
  return { client, close: async () => (await client.close(), await server.close()) };
}

export async function overStdio(args: string[]): Promise<Connected & { stderr: () => string }> {
  // The clone's command (`npm run mcp`); the published package is tested in packages.test.ts.
  const transport = new StdioClientTransport({ command: process.execPath, args: [join(PROJECT_ROOT, 'src/cli/mcp.ts'), ...args], stderr: 'pipe', env: { PATH: '/usr/bin:/bin' } });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = newClient();
  await client.connect(transport);
  return { client, close: () => client.close(), stderr: () => stderr };
}

/** `mnrent-mcp --http` on a free loopback port, and a client of it. */
export async function overHttp(dir: string): Promise<Connected & { url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(PROJECT_ROOT, 'src/cli/mcp.ts'), '--dir', dir, '--http', '--port', String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    child.stderr.on('data', (d: Buffer) => {
      seen += d.toString();
      if (seen.includes('Streamable HTTP at')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`mnrent-mcp --http exited ${code}: ${seen}`)));
  });
  const url = `http://127.0.0.1:${port}/mcp`;
  const client = newClient();
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return {
    client,
    url,
    close: async () => {
      await client.close();
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
