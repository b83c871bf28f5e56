// Runs one workbook parser on a worker thread: XML parsing is the slowest part of reading the
// sources, and the two large workbooks can parse beside the CSVs on a second core.
import { parentPort, workerData } from 'node:worker_threads';
import { errorForThread, type ThreadedError } from '../errors.ts';
import { zipInState, type StateScope } from '../states.ts';
import { parseCrosswalkWorkbook } from './hud-crosswalk.ts';
import { parseSafmrWorkbook } from './hud-safmr.ts';
import { sheetsIn } from './parse-cache.ts';
import type { DateLimits } from './plausible.ts';

export type WorkbookKind = 'safmr' | 'crosswalk';

export interface WorkbookJob {
  kind: WorkbookKind;
  bytes: Uint8Array;
  file: string;
  state: StateScope;
  limits: DateLimits;
  /** The parse cache's folder: the workbook's sheets are read through it (parse-cache.ts, `sheetsIn`). */
  cacheDir?: string;
}

export type WorkbookReply = { ok: true; result: unknown } | { ok: false; error: ThreadedError };

function run(job: WorkbookJob): Promise<unknown> {
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  const keepZip = zipInState(job.state);
  const sheetsOf = sheetsIn(job.cacheDir);
  return job.kind === 'safmr' ? parseSafmrWorkbook(bytes, job.file, keepZip, job.limits, sheetsOf) : parseCrosswalkWorkbook(bytes, job.file, keepZip, sheetsOf);
}

/** The reply for a job: its result, or its error in a form that crosses the thread boundary. */
function reply(job: WorkbookJob): Promise<WorkbookReply> {
  return run(job).then(
    (result): WorkbookReply => ({ ok: true, result }),
    (error: unknown): WorkbookReply => ({ ok: false, error: errorForThread(error) }),
  );
}

if (parentPort) parentPort.postMessage(await reply(workerData as WorkbookJob));
