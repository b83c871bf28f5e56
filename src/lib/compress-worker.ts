// One compression thread of the build (lib/precompress.ts): each message is a file's bytes, each
// answer its .gz and .br siblings, made with zlib's synchronous calls on this thread.
import { parentPort } from 'node:worker_threads';
import { compressSiblings, type CompressReply, type CompressRequest } from './precompress.ts';

parentPort?.on('message', ({ id, bytes }: CompressRequest) => {
  const { gz, br } = compressSiblings(bytes);
  parentPort?.postMessage({ id, gz, br } satisfies CompressReply);
});
