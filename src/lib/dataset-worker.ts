// Loads the dataset on a worker thread, so that the build's main thread is Astro's from the start:
// Astro loads its configuration and bundles the pages while the sources are read and derived here.
import { parentPort, workerData } from 'node:worker_threads';
import type { LoadedDataset } from './dataset.ts';
import type { LoadOptions } from './load-options.ts';
import { errorForThread, type ThreadedError } from './errors.ts';
import { lowerThisThreadPriority } from './thread-priority.ts';

export type DatasetReply = { ok: true; dataset: LoadedDataset } | { ok: false; error: ThreadedError };

if (parentPort) {
  // Astro's thread comes first: lowered before the pipeline's modules load, and the workbook
  // threads started from here inherit it.
  lowerThisThreadPriority();
  const { loadDataset } = await import('./dataset.ts');
  const port = parentPort;
  const reply = await loadDataset(workerData as LoadOptions).then(
    (dataset): DatasetReply => ({ ok: true, dataset }),
    (error: unknown): DatasetReply => ({ ok: false, error: errorForThread(error) }),
  );
  port.postMessage(reply);
}
