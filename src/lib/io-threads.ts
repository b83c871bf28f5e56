// libuv's pool does every asynchronous file call, four threads unless told otherwise. A build writes
// thousands of small files while the main thread renders and a worker compresses; on a 2-core machine
// four more threads only fight those two and each other for the cores and the folders' locks.
// Imported first by the build's entry: libuv reads the size once, when the pool first starts.
import { availableParallelism } from 'node:os';

process.env.UV_THREADPOOL_SIZE ??= String(Math.max(1, availableParallelism() - 1));
