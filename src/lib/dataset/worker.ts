// Loads the dataset on a worker thread, so that the build's main thread is Astro's from the start:
// Astro loads its configuration and bundles the pages while the sources are read and derived here.
// The records go as soon as they are derived, the rest (bulk files, site record) after them.
import { parentPort, workerData } from 'node:worker_threads';
import type { LoadedRecords, LoadedRest } from './load.ts';
import type { LoadOptions } from './options.ts';
import { errorForThread, type ThreadedError } from '../errors.ts';

export type DatasetReply = { ok: true; records: LoadedRecords } | { ok: true; rest: LoadedRest } | { ok: false; error: ThreadedError };

if (parentPort) {
  const { loadDataset } = await import('./load.ts');
  const port = parentPort;
  const send = (reply: DatasetReply) => port.postMessage(reply);
  const last = await loadDataset(workerData as LoadOptions, (records) => send({ ok: true, records })).then(
    ({ metaRecord, bulk, timings, languages, parseCache }): DatasetReply => ({ ok: true, rest: { metaRecord, bulk, timings, languages, parseCache } }),
    (error: unknown): DatasetReply => ({ ok: false, error: errorForThread(error) }),
  );
  send(last);
}
