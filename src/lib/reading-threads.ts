// The threads that read the sources: the dataset's (dataset-thread.ts) and the workbooks'
// (sources/off-thread.ts). Parsing makes much short-lived garbage, and V8's default young generation
// here (192 MB: semi-spaces of 64 MB) meant fresh memory to fault in at every scavenge; semi-spaces
// of 8 MB do the same work in less processor time and memory (README, "What a build costs").
import type { ResourceLimits, Worker } from 'node:worker_threads';
import { startWorker } from './thread-modules.ts';

/** A reading thread's young generation (two semi-spaces and the large-object space, a third each). */
export const READING_THREAD_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 24 };

/** Starts one of the reading threads: `module` with `workerData`, under READING_THREAD_LIMITS. */
export function startReadingThread(module: URL, workerData: unknown): Worker {
  return startWorker(module, { workerData, resourceLimits: READING_THREAD_LIMITS });
}
