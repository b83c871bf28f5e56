// Scheduling: the build's main thread is Astro's, and it is the build's critical path (loading,
// bundling, rendering); the dataset's threads have slack until Astro has bundled the pages. On two
// cores, an equal share for every thread gave the three reading threads three quarters of the
// machine while Astro waited for a core.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** How far below the main thread the reading threads run: nice 10 (Linux's scale is -20 to 19). */
export const READING_NICENESS = 10;

/**
 * Lowers the calling thread's priority; threads it starts afterwards inherit it. Linux keeps a
 * niceness per thread, named by `/proc/thread-self`; elsewhere this does nothing.
 */
export function lowerThisThreadPriority(niceness: number = READING_NICENESS): boolean {
  let threadId: number;
  try {
    threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return false;
  }
  if (!Number.isInteger(threadId) || threadId <= 0) return false;
  setPriority(threadId, niceness);
  return true;
}
