// One compression thread of the build (lib/precompress.ts): each message is a batch of jobs, each
// either a file's bytes, answered with its .gz and .br siblings, or a written file's path, which this
// thread reads and writes the siblings of; zlib's synchronous calls, on this thread.
import { parentPort } from 'node:worker_threads';
import { compressSiblings, type CompressAnswer, type CompressJob, writeSiblingsOfFile } from './precompress.ts';

parentPort?.on('message', (jobs: CompressJob[]) => {
  const answers: CompressAnswer[] = [];
  const handed: ArrayBuffer[] = [];
  for (const job of jobs) {
    if (job.path !== undefined) {
      answers.push({ id: job.id, ...writeSiblingsOfFile(job.path, job.readers) });
      continue;
    }
    // zlib's results are views of larger buffers, and a message carries a view's whole buffer: copy
    // each to a buffer of its own size and hand that over (Texas held 500 MB of slack otherwise).
    const made = compressSiblings(job.bytes, job.readers);
    const gz = new Uint8Array(made.gz);
    const br = new Uint8Array(made.br);
    answers.push({ id: job.id, gz, br });
    handed.push(gz.buffer, br.buffer);
  }
  parentPort?.postMessage(answers, handed);
});
