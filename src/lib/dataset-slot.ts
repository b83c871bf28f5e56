// The dataset of this process and the publish gate, kept on globalThis: the build script, Astro's
// configuration and its content loaders are separate module instances (Vite loads the last two)
// and must share one dataset. Nothing here imports the pipeline at run time, so Vite, which
// transforms every module the configuration and the loaders import, does not transform it twice
// while the sources are being read.
import type { LoadedDataset, LoadedRecords } from './dataset.ts';

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
// collections' entries are made only once the build script has checked the dataset (publish-gate.ts):
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

// The content store, handed to Astro late. The build script lets Astro bundle the pages while the
// sources are still being read: in that build the content loaders give Astro's store no entries and
// leave here how to make them, and the store's module in the page bundle (data-store-module.ts)
// asks for them when the prerenderer imports it, which waits for the publish gate. A bare
// `astro build` has no late store: its loaders fill Astro's store as usual.
export const LATE_STORE_KEY = 'mnrent.late-content-store';
const LATE = Symbol.for(LATE_STORE_KEY);
const lates = globalThis as unknown as Record<typeof LATE, LateContentStore | undefined>;

/** An entry as Astro's content store keeps it (astro/dist/content/mutable-data-store.js `scopedStore().set`). */
export interface StoreEntry {
  id: string;
  data: Record<string, unknown>;
}
export type StoreCollections = Map<string, Map<string, StoreEntry>>;

export interface LateContentStore {
  /** Each collection's validated entries, left by its loader during Astro's content sync. */
  readonly collections: Map<string, () => Promise<StoreEntry[]>>;
  /** The whole store as Astro's runtime takes it, made once, on the first call. */
  make(): Promise<StoreCollections>;
  /**
   * Once the pages are written: resolves when they were rendered from the whole store, rejects with
   * what stopped it otherwise. Astro's runtime takes a store module that failed, or was never asked,
   * for an empty store and renders no entries, so only the build script can tell.
   */
  taken(): Promise<void>;
}

/**
 * The store as Astro writes it to its file and reads it back: collections by name, entries by id,
 * each in `localeCompare` order (`MutableDataStore.toString`), so pages list entries as they would.
 */
export function sortedStore(collections: Iterable<[string, StoreEntry[]]>): StoreCollections {
  const byName = (a: [string, unknown], b: [string, unknown]) => a[0].localeCompare(b[0]);
  return new Map(
    [...collections].sort(byName).map(([name, entries]) => [name, new Map(entries.map((e): [string, StoreEntry] => [e.id, e]).sort(byName))]),
  );
}

/** The build script's word that this process hands the content store to Astro late. */
export function storeContentLate(): LateContentStore {
  const collections = new Map<string, () => Promise<StoreEntry[]>>();
  let made: Promise<StoreCollections> | undefined;
  const late: LateContentStore = {
    collections,
    make: () =>
      (made ??= Promise.all([...collections].map(async ([name, entries]): Promise<[string, StoreEntry[]]> => [name, await entries()])).then(sortedStore)),
    taken: async () => {
      if (!made) throw new Error("Astro wrote the pages without asking for the content store (has Astro's data-layer module changed? see data-store-module.ts)");
      await made;
    },
  };
  lates[LATE] = late;
  return late;
}

/** The late store of this process, when the build script asked for one. */
export function lateContentStore(): LateContentStore | undefined {
  return lates[LATE];
}
