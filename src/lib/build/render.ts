// Rendering the site in a process of its own (render-process.ts): the dataset is loaded there, the
// publish gate checked, and Astro renders into the staging folder. When a page cannot be written,
// Astro's build fails while the pages already queued go on writing; ending that process is the one
// sure way to stop them before the staging folder is removed.
import { fork } from 'node:child_process';
import type { AgencyReport } from '../derive/housing-agencies.ts';
import type { LoadOptions } from '../dataset/options.ts';
import { errorFromThread, type ThreadedError } from '../errors.ts';
import { productionEnvironment } from './production-env.ts';

export interface RenderRequest {
  /** The USPS code of the state the site is for. */
  state: string;
  /** What the dataset is loaded from, made once by the command from its arguments and the environment. */
  load: Omit<LoadOptions, 'state'>;
  /** The project: Astro's root. */
  root: string;
  /** This build's own folder (the render process's working directory): Astro's cache and page bundle go there. */
  workDir: string;
  site: string;
  base: string;
  /** The folder this build replaces: its meta.json is what the publish gate compares with. */
  outDir: string;
  /** Where Astro writes. */
  staging: string;
  acceptChanges: boolean;
}

/** What the build report needs from the render process. */
export interface RenderSummary {
  zips: number;
  counties: number;
  counts: { zips: number; counties: number; zips_with_market_rent: number; zips_with_census_rent: number; section_8_rows: number };
  /** How the housing agencies were read, joined and placed. */
  agencies: AgencyReport;
  generatedAt: string;
  safmrFiscalYear: number;
  zoriMonth: string;
  /** Staleness notices, changes accepted with --accept-changes, then the dataset's warnings. */
  warnings: string[];
  parseCache: { hits: number; asked: number };
  timings: { readMs: number; deriveMs: number; renderMs: number };
  /** The process's peak resident memory (MB) and processor time (ms, every thread; the kernel's part). */
  peakMb: number;
  cpuMs: number;
  kernelMs: number;
}

export type RenderReply = { ok: true; summary: RenderSummary } | { ok: false; error: ThreadedError };

/**
 * Renders the site into `request.staging` in a child process, with this process's environment made a
 * production build's (a parent's BASE_URL, DEV or NODE_ENV, vitest's, would reach the pages). Resolves with the summary once the process has
 * exited; rejects with its error (a source error, the publish gate, a refused write) once it has exited.
 */
export function renderInChildProcess(request: RenderRequest): Promise<RenderSummary> {
  const child = fork(new URL('./render-process.ts', import.meta.url), [JSON.stringify(request)], { cwd: request.workDir, env: productionEnvironment(process.env), stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
  let reply: RenderReply | undefined;
  child.on('message', (message: RenderReply) => (reply = message));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (reply?.ok && code === 0) resolve(reply.summary);
      else if (reply && !reply.ok) reject(errorFromThread(reply.error, 'rendering the site', 'in its process'));
      else reject(new Error(`the render process stopped (${signal ?? `exit code ${code}`}) before it answered`));
    });
  });
}
