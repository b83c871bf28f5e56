// Typed, sorted access to the content collections for endpoints and pages.
import { type CollectionEntry, type CollectionKey, getCollection, getEntry } from 'astro:content';
import type { ChangesRecord, CountyRecord, Meta, MetaRecord, SectionEightRecord, ZipRecord } from './contract.ts';
import { lateContentStore } from './dataset-slot.ts';
import { compareCodePoints } from './order.ts';

// Astro's getCollection and getEntry deep-copy every entry and walk it for image references (this
// dataset has none) on each call; every page asks for the site record, so a build asks once per
// collection and the pages share the answer, read-only. The dev server asks each time, to see edits.
const asked = new Map<string, Promise<unknown>>();
function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (import.meta.env.DEV) return load();
  let answer = asked.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = load();
    asked.set(key, answer);
  }
  return answer;
}

// When the build script hands Astro the content store late (dataset-slot.ts), the pages read its
// validated entries where Astro's runtime reads them, without Astro's copy and walk: for Texas that
// copy was a second dataset in the heap and its walk 480 MB of short-lived objects (0.2 s, and the
// scavenges after it). A bare `astro build` and the dev server ask Astro.
type Data<C extends CollectionKey> = CollectionEntry<C>['data'];

/** The late store's collections in a build that keeps one (made once, before any page renders); undefined otherwise. */
const lateCollections = () => (import.meta.env.DEV ? undefined : lateContentStore()?.make());

async function collectionData<C extends CollectionKey>(name: C): Promise<Data<C>[]> {
  const late = await lateCollections();
  if (late) return [...(late.get(name)?.values() ?? [])].map((entry) => entry.data as Data<C>);
  return (await getCollection(name)).map((entry) => entry.data);
}

async function entryData<C extends CollectionKey>(name: C, id: string): Promise<Data<C>> {
  const late = await lateCollections();
  const data = late ? (late.get(name)?.get(id)?.data as Data<C> | undefined) : (await getEntry(name, id))?.data;
  if (data === undefined) throw new Error(`the ${name} collection is empty`);
  return data;
}

export const zipRecords = (): Promise<readonly ZipRecord[]> =>
  once('zips', async () => (await collectionData('zips')).sort((a, b) => compareCodePoints(a.zip, b.zip)));

export const countyRecords = (): Promise<readonly CountyRecord[]> =>
  once('counties', async () => (await collectionData('counties')).sort((a, b) => compareCodePoints(a.county_slug, b.county_slug)));

export const sectionEightRecord = (): Promise<SectionEightRecord> => once('sectionEight', () => entryData('sectionEight', 'section-8'));

export const siteRecord = (): Promise<{ meta: Meta; record: MetaRecord }> => once('site', () => entryData('site', 'site'));

export const changesRecord = (): Promise<ChangesRecord> => once('changes', () => entryData('changes', 'changes'));
