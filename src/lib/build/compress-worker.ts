// One thread of the compression pool (compress.ts): each message is a file to compress, answered
// with what was written, or with the error (its message and, for a system error, its code, call and path).
import { parentPort } from 'node:worker_threads';
import { type CompressJob, compressFile } from './compress.ts';

parentPort?.on('message', (job: CompressJob) => {
  try {
    parentPort?.postMessage({ ok: true, result: compressFile(job) });
  } catch (error) {
    const { code, syscall, path } = error as Partial<NodeJS.ErrnoException>;
    parentPort?.postMessage({ ok: false, error: { message: error instanceof Error ? error.message : String(error), code, syscall, path } });
  }
});
