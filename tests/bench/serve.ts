// npm run bench:serve [-- --dir DIR] [--seconds N]: the built folder behind nginx (the shipped block)
// on loopback against a well-known Node static server on the same folder (Astro's preview: Vite + sirv),
// requests/s and latency for a ZIP file, the index and a 404, with and without gzip; then the payloads.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { siteToMeasure } from '../helpers/build.ts';
import { serveWithNginx, serveWithPreview, type Served } from '../helpers/servers.ts';

const { values } = parseArgs({ options: { dir: { type: 'string' }, seconds: { type: 'string', default: '5' }, connections: { type: 'string', default: '50' } } });
const seconds = Number(values.seconds);
const connections = Number(values.connections);

const TARGETS = [
  ['ZIP file', '/api/v1/zip/55104.json'],
  ['index.json', '/api/v1/index.json'],
  ['404', '/api/v1/zip/00000.json'],
] as const;

interface Row {
  server: string;
  target: string;
  encoding: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(server: Served, target: string, path: string, gzip: boolean): Promise<Row> {
  const result = await autocannon({ url: `${server.url}${path}`, connections, duration: seconds, headers: gzip ? { 'accept-encoding': 'gzip' } : {} });
  return { server: server.name, target, encoding: gzip ? 'gzip' : 'identity', rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts };
}

const scratch = await mkdtemp(join(tmpdir(), 'mnrent-bench-serve-'));
try {
  const dir = await siteToMeasure(scratch, values.dir);
  console.log(`bench:serve — ${dir}, ${connections} connections, ${seconds} s per run, node ${process.versions.node}`);
  const rows: Row[] = [];
  for (const start of [serveWithNginx, serveWithPreview]) {
    const server = await start(dir);
    try {
      for (const [target, path] of TARGETS) for (const gzip of [false, true]) rows.push(await measure(server, target, path, gzip));
    } finally {
      await server.stop();
    }
  }
  console.log('\nserver   target       encoding   req/s     p50 ms  p99 ms  errors');
  for (const r of rows) console.log(`${r.server.padEnd(8)} ${r.target.padEnd(12)} ${r.encoding.padEnd(9)} ${Math.round(r.rps).toString().padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(7)} ${String(r.errors).padStart(7)}`);
  // Seen here: ~26 KB answers (index.json.gz) come back slower than the 430 KB identity file on
  // loopback, and fetching the .gz file directly shows the same, so it is a transport effect between
  // the load generator and nginx at that size, not the gzip negotiation.
  console.log('\nratio nginx / preview (req/s)');
  for (const [target] of TARGETS) {
    for (const encoding of ['identity', 'gzip']) {
      const n = rows.find((r) => r.server === 'nginx' && r.target === target && r.encoding === encoding);
      const p = rows.find((r) => r.server === 'preview' && r.target === target && r.encoding === encoding);
      if (n && p) console.log(`  ${target.padEnd(12)} ${encoding.padEnd(9)} ${(n.rps / p.rps).toFixed(1)}x`);
    }
  }
  console.log('\npayload                         raw B    gzip B  brotli B');
  const payloads = [['ZIP file (55104)', 'api/v1/zip/55104.json'], ['county (hennepin)', 'api/v1/county/hennepin.json'], ['index.json', 'api/v1/index.json'], ['section-8.json', 'api/v1/section-8.json']];
  for (const [label, file] of payloads) {
    const raw = (await stat(join(dir, file as string))).size;
    const gz = (await readFile(join(dir, `${file}.gz`))).length;
    const br = (await readFile(join(dir, `${file}.br`))).length;
    console.log(`${(label as string).padEnd(28)} ${String(raw).padStart(8)} ${String(gz).padStart(9)} ${String(br).padStart(9)}`);
  }
  const zipDir = join(dir, 'api/v1/zip');
  const zipSizes = await Promise.all((await readdir(zipDir)).filter((n) => n.endsWith('.json.gz')).map(async (n) => (await stat(join(zipDir, n))).size));
  const index = (await readFile(join(dir, 'api/v1/index.json.gz'))).length;
  console.log(`\naims: index.json ${(index / 1024).toFixed(1)} KB gzipped (aim < 60 KB); largest ZIP file ${(Math.max(...zipSizes) / 1024).toFixed(1)} KB gzipped (aim < 4 KB)`);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
