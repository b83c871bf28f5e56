// npm run bench:threads [-- --state MN] : where a cold build's processor time goes, thread by thread,
// against the peer (cold-builds.ts) at the same file count, in the same run. Linux only: it polls
// /proc/PID/task/*/stat while each build runs, so a thread's figure is what it had used when last
// seen (within the poll interval of its end). On two cores a build's wall time is about its processor
// time over two: this shows which threads that time belongs to.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT, SHARED_SOURCES } from '../helpers/paths.ts';
import { clearAstroCaches, coldPeerArgs, countRendered, makePeer, ourBuildArgs, ourBuildEnv } from './cold-builds.ts';

const { values } = parseArgs({ options: { state: { type: 'string', default: 'MN' } } });
const state = values.state.trim().toUpperCase();
const sourcesDir = process.env.SOURCES_DIR ?? SHARED_SOURCES;
const POLL_MS = 25;
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

interface ThreadSeen {
  name: string;
  cpuS: number;
  firstS: number;
  lastS: number;
}

/** A thread's name and its user + system time in seconds, from /proc/PID/task/TID/stat; undefined once it is gone. */
async function threadStat(pid: number, tid: string): Promise<{ name: string; cpuS: number } | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    // The name is in parentheses and may hold spaces; the fields after it are numbered from 3.
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { name, cpuS: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS };
  } catch {
    return undefined;
  }
}

/** Runs a command, polling its threads until it exits; its wall time and every thread seen. */
async function runPolled(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ wallS: number; threads: ThreadSeen[] }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const seen = new Map<string, ThreadSeen>();
  // Until the process has exited: its exit code or signal is set then.
  while (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
    const now = (performance.now() - started) / 1000;
    const tids = await readdir(`/proc/${child.pid}/task`).catch(() => []);
    for (const tid of tids) {
      const stat = await threadStat(child.pid, tid);
      if (!stat) continue;
      const thread = seen.get(tid);
      if (thread) Object.assign(thread, { name: stat.name, cpuS: stat.cpuS, lastS: now });
      else seen.set(tid, { ...stat, firstS: now, lastS: now });
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const code = await exited;
  if (code !== 0) throw new Error(`node ${args.join(' ')} exited ${code}`);
  return { wallS: (performance.now() - started) / 1000, threads: [...seen.values()] };
}

/** Node's names for its threads, in groups that say what they do. */
function groupOf(name: string): string {
  if (name === 'MainThread' || name === 'node') return 'main thread';
  if (name === 'WorkerThread') return 'Node worker threads (ours: dataset, workbooks, compression)';
  if (name.startsWith('V8Worker')) return "V8's platform threads (garbage collection, optimizing compilation)";
  if (name.startsWith('libuv')) return "libuv's pool (file system, zlib's async calls)";
  return 'other';
}

function report(label: string, wallS: number, threads: ThreadSeen[]): number {
  const total = threads.reduce((sum, t) => sum + t.cpuS, 0);
  console.log(`\n${label}: ${wallS.toFixed(2)} s wall, ${total.toFixed(2)} s of processor time (${(total / wallS).toFixed(2)} cores on average)`);
  const groups = new Map<string, number>();
  for (const t of threads) groups.set(groupOf(t.name), (groups.get(groupOf(t.name)) ?? 0) + t.cpuS);
  for (const [group, cpuS] of [...groups].sort((a, b) => b[1] - a[1])) console.log(`  ${cpuS.toFixed(2).padStart(6)} s  ${group}`);
  console.log('  threads with 0.05 s or more, as seen from/to (s after the start):');
  for (const t of threads.filter((t) => t.cpuS >= 0.05).sort((a, b) => a.firstS - b.firstS)) {
    console.log(`  ${t.cpuS.toFixed(2).padStart(6)} s  ${t.name.padEnd(16)} ${t.firstS.toFixed(2).padStart(6)} – ${t.lastS.toFixed(2)}`);
  }
  return total;
}

const scratch = await mkdtemp(join(tmpdir(), 'mnrent-bench-threads-'));
try {
  console.log(`bench:threads — ${state}: one cold build and the peer's, polled every ${POLL_MS} ms, node ${process.versions.node}`);
  await clearAstroCaches(PROJECT_ROOT);
  const outDir = join(scratch, 'ours');
  const ours = await runPolled(ourBuildArgs(state, outDir), PROJECT_ROOT, ourBuildEnv(sourcesDir));
  const files = await countRendered(outDir);
  const peerDir = join(scratch, 'peer');
  await makePeer(peerDir, files);
  const peer = await runPolled(await coldPeerArgs(peerDir, join(peerDir, 'dist')), peerDir, {});
  const oursCpu = report(`ours (${files} files)`, ours.wallS, ours.threads);
  const peerCpu = report(`peer (${await countRendered(join(peerDir, 'dist'))} files)`, peer.wallS, peer.threads);
  console.log(`\nratio to the peer: wall ${(ours.wallS / peer.wallS).toFixed(2)}x, processor time ${(oursCpu / peerCpu).toFixed(2)}x`);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
