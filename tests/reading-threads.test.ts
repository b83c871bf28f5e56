// The reading threads start with a small young generation (src/lib/reading-threads.ts): V8 keeps
// their new space near two semi-spaces of 8 MB (16 MB, once 17 on a busy CI machine, never past the
// 24 MB limit) under a load that grows a default thread's to 128 MB.
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { READING_THREAD_LIMITS, startReadingThread } from '../src/lib/reading-threads.ts';

/** A thread that keeps up to 300,000 small objects alive at a time (the survivors a parser makes) and reports its largest new space. */
const ALLOCATING = new URL(`data:text/javascript,${encodeURIComponent(`
  import { getHeapSpaceStatistics } from 'node:v8';
  import { parentPort, resourceLimits, workerData } from 'node:worker_threads';
  let largest = 0;
  const kept = [];
  for (let i = 0; i < 3_000_000; i++) {
    kept.push({ i, text: 'row ' + i });
    if (kept.length > 300_000) kept.length = 0;
    if (i % 50_000 === 0) largest = Math.max(largest, getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size);
  }
  parentPort.postMessage({ largest, limit: resourceLimits.maxYoungGenerationSizeMb, workerData });
`)}`);

const report = (worker: Worker) =>
  new Promise<{ largest: number; limit: number; workerData: unknown }>((resolve, reject) => {
    worker.once('message', (message) => {
      resolve(message as { largest: number; limit: number; workerData: unknown });
      void worker.terminate();
    });
    worker.once('error', reject);
  });

describe('a reading thread', () => {
  it('runs with semi-spaces of 8 MB, where V8 alone grows them far beyond', async () => {
    const [reading, control] = await Promise.all([report(startReadingThread(ALLOCATING, { file: 'x.csv' })), report(new Worker(ALLOCATING, { workerData: null }))]);
    expect(READING_THREAD_LIMITS.maxYoungGenerationSizeMb).toBe(24);
    expect(reading.limit).toBe(24);
    expect(reading.workerData).toEqual({ file: 'x.csv' });
    const MB = 1024 * 1024;
    expect(reading.largest).toBeLessThanOrEqual(24 * MB);
    // The control's limit is V8's default (192 MB here) and this load takes its new space to 128 MB.
    expect(control.limit).toBeGreaterThan(24);
    expect(control.largest).toBeGreaterThan(64 * MB);
  }, 60_000);
});
