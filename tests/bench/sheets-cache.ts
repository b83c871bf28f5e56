// npm run bench:sheets [-- --runs N] [--state WI] [--languages en] : a state's first build when
// another state's build kept the national workbooks' sheets (src/lib/sources/parse-cache.ts), against
// the same build with the parse cache empty, in alternating pairs in one run (the first of each pair
// alternates too). Both start without Astro's caches. The parse cache of the checkout
// (node_modules/.cache/mnrent-parsed) is emptied between builds: it only ever saves time.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PARSE_CACHE_DIR, parseCache } from '../../src/lib/sources/parse-cache.ts';
import { NO_DATE_LIMITS } from '../../src/lib/sources/plausible.ts';
import { readSources } from '../../src/lib/sources/read-sources.ts';
import { MINNESOTA } from '../../src/lib/states.ts';
import { PROJECT_ROOT, SNAPSHOT_SOURCES } from '../helpers/paths.ts';
import { clearAstroCaches, median, ourBuildArgs, sec } from './cold-builds.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, state: { type: 'string', default: 'WI' }, languages: { type: 'string' } } });
const runs = Math.max(1, Number(values.runs));
const state = values.state.toUpperCase();

interface Sample {
  wallMs: number;
  cpuMs: number;
  peakMb: number;
  readMs: number;
}

function build(outDir: string): Promise<Sample> {
  const started = performance.now();
  const languages = values.languages === undefined ? [] : ['--languages', values.languages];
  const child = spawn(process.execPath, [...ourBuildArgs(state, outDir), ...languages], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', SOURCES_DIR: SNAPSHOT_SOURCES, SOURCE_DATE_EPOCH: '1767225600' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  return new Promise((resolve, reject) => {
    child.on('close', (code) => {
      const wallMs = performance.now() - started;
      const read = /read sources ([\d.]+) s/.exec(stdout);
      const peak = /peak memory (\d+) MB, processor time ([\d.]+) s/.exec(stdout);
      if (code !== 0 || !read || !peak) reject(new Error(`the build exited ${code}:\n${stdout}`));
      else resolve({ wallMs, cpuMs: Number(peak[2]) * 1000, peakMb: Number(peak[1]), readMs: Number(read[1]) * 1000 });
    });
  });
}


const scratch = await mkdtemp(join(tmpdir(), 'mnrent-bench-sheets-'));
try {
  // The sheets a Minnesota read keeps, and nothing else of the cache.
  const kept = join(scratch, 'kept');
  await readSources({ sourcesDir: SNAPSHOT_SOURCES }, { state: MINNESOTA, limits: NO_DATE_LIMITS }, parseCache(kept));
  for (const name of await readdir(kept)) if (!name.startsWith('sheets-')) await rm(join(kept, name));
  console.log(`bench:sheets — ${state}'s first build, pages in ${values.languages ?? 'every language'}: with the ${(await readdir(kept)).length} workbooks' sheets a Minnesota read kept, against an empty parse cache; ${runs} alternating pairs, node ${process.versions.node}`);
  const samples = { kept: [] as Sample[], empty: [] as Sample[] };
  const one = async (which: 'kept' | 'empty', i: number) => {
    await clearAstroCaches(PROJECT_ROOT);
    await rm(PARSE_CACHE_DIR, { recursive: true, force: true });
    if (which === 'kept') await cp(kept, PARSE_CACHE_DIR, { recursive: true });
    const sample = await build(join(scratch, `${which}-${i}`));
    await rm(join(scratch, `${which}-${i}`), { recursive: true, force: true });
    samples[which].push(sample);
    console.log(`pair ${i + 1}, ${which.padEnd(5)}: ${sec(sample.wallMs)} s wall, ${sec(sample.cpuMs)} s processor, read sources ${sec(sample.readMs)} s, ${sample.peakMb} MB peak`);
  };
  for (let i = 0; i < runs; i++) {
    const order = i % 2 === 0 ? (['kept', 'empty'] as const) : (['empty', 'kept'] as const);
    for (const which of order) await one(which, i);
  }
  const ratio = (pick: (s: Sample) => number) => median(samples.kept.map(pick)) / median(samples.empty.map(pick));
  // Each pair ran back to back, so its ratio is steadier than a ratio of medians on a shared machine.
  const pairs = samples.kept.map((k, i) => k.wallMs / (samples.empty[i] as Sample).wallMs);
  console.log('');
  console.log(`medians: kept ${sec(median(samples.kept.map((s) => s.wallMs)))} s wall, empty ${sec(median(samples.empty.map((s) => s.wallMs)))} s wall`);
  console.log(`kept / empty: wall ${ratio((s) => s.wallMs).toFixed(3)}, median of the pairs' ${median(pairs).toFixed(3)} (pairs: ${pairs.map((r) => r.toFixed(3)).join(', ')}), processor ${ratio((s) => s.cpuMs).toFixed(3)}, read sources ${ratio((s) => s.readMs).toFixed(3)}, peak ${ratio((s) => s.peakMb).toFixed(3)}`);
} finally {
  await rm(scratch, { recursive: true, force: true });
  await rm(PARSE_CACHE_DIR, { recursive: true, force: true });
}
