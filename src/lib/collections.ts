// Typed, sorted access to the content collections for endpoints and pages.
import { getCollection, getEntry } from 'astro:content';
import type { ChangesRecord, CountyRecord, Meta, MetaRecord, SectionEightRecord, ZipRecord } from './contract.ts';
import { compareCodePoints } from './order.ts';

export async function zipRecords(): Promise<ZipRecord[]> {
  return (await getCollection('zips')).map((e) => e.data).sort((a, b) => compareCodePoints(a.zip, b.zip));
}

export async function countyRecords(): Promise<CountyRecord[]> {
  return (await getCollection('counties')).map((e) => e.data).sort((a, b) => compareCodePoints(a.county_slug, b.county_slug));
}

export async function sectionEightRecord(): Promise<SectionEightRecord> {
  const entry = await getEntry('sectionEight', 'section-8');
  if (!entry) throw new Error('the sectionEight collection is empty');
  return entry.data;
}

export async function siteRecord(): Promise<{ meta: Meta; record: MetaRecord }> {
  const entry = await getEntry('site', 'site');
  if (!entry) throw new Error('the site collection is empty');
  return entry.data;
}

export async function changesRecord(): Promise<ChangesRecord> {
  const entry = await getEntry('changes', 'changes');
  if (!entry) throw new Error('the changes collection is empty');
  return entry.data;
}
