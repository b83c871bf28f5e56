// The dataset enters Astro here: each collection's loader takes its part of the one derived model
// (loaded once per build, see lib/dataset.ts) and every entry is validated by the contract's schemas.
// defineCollection from Astro's public entry for it, not from astro:content: that virtual module
// brings Astro's whole rendering runtime into the content sync, whose temporary Vite server then
// transforms 71 modules instead of 13 (about 0.2 s of the build's main thread).
import { defineCollection } from 'astro/content/config';
import type { LoaderContext } from 'astro/loaders';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ChangesRecord, CountyRecord, Meta, MetaRecord, SectionEightRecord, ZipRecord } from './lib/contract.ts';
import type { LoadedDataset, LoadedRecords } from './lib/dataset.ts';
import { datasetInProcess, lateContentStore, publishGateWord, recordsInProcess, type StoreEntry } from './lib/dataset-slot.ts';
import { rootOf } from './lib/publication/routes.ts';


/**
 * A collection's loader: its entries from `part` of the one derived model. The records come from the
 * dataset's thread before the rest of the dataset (bulk files, site record), and are validated
 * while the rest is made; the store gets them once the publish gate passed.
 */
function datasetLoader<P extends LoadedRecords>(name: string, part: (site: string) => Promise<P> | undefined, entries: (dataset: P) => { id: string; data: Record<string, unknown> }[]) {
  return {
    name: `mnrent-${name}`,
    load: async (context: LoaderContext) => {
      const { store, config } = context;
      // `astro check` syncs collections only to learn their types; the schemas say all it needs.
      if (process.env.MNRENT_SKIP_DATA === '1') return store.clear();
      if (!config.site) throw new Error('astro.config.mjs must set site: every url in the API is absolute');
      const site = rootOf(config.site, config.base);
      // The build script has the dataset loading already; a bare `astro build` loads it here.
      const loading = part(site) ?? Promise.all([import('./lib/dataset.ts'), import('./lib/load-options.ts')]).then(([{ sharedDataset }, { optionsFromEnv }]) => sharedDataset(optionsFromEnv(site, fileURLToPath(config.outDir))));
      const validEntries = async () => {
        const dataset = await loading;
        const valid: StoreEntry[] = [];
        // A bare build's whole dataset holds every part.
        for (const { id, data } of entries(dataset as P)) valid.push({ id, data: await context.parseData({ id, data }) });
        await publishGateWord();
        return valid;
      };
      // The build script's late store: Astro bundles the pages now, and the entries are made when
      // the prerenderer asks for them (handed over after the publish gate).
      const late = lateContentStore();
      if (late) {
        store.clear();
        late.collections.set(context.collection, validEntries);
        return;
      }
      const valid = await validEntries();
      store.clear();
      for (const entry of valid) store.set(entry);
    },
  };
}

export const collections = {
  zips: defineCollection({
    loader: datasetLoader('zips', recordsInProcess, (d) => d.zips.map((z) => ({ id: z.zip, data: z }))),
    schema: ZipRecord,
  }),
  counties: defineCollection({
    loader: datasetLoader('counties', recordsInProcess, (d) => d.counties.map((c) => ({ id: c.county_slug, data: c }))),
    schema: CountyRecord,
  }),
  sectionEight: defineCollection({
    loader: datasetLoader('section-8', recordsInProcess, (d) => [{ id: 'section-8', data: d.sectionEight }]),
    schema: SectionEightRecord,
  }),
  changes: defineCollection({
    loader: datasetLoader('changes', recordsInProcess, (d) => [{ id: 'changes', data: d.changes }]),
    schema: ChangesRecord,
  }),
  site: defineCollection({
    loader: datasetLoader<LoadedDataset>('site', datasetInProcess, (d) => [{ id: 'site', data: { meta: d.meta, record: d.metaRecord } }]),
    schema: z.object({ meta: Meta, record: MetaRecord }),
  }),
};
