// The dataset of this process and the publish gate, kept on globalThis: the build script, Astro's
// configuration and its content loaders are separate module instances (Vite loads the last two)
// and must share one dataset. Nothing here imports the pipeline at run time, so Vite, which
// transforms every module the configuration and the loaders import, does not transform it twice
// while the sources are being read.
import type { LoadedDataset } from './dataset.ts';

const SLOT = Symbol.for('mnrent.dataset');
interface Slot {
  site: string;
  promise: Promise<LoadedDataset>;
  resolved?: LoadedDataset;
}
const slots = globalThis as unknown as Record<typeof SLOT, Slot | undefined>;

const siteKey = (site: string) => site.replace(/\/+$/, '');

/** The dataset being loaded for `site` in this process, if any (an error if it was loaded for another site). */
export function datasetInProcess(site: string): Promise<LoadedDataset> | undefined {
  const existing = slots[SLOT];
  if (!existing) return undefined;
  if (existing.site !== siteKey(site)) return Promise.reject(new Error(`dataset was loaded for ${existing.site}, asked for ${site}`));
  return existing.promise;
}

/** Makes `promise` the dataset of this process. */
export function keepDataset(site: string, promise: Promise<LoadedDataset>): Promise<LoadedDataset> {
  const slot: Slot = { site: siteKey(site), promise };
  promise.then((d) => (slot.resolved = d), () => undefined);
  slots[SLOT] = slot;
  return promise;
}

/** The dataset of this process once loaded; the sitemap's serializer reads `lastmod` from it. */
export function loadedDataset(): LoadedDataset | undefined {
  return slots[SLOT]?.resolved;
}

// The publish gate's word. Astro starts while the sources are read on worker threads, and its
// content loaders wait here until the build script has checked the dataset (publish-gate.ts): a
// stop reaches Astro as the build script's own error, before any page is rendered. A bare
// `astro build` has no build script and no gate.
const GATE = Symbol.for('mnrent.publish-gate');
const gates = globalThis as unknown as Record<typeof GATE, Promise<void> | undefined>;

export interface HeldGate {
  pass(): void;
  stop(reason: unknown): void;
}

/** Holds the content loaders until `pass` (or fails them with `stop`'s reason). */
export function holdPublishGate(): HeldGate {
  const { promise, resolve, reject } = Promise.withResolvers<undefined>();
  // A stop before any loader asked is no unhandled rejection: the build script reports it.
  promise.catch(() => undefined);
  gates[GATE] = promise;
  return { pass: () => resolve(undefined), stop: reject };
}

/** What a content loader waits for before handing the dataset to Astro. */
export function publishGateWord(): Promise<void> {
  return gates[GATE] ?? Promise.resolve();
}
