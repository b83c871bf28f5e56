// npm run bench:languages -- --base REF [--runs N] [--state MN]: what the translations cost the build.
// Cold builds of this checkout against the same build of the commit REF (a git worktree of it, with
// this checkout's node_modules), in alternating pairs in one run, so both meet the same machine.
// Prints each pair's wall time, peak memory and pages, then the median ratio of wall time and
// memory: issue 53 asks that the Minnesota build with its three translations stay within 2.5×.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { median } from 'd3-array';
import { PROJECT_ROOT, SNAPSHOT_SOURCES } from '../helpers/paths.ts';
import { clearAstroCaches, countRendered, ourBuildEnv } from './cold-builds.ts';

const { values } = parseArgs({ options: { base: { type: 'string' }, runs: { type: 'string', default: '5' }, state: { type: 'string', default: 'MN' } } });
if (!values.base) throw new Error('--base REF: the commit to compare with (the one before the translations: 82533fa)');
const runs = Math.max(1, Number(values.runs));

interface Sample {
  wallMs: number;
  peakMb: number;
  pages: number;
}

function build(root: string, outDir: string): Promise<Sample> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'src/cli/build.ts'), '--state', values.state, '--outDir', outDir], {
    cwd: root,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...ourBuildEnv(SNAPSHOT_SOURCES) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  return new Promise((resolve, reject) => {
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`the build in ${root} exited ${code}\n${stdout}`));
      const peak = /peak memory (\d+) MB/.exec(stdout);
      if (!peak) return reject(new Error(`no build report in:\n${stdout}`));
      const wallMs = performance.now() - started;
      void countRendered(outDir).then((pages) => resolve({ wallMs, peakMb: Number(peak[1]), pages }), reject);
    });
  });
}

const scratch = await mkdtemp(join(tmpdir(), 'mnrent-bench-languages-'));
const baseRoot = join(scratch, 'base');
try {
  execFileSync('git', ['worktree', 'add', '--detach', baseRoot, values.base], { cwd: PROJECT_ROOT, stdio: 'ignore' });
  await symlink(join(PROJECT_ROOT, 'node_modules'), join(baseRoot, 'node_modules'));
  const pairs: { base: Sample; ours: Sample }[] = [];
  for (let i = 0; i < runs; i++) {
    // Alternate which goes first, so neither always meets a warmer disk cache.
    const order = i % 2 === 0 ? (['base', 'ours'] as const) : (['ours', 'base'] as const);
    const pair: Partial<Record<'base' | 'ours', Sample>> = {};
    for (const which of order) {
      const root = which === 'base' ? baseRoot : PROJECT_ROOT;
      await clearAstroCaches(root);
      const outDir = join(scratch, `${which}-${i}`);
      pair[which] = await build(root, outDir);
      await rm(outDir, { recursive: true, force: true });
    }
    const done = pair as { base: Sample; ours: Sample };
    pairs.push(done);
    process.stdout.write(
      `pair ${i + 1}: ${values.base} ${(done.base.wallMs / 1000).toFixed(1)} s ${done.base.peakMb} MB ${done.base.pages} files · ` +
        `this checkout ${(done.ours.wallMs / 1000).toFixed(1)} s ${done.ours.peakMb} MB ${done.ours.pages} files · ratio ${(done.ours.wallMs / done.base.wallMs).toFixed(2)}\n`,
    );
  }
  const wall = median(pairs.map((p) => p.ours.wallMs / p.base.wallMs)) ?? Number.NaN;
  const memory = median(pairs.map((p) => p.ours.peakMb / p.base.peakMb)) ?? Number.NaN;
  process.stdout.write(`median over ${runs} pairs: wall time ${wall.toFixed(2)}× ${values.base} (aim ≤ 2.5×), peak memory ${memory.toFixed(2)}×\n`);
} finally {
  execFileSync('git', ['worktree', 'remove', '--force', baseRoot], { cwd: PROJECT_ROOT, stdio: 'ignore' });
  await rm(scratch, { recursive: true, force: true });
}
