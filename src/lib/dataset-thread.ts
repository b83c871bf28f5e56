// The build's dataset, loaded on its own thread (dataset-worker.ts). This module imports none of the
// pipeline, so the main thread spends no time loading it.
import type { DatasetReply } from './dataset-worker.ts';
import type { LoadedDataset } from './dataset.ts';
import type { LoadOptions } from './load-options.ts';
import { errorFromThread } from './errors.ts';
import { startReadingThread } from './reading-threads.ts';

/** `loadDataset(options)` on a worker thread: the same dataset, and a SourceError there is the same SourceError here. */
export function loadDatasetOffThread(options: LoadOptions): Promise<LoadedDataset> {
  return new Promise((resolve, reject) => {
    const worker = startReadingThread(new URL('./dataset-worker.ts', import.meta.url), options);
    worker.once('message', (reply: DatasetReply) => {
      if (reply.ok) resolve(reply.dataset);
      else reject(errorFromThread(reply.error, 'loading the dataset'));
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the dataset's worker thread stopped (exit code ${code}) before it answered`)));
  });
}
