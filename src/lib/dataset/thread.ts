// The build's dataset, loaded on its own thread (dataset-worker.ts). This module imports none of the
// pipeline, so the main thread spends no time loading it.
import type { DatasetReply } from './worker.ts';
import type { LoadedDataset, LoadedRecords } from './load.ts';
import type { LoadOptions } from './options.ts';
import { errorFromThread } from '../errors.ts';
import { Worker } from 'node:worker_threads';

/**
 * `loadDataset(options, onRecords)` on a worker thread: the same dataset, the records first, and a
 * SourceError there is the same SourceError here.
 */
export function loadDatasetOffThread(options: LoadOptions, onRecords?: (records: LoadedRecords) => void): Promise<LoadedDataset> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { workerData: options });
    let records: LoadedRecords | undefined;
    worker.on('message', (reply: DatasetReply) => {
      if ('records' in reply) {
        records = reply.records;
        onRecords?.(records);
        return;
      }
      if (!reply.ok) reject(errorFromThread(reply.error, 'loading the dataset'));
      else if (records) resolve({ ...records, ...reply.rest });
      else reject(new Error("the dataset's worker thread sent the rest of the dataset before its records"));
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the dataset's worker thread stopped (exit code ${code}) before it answered`)));
  });
}
