// npm run bench:serve [-- --dir DIR] [--seconds N] [--connections 10,100,500]: every way the built
// site is served (nginx with the shipped block, the Worker in workerd, Deno, and the agent server
// over HTTP), each on loopback on this machine, under autocannon: requests/s, p50/p99 latency and
// errors for a ZIP file, a page and a 404, and for the agent server a get_zip call, at each number of
// connections; beside each, its ratio to nginx's figure in the same run, so a change that slows a
// host shows as a ratio, not a time. The memory of each server (its process and children) before
// and after. Then the payloads.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { siteToMeasure } from '../helpers/build.ts';
import { serveWithDeno, serveWithEdge, serveWithMcpHttp, serveWithNginx, type Served } from '../helpers/servers.ts';

const { values } = parseArgs({ options: { dir: { type: 'string' }, seconds: { type: 'string', default: '3' }, connections: { type: 'string', default: '10,100,500' } } });
const seconds = Number(values.seconds);
const levels = values.connections.split(',').map(Number);

interface Target {
  label: string;
  path: string;
  method?: 'POST';
  body?: string;
}
const FILES: Target[] = [
  { label: 'ZIP file', path: '/api/v1/zip/55104.json' },
  { label: 'ZIP page', path: '/zip/55104/' },
  { label: '404', path: '/api/v1/zip/00000.json' },
];
const AGENT: Target = { label: 'get_zip', path: '/mcp', method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_zip', arguments: { zip: '55104' } } }) };

interface Row {
  host: string;
  target: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Resident memory (MB) of a process and all its descendants, from /proc. */
function treeMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const parents = new Map<number, number[]>();
  for (const name of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const ppid = Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(name)]);
    } catch {
      // gone meanwhile
    }
  }
  let kb = 0;
  for (const queue = [pid]; queue.length > 0; ) {
    const next = queue.pop() as number;
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${next}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
    queue.push(...(parents.get(next) ?? []));
  }
  return Math.round(kb / 1024);
}

async function measure(server: Served, target: Target, connections: number): Promise<Row> {
  const result = await autocannon({
    url: `${server.url}${target.path}`,
    connections,
    duration: seconds,
    method: target.method ?? 'GET',
    ...(target.body ? { body: target.body, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' } } : { headers: { 'accept-encoding': 'gzip' } }),
  });
  return { host: server.name, target: target.label, connections, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts };
}

const scratch = await mkdtemp(join(tmpdir(), 'mnrent-bench-serve-'));
try {
  const dir = await siteToMeasure(scratch, values.dir);
  console.log(`bench:serve — ${dir}, connections ${levels.join('/')}, ${seconds} s per run, node ${process.versions.node}`);
  const rows: Row[] = [];
  const memory: string[] = [];
  for (const start of [serveWithNginx, serveWithEdge, serveWithDeno, serveWithMcpHttp]) {
    const server = await start(dir);
    const before = treeMb(server.pid);
    try {
      const targets = server.name === 'mcp' ? [AGENT] : server.name === 'nginx' ? FILES : [...FILES, AGENT];
      for (const target of targets) for (const connections of levels) rows.push(await measure(server, target, connections));
      memory.push(`  ${server.name.padEnd(6)} ${String(before).padStart(5)} MB before, ${String(treeMb(server.pid)).padStart(5)} MB after`);
    } finally {
      await server.stop();
    }
  }
  const nginxOf = (target: string, connections: number) => rows.find((r) => r.host === 'nginx' && r.connections === connections && r.target === (target === AGENT.label ? 'ZIP file' : target));
  console.log('\nhost   target     conns    req/s  p50 ms  p99 ms  errors  req/s ÷ nginx');
  for (const r of rows) {
    const peer = nginxOf(r.target, r.connections);
    console.log(`${r.host.padEnd(6)} ${r.target.padEnd(10)} ${String(r.connections).padStart(5)} ${Math.round(r.rps).toString().padStart(8)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${String(r.errors).padStart(7)}  ${peer ? (r.rps / peer.rps).toFixed(2) : '–'}`);
  }
  console.log('  (the agent server\'s get_zip is set beside nginx serving the same record as a file)');
  console.log('\nmemory (resident, the process and its children)');
  for (const line of memory) console.log(line);
  console.log('\npayload                         raw B    gzip B  brotli B');
  for (const [label, file] of [['ZIP file (55104)', 'api/v1/zip/55104.json'], ['county (hennepin)', 'api/v1/county/hennepin.json'], ['index.json', 'api/v1/index.json']] as const) {
    const raw = (await stat(join(dir, file))).size;
    const gz = (await readFile(join(dir, `${file}.gz`))).length;
    const br = (await readFile(join(dir, `${file}.br`))).length;
    console.log(`${label.padEnd(28)} ${String(raw).padStart(8)} ${String(gz).padStart(9)} ${String(br).padStart(9)}`);
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
