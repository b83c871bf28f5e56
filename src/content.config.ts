// The dataset enters Astro here: each collection's loader takes its part of the one derived model
// (loaded once per build, see lib/dataset/load.ts) and validates every record by the contract's schemas.
//
// The entries Astro stores are the records' ids only; the pages read the validated records from
// this process (lib/site/collections.ts). Astro's store serialises every entry into the page bundle and
// deep-copies it on each read: with whole records in it, Texas's build took 1.6 GB at its peak
// instead of 0.75 GB, and Minnesota's 5 s more (docs/performance.md).
import { defineCollection } from 'astro:content';
import type { LoaderContext } from 'astro/loaders';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ChangesRecord, CountyRecord, SectionEightRecord, ZipRecord } from './lib/contract/schemas.ts';
import { SiteEntry } from './lib/site/site-entry.ts';
import type { LoadedDataset, LoadedRecords } from './lib/dataset/load.ts';
import { datasetInProcess, keepDataset, keepValidatedRecords, publishGateWord, recordsInProcess } from './lib/dataset/in-process.ts';
import { pathPrefixOf, rootOf } from './lib/contract/routes.ts';

/** The dataset loaded in this process, from the environment (SOURCES_DIR, SOURCE_DATE_EPOCH, MNRENT_STATE). */
async function loadHere(site: string, outDir: string): Promise<LoadedDataset> {
  const [{ loadDataset }, { optionsFromEnv, stateFromEnv }] = await Promise.all([import('./lib/dataset/load.ts'), import('./lib/dataset/options.ts')]);
  return loadDataset({ ...optionsFromEnv(site, outDir), state: stateFromEnv(process.env) });
}

/** What Astro stores of a record: its id alone. */
const entryId = z.object({}).strict();

/**
 * A collection's loader: its records from `part` of the one derived model, each validated by
 * `schema`. The records come from the dataset's thread before the rest of the dataset (bulk files,
 * site record), and are validated while the rest is made; they are stored once the publish gate passed.
 */
function datasetLoader<P extends LoadedRecords>(part: (site: string) => Promise<P> | undefined, schema: z.ZodType, records: (dataset: P, site: string) => { id: string; data: unknown }[]) {
  return {
    name: 'mnrent-dataset',
    load: async ({ store, config, collection }: LoaderContext) => {
      // `astro check` syncs collections only to learn their types.
      if (process.env.MNRENT_SKIP_DATA === '1') return store.clear();
      if (!config.site) throw new Error('astro.config.mjs must set site: every url in the API is absolute');
      const site = rootOf(config.site, config.base);
      // The build's render process has the dataset loading already; a bare `astro build` (or the dev
      // server) loads it here, once for every collection (the first loader keeps it in this process).
      const loading = part(site) ?? keepDataset(site, loadHere(site, fileURLToPath(config.outDir)));
      const dataset = (await loading) as P;
      const valid = new Map<string, unknown>();
      for (const { id, data } of records(dataset, site)) {
        const checked = schema.safeParse(data);
        if (!checked.success) throw new Error(`the ${collection} record ${id} does not fit the contract: ${z.prettifyError(checked.error)}`);
        valid.set(id, checked.data);
      }
      await publishGateWord();
      keepValidatedRecords(collection, valid);
      store.clear();
      for (const id of valid.keys()) store.set({ id, data: {} });
    },
  };
}

export const collections = {
  zips: defineCollection({
    loader: datasetLoader(recordsInProcess, ZipRecord, (d) => d.zips.map((z) => ({ id: z.zip, data: z }))),
    schema: entryId,
  }),
  counties: defineCollection({
    loader: datasetLoader(recordsInProcess, CountyRecord, (d) => d.counties.map((c) => ({ id: c.county_slug, data: c }))),
    schema: entryId,
  }),
  sectionEight: defineCollection({
    loader: datasetLoader(recordsInProcess, SectionEightRecord, (d) => [{ id: 'section-8', data: d.sectionEight }]),
    schema: entryId,
  }),
  changes: defineCollection({
    loader: datasetLoader(recordsInProcess, ChangesRecord, (d) => [{ id: 'changes', data: d.changes }]),
    schema: entryId,
  }),
  site: defineCollection({
    // With the build's own options for the pages: the path prefix their links carry and the languages built.
    loader: datasetLoader<LoadedDataset>(datasetInProcess, SiteEntry, (d, site) => [{ id: 'site', data: { meta: d.meta, record: d.metaRecord, pages: { root: site, prefix: pathPrefixOf(site), languages: d.languages } } }]),
    schema: entryId,
  }),
};
