// Runs one workbook parser on a worker thread: XML parsing is the slowest part of reading the
// sources, and the two large workbooks can parse beside the CSVs on a second core.
import { parentPort, workerData } from 'node:worker_threads';
import { isSourceError } from '../errors.ts';
import { zipInState, type StateScope } from '../state.ts';
import { parseCrosswalkWorkbook } from './hud-crosswalk.ts';
import { parseSafmrWorkbook } from './hud-safmr.ts';
import type { DateLimits } from './plausible.ts';

export type WorkbookKind = 'safmr' | 'crosswalk';

export interface WorkbookJob {
  kind: WorkbookKind;
  bytes: Uint8Array;
  file: string;
  state: StateScope;
  limits: DateLimits;
}

export type WorkbookReply =
  | { ok: true; result: unknown }
  | { ok: false; sourceError: { location: { file: string; row?: number; column?: string }; detail: string } }
  | { ok: false; unexpected: string };

async function run(job: WorkbookJob): Promise<unknown> {
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  const keepZip = zipInState(job.state);
  return job.kind === 'safmr' ? parseSafmrWorkbook(bytes, job.file, keepZip, job.limits) : parseCrosswalkWorkbook(bytes, job.file, keepZip);
}

if (parentPort) {
  const port = parentPort;
  run(workerData as WorkbookJob).then(
    (result) => port.postMessage({ ok: true, result } satisfies WorkbookReply),
    (error: unknown) =>
      port.postMessage(
        (isSourceError(error)
          ? { ok: false, sourceError: { location: error.location, detail: error.detail } }
          : { ok: false, unexpected: error instanceof Error ? (error.stack ?? error.message) : String(error) }) satisfies WorkbookReply,
      ),
  );
}
