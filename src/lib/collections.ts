// Typed, sorted access to the content collections for endpoints and pages.
import { getCollection, getEntry } from 'astro:content';
import type { ChangesRecord, CountyRecord, Meta, MetaRecord, SectionEightRecord, ZipRecord } from './contract.ts';
import { compareCodePoints } from './order.ts';

// Astro's getCollection and getEntry deep-copy every entry and walk it for image references (this
// dataset has none) on each call; every page asks for the site record, so a build asks Astro once
// per collection and the pages share the answer, read-only. The dev server asks each time, to see edits.
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

async function entryData<T>(load: () => Promise<{ data: T } | undefined> | undefined, what: string): Promise<T> {
  const entry = await load();
  if (!entry) throw new Error(`the ${what} collection is empty`);
  return entry.data;
}

export const zipRecords = (): Promise<readonly ZipRecord[]> =>
  once('zips', async () => (await getCollection('zips')).map((e) => e.data).sort((a, b) => compareCodePoints(a.zip, b.zip)));

export const countyRecords = (): Promise<readonly CountyRecord[]> =>
  once('counties', async () => (await getCollection('counties')).map((e) => e.data).sort((a, b) => compareCodePoints(a.county_slug, b.county_slug)));

export const sectionEightRecord = (): Promise<SectionEightRecord> => once('sectionEight', () => entryData(() => getEntry('sectionEight', 'section-8'), 'sectionEight'));

export const siteRecord = (): Promise<{ meta: Meta; record: MetaRecord }> => once('site', () => entryData(() => getEntry('site', 'site'), 'site'));

export const changesRecord = (): Promise<ChangesRecord> => once('changes', () => entryData(() => getEntry('changes', 'changes'), 'changes'));
