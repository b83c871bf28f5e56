// The dataset of this process and the publish gate, kept on globalThis: the build script, Astro's
// configuration and its content loaders are separate module instances (Vite loads the last two)
// and must share one dataset.
import type { LoadedDataset, LoadedRecords } from './load.ts';

const SLOT = Symbol.for('mnrent.dataset');
interface Slot {
  site: string;
  promise: Promise<LoadedDataset>;
  /** The records, which may arrive before the rest of the dataset. */
  records: Promise<LoadedRecords>;
  resolved?: LoadedDataset;
}
const slots = globalThis as unknown as Record<typeof SLOT, Slot | undefined>;

const siteKey = (site: string) => site.replace(/\/+$/, '');

function slotFor(site: string): Slot | Error | undefined {
  const existing = slots[SLOT];
  if (!existing || existing.site === siteKey(site)) return existing;
  return new Error(`dataset was loaded for ${existing.site}, asked for ${site}`);
}

/** The dataset being loaded for `site` in this process, if any (an error if it was loaded for another site). */
export function datasetInProcess(site: string): Promise<LoadedDataset> | undefined {
  const slot = slotFor(site);
  return slot instanceof Error ? Promise.reject(slot) : slot?.promise;
}

/** Its records, which may come before the rest of it. */
export function recordsInProcess(site: string): Promise<LoadedRecords> | undefined {
  const slot = slotFor(site);
  return slot instanceof Error ? Promise.reject(slot) : slot?.records;
}

/** Makes `promise` the dataset of this process, and `records` its records if they come first (they fail with it). */
export function keepDataset(site: string, promise: Promise<LoadedDataset>, records: Promise<LoadedRecords> = promise): Promise<LoadedDataset> {
  const slot: Slot = { site: siteKey(site), promise, records: Promise.race([records, promise]) };
  slot.records.catch(() => undefined);
  promise.then((d) => (slot.resolved = d), () => undefined);
  slots[SLOT] = slot;
  return promise;
}

/** The dataset of this process once loaded; the sitemap's serializer reads `lastmod` from it. */
export function loadedDataset(): LoadedDataset | undefined {
  return slots[SLOT]?.resolved;
}

// The publish gate's word. Astro starts while the sources are read on the dataset's thread, and the
// collections' entries are stored only once the build script has checked the dataset (publish-gate.ts):
// a stop reaches Astro as the build script's own error, before any page is rendered. A bare
// `astro build` has no build script and no gate.
const GATE = Symbol.for('mnrent.publish-gate');
const gates = globalThis as unknown as Record<typeof GATE, Promise<void> | undefined>;

export interface HeldGate {
  pass(): void;
  stop(reason: unknown): void;
}

/** Holds the collections' entries until `pass` (or fails them with `stop`'s reason). */
export function holdPublishGate(): HeldGate {
  const { promise, resolve, reject } = Promise.withResolvers<undefined>();
  // A stop before any loader asked is no unhandled rejection: the build script reports it.
  promise.catch(() => undefined);
  gates[GATE] = promise;
  return { pass: () => resolve(undefined), stop: reject };
}

/** What a collection's entries wait for before they are handed to Astro. */
export function publishGateWord(): Promise<void> {
  return gates[GATE] ?? Promise.resolve();
}

// The validated records of each collection. Astro stores only their ids (content.config.ts); the
// pages read the records here (collections.ts), in the same process as the loaders that checked them.
const VALIDATED = Symbol.for('mnrent.validated-records');
const validated = globalThis as unknown as Record<typeof VALIDATED, Map<string, ReadonlyMap<string, unknown>> | undefined>;

/** Keeps a collection's validated records, by id. */
export function keepValidatedRecords(collection: string, records: ReadonlyMap<string, unknown>): void {
  (validated[VALIDATED] ??= new Map()).set(collection, records);
}

/** A collection's validated records, by id; undefined before its loader ran in this process. */
export function validatedRecords(collection: string): ReadonlyMap<string, unknown> | undefined {
  return validated[VALIDATED]?.get(collection);
}
