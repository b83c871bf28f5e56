// npm run bench:mcp [-- --dir DIR] [--calls N] [--starts N]: latency of a get_zip tool call in-process,
// over stdio (the real mnrent-mcp process), over Streamable HTTP, and from the Cloudflare Worker in
// workerd (warm, and the first call after each of --starts fresh starts); peer: a plain GET of the
// same ZIP file from nginx on the same loopback, which is what an agent without the server would do.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { siteToMeasure } from '../helpers/build.ts';
import { inProcess, overHttp, overStdio, type Connected } from '../helpers/mcp-clients.ts';
import { serveWithEdge, serveWithNginx } from '../helpers/servers.ts';

const { values } = parseArgs({ options: { dir: { type: 'string' }, calls: { type: 'string', default: '2000' }, starts: { type: 'string', default: '5' } } });
const calls = Number(values.calls);
const warmup = Math.min(200, Math.floor(calls / 10));

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;

async function time(label: string, once: (i: number) => Promise<unknown>): Promise<{ label: string; p50: number; p99: number; mean: number }> {
  for (let i = 0; i < warmup; i++) await once(i);
  const samples: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t = performance.now();
    await once(i);
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { label, p50: percentile(samples, 50), p99: percentile(samples, 99), mean: samples.reduce((a, b) => a + b, 0) / samples.length };
}

function get(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    request(url, (res) => {
      res.resume();
      res.on('end', () => resolve());
    })
      .on('error', reject)
      .end();
  });
}

const scratch = await mkdtemp(join(tmpdir(), 'mnrent-bench-mcp-'));
try {
  const dir = await siteToMeasure(scratch, values.dir);
  const zips = (await readdir(join(dir, 'api/v1/zip'))).filter((n) => n.endsWith('.json')).map((n) => n.slice(0, 5));
  const zipAt = (i: number) => zips[(i * 7919) % zips.length] as string;
  console.log(`bench:mcp — get_zip over ${zips.length} ZIPs, ${calls} calls after ${warmup} warm-up, node ${process.versions.node}`);
  const results = [];
  const viaClient = async (label: string, connect: () => Promise<Connected>) => {
    const c = await connect();
    try {
      results.push(await time(label, (i) => c.client.callTool({ name: 'get_zip', arguments: { zip: zipAt(i) } })));
    } finally {
      await c.close();
    }
  };
  await viaClient('in-process', () => inProcess(dir));
  await viaClient('stdio', () => overStdio(['--dir', dir]));
  await viaClient('http', () => overHttp(dir));
  const edgeClient = async (url: string): Promise<Connected> => {
    const client = new Client({ name: 'bench', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
    return { client, close: () => client.close() };
  };
  const edge = await serveWithEdge(dir);
  try {
    await viaClient('edge (workerd)', () => edgeClient(edge.url));
  } finally {
    await edge.stop();
  }
  // Cold: the first get_zip of a Worker just started (its isolate loads the bundle and reads meta.json).
  const cold: number[] = [];
  for (let s = 0; s < Number(values.starts); s++) {
    const fresh = await serveWithEdge(dir);
    try {
      const t = performance.now();
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_zip', arguments: { zip: zipAt(s) } } });
      const r = await fetch(`${fresh.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body });
      await r.text();
      cold.push(performance.now() - t);
    } finally {
      await fresh.stop();
    }
  }
  cold.sort((a, b) => a - b);
  console.log(`edge cold (first call after each of ${cold.length} starts): ${cold.map((c) => c.toFixed(1)).join(', ')} ms`);
  const nginx = await serveWithNginx(dir);
  try {
    results.push(await time('peer: GET from nginx', (i) => get(`${nginx.url}/api/v1/zip/${zipAt(i)}.json`)));
  } finally {
    await nginx.stop();
  }
  console.log('\ntransport              p50 ms   p99 ms  mean ms');
  for (const r of results) console.log(`${r.label.padEnd(22)} ${r.p50.toFixed(2).padStart(6)}   ${r.p99.toFixed(2).padStart(6)}   ${r.mean.toFixed(2).padStart(6)}`);
  const peer = results.at(-1) as { p50: number };
  const http = results.find((r) => r.label === 'http') as { p50: number };
  console.log(`\nratio http tool call / plain GET (p50): ${(http.p50 / peer.p50).toFixed(1)}x`);
  console.log('aims: p99 < 5 ms in-process, < 20 ms over stdio');
} finally {
  await rm(scratch, { recursive: true, force: true });
}
