// How far V8 lets the main thread's heap grow between full collections while Astro renders. V8
// picks the factor from the collector's recent speed, up to 4x the live size; once the build
// overlapped reading with Astro's bundling, it often picked a high one just as rendering began, and
// Texas's main heap went from 280 MB to 610 MB of mostly garbage before the next full collection
// (peak 1.03 to 1.08 GB in half the builds, 0.83 to 0.87 GB in the rest). A fixed factor of 2 keeps
// it at 0.83 to 0.88 GB every time, and a little faster (fewer pages to touch).
import { setFlagsFromString } from 'node:v8';

/** The heap may grow to (1 + this / 100) times what the last full collection left. */
export const RENDER_HEAP_GROWING_PERCENT = 100;

/**
 * Fixes the growing factor from now on, for every thread of the process (V8's flags are global):
 * the build calls it when the dataset's threads are done, so their reading keeps V8's own choice.
 */
export function capHeapGrowth(percent: number = RENDER_HEAP_GROWING_PERCENT): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
