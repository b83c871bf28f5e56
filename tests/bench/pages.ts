// npm run bench:pages -- [--base REF] [--runs N]: how fast the pages for people load on a phone.
// Builds this checkout and the commit REF (default HEAD~1, in a git worktree with this checkout's
// node_modules) from the snapshot, serves each with nginx and the shipped block, and runs
// Lighthouse 12 (its default mobile profile: a mid-range phone, simulated slow 4G) on four page
// types, alternating REF and this checkout, N times each (default 3). Prints each page type's
// median Largest Contentful Paint, Total Blocking Time and bytes transferred, side by side.
// The aim (issue 73): LCP under 1.0 s on every page type. Measured, never asserted in a test.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from '../helpers/chromium.ts';
import { PROJECT_ROOT, SNAPSHOT_SOURCES } from '../helpers/paths.ts';
import { serveWithNginx } from '../helpers/servers.ts';
import { median, ourBuildEnv } from './cold-builds.ts';

const { values } = parseArgs({ options: { base: { type: 'string', default: 'HEAD~1' }, runs: { type: 'string', default: '3' } } });
const runs = Math.max(1, Number(values.runs));
const base = values.base;
/** One page of each kind a renter meets: the home page and its search, a ZIP, a county, the list of every ZIP. */
const PAGES = { home: '/', zip: '/zip/55104/', county: '/county/ramsey/', zips: '/zips/' } as const;
type PageType = keyof typeof PAGES;
interface Sample {
  lcpMs: number;
  tbtMs: number;
  bytes: number;
}

function build(root: string, outDir: string): void {
  execFileSync(process.execPath, [join(root, 'src/cli/build.ts'), '--outDir', outDir, '--languages', 'en'], {
    cwd: root,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...ourBuildEnv(SNAPSHOT_SOURCES) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Debian's Chromium, headless, with its DevTools port for Lighthouse: the port it printed. */
async function chromium(): Promise<{ port: number; stop: () => void }> {
  const child = spawn(CHROMIUM_PATH, ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--remote-debugging-port=0', 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      const found = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
      if (found) resolve(Number(found[1]));
    });
    child.once('exit', (code) => reject(new Error(`chromium exited ${code}: ${stderr}`)));
  });
  return { port, stop: () => child.kill() };
}

async function measure(port: number, url: string): Promise<Sample> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const audits = result?.lhr.audits;
  const value = (id: string) => {
    const found = audits?.[id]?.numericValue;
    if (found === undefined) throw new Error(`Lighthouse gave no ${id} for ${url}: ${result?.lhr.runtimeError?.message ?? 'no reason given'}`);
    return found;
  };
  return { lcpMs: value('largest-contentful-paint'), tbtMs: value('total-blocking-time'), bytes: value('total-byte-weight') };
}

const scratch = await mkdtemp(join(tmpdir(), 'mnrent-bench-pages-'));
const baseRoot = join(scratch, 'base');
const browser = await chromium();
const servers: { stop(): Promise<void> }[] = [];
try {
  execFileSync('git', ['worktree', 'add', '--detach', baseRoot, base], { cwd: PROJECT_ROOT, stdio: 'ignore' });
  await symlink(join(PROJECT_ROOT, 'node_modules'), join(baseRoot, 'node_modules'));
  const sites = { base: join(scratch, 'base-site'), ours: join(scratch, 'our-site') };
  build(baseRoot, sites.base);
  build(PROJECT_ROOT, sites.ours);
  const [baseServer, ourServer] = await Promise.all([serveWithNginx(sites.base), serveWithNginx(sites.ours)]);
  servers.push(baseServer, ourServer);
  const urls = { base: baseServer.url, ours: ourServer.url };
  const samples: Record<'base' | 'ours', Record<PageType, Sample[]>> = {
    base: { home: [], zip: [], county: [], zips: [] },
    ours: { home: [], zip: [], county: [], zips: [] },
  };
  for (let i = 0; i < runs; i++) {
    for (const type of Object.keys(PAGES) as PageType[]) {
      // Alternate which goes first, so neither always meets a warmer machine.
      for (const which of i % 2 === 0 ? (['base', 'ours'] as const) : (['ours', 'base'] as const)) {
        samples[which][type].push(await measure(browser.port, `${urls[which]}${PAGES[type]}`));
      }
    }
  }
  const at = (which: 'base' | 'ours', type: PageType, key: keyof Sample) => median(samples[which][type].map((s) => s[key]));
  process.stdout.write(`Lighthouse 12, mobile profile, median of ${runs} runs each: ${base} → this checkout\n`);
  for (const type of Object.keys(PAGES) as PageType[]) {
    const lcp = [at('base', type, 'lcpMs'), at('ours', type, 'lcpMs')] as const;
    const tbt = [at('base', type, 'tbtMs'), at('ours', type, 'tbtMs')] as const;
    const bytes = [at('base', type, 'bytes'), at('ours', type, 'bytes')] as const;
    process.stdout.write(
      `${type.padEnd(6)} ${PAGES[type].padEnd(16)} LCP ${(lcp[0] / 1000).toFixed(2)} → ${(lcp[1] / 1000).toFixed(2)} s (${(lcp[1] / lcp[0]).toFixed(2)}×)` +
        ` · TBT ${Math.round(tbt[0])} → ${Math.round(tbt[1])} ms · bytes ${Math.round(bytes[0]).toLocaleString('en-US')} → ${Math.round(bytes[1]).toLocaleString('en-US')}` +
        `${lcp[1] < 1000 ? '' : ' · LCP not under 1.0 s'}\n`,
    );
  }
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  browser.stop();
  execFileSync('git', ['worktree', 'remove', '--force', baseRoot], { cwd: PROJECT_ROOT, stdio: 'ignore' });
  await rm(scratch, { recursive: true, force: true });
}
