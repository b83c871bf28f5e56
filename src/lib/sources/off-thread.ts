import { errorFromThread } from '../errors.ts';
import { Worker } from 'node:worker_threads';
import type { Crosswalk } from './hud-crosswalk.ts';
import type { SafmrRow } from './hud-safmr.ts';
import type { WorkbookJob, WorkbookKind, WorkbookReply } from './workbook-worker.ts';

interface Results {
  safmr: SafmrRow[];
  crosswalk: Crosswalk;
}

/** Parses a workbook on a worker thread; a SourceError there is the same SourceError here. */
export function parseWorkbookOffThread<K extends WorkbookKind>(kind: K, job: Omit<WorkbookJob, 'kind'>): Promise<Results[K]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./workbook-worker.ts', import.meta.url), { workerData: { kind, ...job } satisfies WorkbookJob });
    worker.once('message', (reply: WorkbookReply) => {
      if (reply.ok) resolve(reply.result as Results[K]);
      else reject(errorFromThread(reply.error, `parsing ${job.file}`));
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
