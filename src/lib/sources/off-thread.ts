import { errorFromThread } from '../errors.ts';
import { Worker } from 'node:worker_threads';
import type { StateScope } from '../states.ts';
import type { Crosswalk } from './hud-crosswalk.ts';
import type { SafmrRow } from './hud-safmr.ts';
import type { DateLimits } from './plausible.ts';
import type { WorkbookJob, WorkbookKind, WorkbookReply } from './workbook-worker.ts';

interface Results {
  safmr: SafmrRow[];
  crosswalk: Crosswalk;
}

/** Parses a workbook on a worker thread; a SourceError there is the same SourceError here. */
export function parseWorkbookOffThread<K extends WorkbookKind>(kind: K, bytes: Buffer, file: string, state: StateScope, limits: DateLimits): Promise<Results[K]> {
  const job: WorkbookJob = { kind, bytes, file, state, limits };
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./workbook-worker.ts', import.meta.url), { workerData: job });
    worker.once('message', (reply: WorkbookReply) => {
      if (reply.ok) resolve(reply.result as Results[K]);
      else reject(errorFromThread(reply.error, `parsing ${file}`));
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
