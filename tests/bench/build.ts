// npm run bench:build [-- --runs N] [--state MN,TX] [--languages en,es] : cold builds of the snapshot of the sources against a peer in the same run.
// --languages is handed to each build (default: every language): `en` alone, then `en,so`, say what a Somali page costs.
// With several states, each against its own peer at its own file count, and the cost per ZIP code of each.
// Peer: a trivial Astro site with as many output files (cold-builds.ts).
// A last line per state gives what creating a file costs on this disk, against the files each writes.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT, SNAPSHOT_SOURCES } from '../helpers/paths.ts';
import { clearAstroCaches, coldPeerArgs, countRendered, makePeer, median, ourBuildArgs, ourBuildEnv, sec } from './cold-builds.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, state: { type: 'string', default: 'MN' }, languages: { type: 'string' } } });
const states = values.state.split(',').map((code) => code.trim().toUpperCase()).filter(Boolean);
const runs = Math.max(1, Number(values.runs));
const sourcesDir = process.env.SOURCES_DIR ?? SNAPSHOT_SOURCES;

interface Sample {
  wallMs: number;
  /** User and system time of every thread of the process: steadier than wall time on a shared machine. */
  cpuMs: number;
  /** The system part: mostly creating files and folders, and page faults. */
  kernelMs: number;
  zips: number;
  peakMb: number;
  phases: Record<string, number>;
  files: number;
  /** Every file written, the .gz and .br siblings included. */
  allFiles: number;
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ wallMs: number; stdout: string }> {
  const started = performance.now();
  const child = spawn(command, args, { cwd, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  return new Promise((resolve, reject) => {
    child.on('close', (code) => (code === 0 ? resolve({ wallMs: performance.now() - started, stdout }) : reject(new Error(`${command} ${args.join(' ')} exited ${code}\n${stdout}`))));
  });
}

async function ourBuild(scratch: string, state: string, i: number): Promise<Sample> {
  await clearAstroCaches(PROJECT_ROOT);
  const outDir = join(scratch, `ours-${state}-${i}`);
  const languages = values.languages === undefined ? [] : ['--languages', values.languages];
  const { wallMs, stdout } = await run(process.execPath, [...ourBuildArgs(state, outDir), ...languages], PROJECT_ROOT, ourBuildEnv(sourcesDir));
  const zips = /ZIP codes (\d+), counties/.exec(stdout);
  const time = /read sources ([\d.]+) s, derive ([\d.]+) s, render and write ([\d.]+) s, compress ([\d.]+) s/.exec(stdout);
  const peak = /peak memory (\d+) MB, processor time ([\d.]+) s \(every thread; ([\d.]+) s of it in the kernel\)/.exec(stdout);
  if (!time || !peak || !zips) throw new Error(`no build report in:\n${stdout}`);
  return {
    wallMs,
    cpuMs: Number(peak[2]) * 1000,
    kernelMs: Number(peak[3]) * 1000,
    zips: Number(zips[1]),
    peakMb: Number(peak[1]),
    phases: { read: Number(time[1]) * 1000, derive: Number(time[2]) * 1000, render: Number(time[3]) * 1000, compress: Number(time[4]) * 1000 },
    files: await countRendered(outDir),
    allFiles: await countAll(outDir),
  };
}

async function peerBuild(dir: string, i: number): Promise<Sample> {
  const outDir = join(dir, `dist-${i}`);
  const { wallMs, stdout } = await run(process.execPath, await coldPeerArgs(dir, outDir), dir, {});
  const report = /peak (\d+) cpu ([\d.]+) kernel ([\d.]+)/.exec(stdout);
  return { wallMs, cpuMs: Number(report?.[2]), kernelMs: Number(report?.[3]), zips: 0, peakMb: Number(report?.[1]), phases: {}, files: await countRendered(outDir), allFiles: await countAll(outDir) };
}

/**
 * What creating one file costs on this disk, in processor time: new files are most of what a build
 * writes, and on some machines (this shared 2-core VM) creating one costs far more than writing it.
 */
async function fileCreationMs(dir: string, count = 1000): Promise<number> {
  await mkdir(dir, { recursive: true });
  const before = process.cpuUsage();
  for (let i = 0; i < count; i++) await writeFile(join(dir, `f${i}.txt`), 'x');
  const used = process.cpuUsage(before);
  await rm(dir, { recursive: true, force: true });
  return (used.user + used.system) / 1000 / count;
}

const countAll = async (dir: string) => (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;


const scratch = await mkdtemp(join(tmpdir(), 'mnrent-bench-'));
try {
  console.log(`bench:build — ${states.join(', ')}, pages in ${values.languages ?? 'every language'}: ${runs} cold run(s) each against an Astro peer, sources ${sourcesDir}, node ${process.versions.node}`);
  const rows: string[] = [];
  const notes: string[] = [];
  for (const state of states) {
    const ours: Sample[] = [];
    const peer: Sample[] = [];
    const peerDir = join(scratch, `peer-${state}`);
    for (let i = 0; i < runs; i++) {
      const o = await ourBuild(scratch, state, i);
      ours.push(o);
      if (i === 0) await makePeer(peerDir, o.files);
      const p = await peerBuild(peerDir, i);
      peer.push(p);
      console.log(
        `${state} run ${i + 1}: ours ${sec(o.wallMs)} s wall, ${sec(o.cpuMs)} s processor (${sec(o.kernelMs)} kernel; read ${sec(o.phases.read as number)}, derive ${sec(o.phases.derive as number)}, render+write ${sec(o.phases.render as number)}, compress ${sec(o.phases.compress as number)}), ${o.peakMb} MB peak, ${o.files} files, ${o.zips} ZIPs | peer ${sec(p.wallMs)} s wall, ${sec(p.cpuMs)} s processor (${sec(p.kernelMs)} kernel), ${p.peakMb} MB, ${p.files} files`,
      );
    }
    const createMs = await fileCreationMs(join(scratch, `create-${state}`));
    const extra = (ours[0]?.allFiles ?? 0) - (peer[0]?.allFiles ?? 0);
    notes.push(
      `${state}: creating a file costs ${createMs.toFixed(2)} ms of processor time here; ours writes ${ours[0]?.allFiles} files (with the .gz and .br siblings), the peer ${peer[0]?.allFiles}: ${extra} more, about ${sec(extra * createMs)} s of processor time the peer does not spend`,
    );
    const oursWall = median(ours.map((s) => s.wallMs));
    const peerWall = median(peer.map((s) => s.wallMs));
    const cpuRatio = median(ours.map((s) => s.cpuMs)) / median(peer.map((s) => s.cpuMs));
    const zips = ours[0]?.zips ?? 1;
    rows.push(
      `${state.padEnd(5)} ${String(zips).padStart(5)} ${String(ours[0]?.files).padStart(6)}   ${sec(oursWall).padStart(6)}   ${String(median(ours.map((s) => s.peakMb))).padStart(7)}   ${sec(median(ours.map((s) => s.phases.read as number))).padStart(6)}   ${sec(median(ours.map((s) => s.phases.render as number))).padStart(8)}   ${sec(median(ours.map((s) => s.phases.compress as number))).padStart(8)}   ${sec(peerWall).padStart(6)}   ${(oursWall / peerWall).toFixed(2).padStart(5)}x   ${cpuRatio.toFixed(2).padStart(9)}x   ${(oursWall / zips).toFixed(1).padStart(7)} ms   ${((oursWall - peerWall) / zips).toFixed(1).padStart(7)} ms`,
    );
  }
  console.log('');
  console.log('medians  ZIPs  files   wall s   peak MB   read s   render s   gzip+br s   peer s   ratio   cpu ratio   per ZIP     data work per ZIP');
  for (const row of rows) console.log(row);
  console.log('');
  for (const note of notes) console.log(note);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
