// One compression thread of the build (lib/precompress.ts): each message is a file's bytes, each
// answer its .gz and .br siblings, made with zlib's synchronous calls on this thread.
import { parentPort } from 'node:worker_threads';
import { compressSiblings, type CompressReply, type CompressRequest } from './precompress.ts';

parentPort?.on('message', ({ id, bytes, readers }: CompressRequest) => {
  // zlib's results are views of larger buffers, and a message carries a view's whole buffer: copy
  // each to a buffer of its own size and hand that over (Texas held 500 MB of slack otherwise).
  const made = compressSiblings(bytes, readers);
  const gz = new Uint8Array(made.gz);
  const br = new Uint8Array(made.br);
  parentPort?.postMessage({ id, gz, br } satisfies CompressReply, [gz.buffer, br.buffer]);
});
