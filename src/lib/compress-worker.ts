// One compression thread of the build (lib/precompress.ts): each message is a batch of jobs, each
// either a file's bytes or a written file's path (read here), answered with its .gz and .br siblings;
// zlib's synchronous calls, on this thread.
import { parentPort } from 'node:worker_threads';
import { type CompressAnswer, type CompressJob, compressFile, compressSiblings, ownBuffers } from './precompress.ts';

parentPort?.on('message', (jobs: CompressJob[]) => {
  const answers: CompressAnswer[] = [];
  const handed: ArrayBuffer[] = [];
  for (const job of jobs) {
    // Each sibling in a buffer of its own, handed over: a view of zlib's larger output buffer would
    // carry that whole buffer across (Texas held 500 MB of slack that way).
    if (job.path !== undefined) {
      const file = compressFile(job.path, job.readers);
      if ('siblings' in file && file.siblings) handed.push(file.siblings.gz.buffer, file.siblings.br.buffer);
      answers.push({ id: job.id, file });
      continue;
    }
    const { gz, br } = ownBuffers(compressSiblings(job.bytes, job.readers));
    answers.push({ id: job.id, gz, br });
    handed.push(gz.buffer, br.buffer);
  }
  parentPort?.postMessage(answers, handed);
});
