// Typed, sorted access to the content collections for endpoints and pages: the entries Astro has,
// with the records their loaders validated (content.config.ts). A build asks once per collection and
// the pages share the answer, read-only; the dev server asks each time, to see edits.
import { type CollectionKey, getCollection, getEntry } from 'astro:content';
import type { ChangesRecord, CountyRecord, SectionEightRecord, ZipRecord } from '../contract/schemas.ts';
import { validatedRecords } from '../dataset/in-process.ts';
import { type Context, contextOf } from '../context.ts';
import { compareCodePoints } from '../order.ts';
import { linksUnder, type PagePaths, pagePathsIn } from '../contract/routes.ts';
import type { Words } from '../contract/words.ts';
import { LANGUAGES, type LanguageScope, languagePrefix, SOURCE_LANGUAGE } from '../languages.ts';
import type { SiteEntry } from './site-entry.ts';
import { pageWords } from './words.ts';

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

/** The validated record of each entry of a collection. */
function recordsOf<T>(name: CollectionKey, ids: readonly string[]): T[] {
  const records = validatedRecords(name);
  return ids.map((id) => {
    const record = records?.get(id);
    if (record === undefined) throw new Error(`the ${name} collection has no record ${id}: was it loaded in this process?`);
    return record as T;
  });
}

async function collectionData<T>(name: CollectionKey): Promise<T[]> {
  return recordsOf<T>(name, (await getCollection(name)).map((entry) => entry.id));
}

async function entryData<T>(name: CollectionKey, id: string): Promise<T> {
  const entry = await getEntry(name, id);
  if (entry === undefined) throw new Error(`the ${name} collection is empty`);
  return recordsOf<T>(name, [entry.id])[0] as T;
}

export const zipRecords = (): Promise<readonly ZipRecord[]> =>
  once('zips', async () => (await collectionData<ZipRecord>('zips')).sort((a, b) => compareCodePoints(a.zip, b.zip)));

export const countyRecords = (): Promise<readonly CountyRecord[]> =>
  once('counties', async () => (await collectionData<CountyRecord>('counties')).sort((a, b) => compareCodePoints(a.county_slug, b.county_slug)));

export const sectionEightRecord = (): Promise<SectionEightRecord> => once('sectionEight', () => entryData<SectionEightRecord>('sectionEight', 'section-8'));

export const siteRecord = (): Promise<SiteEntry> => once('site', () => entryData<SiteEntry>('site', 'site'));

export const changesRecord = (): Promise<ChangesRecord> => once('changes', () => entryData<ChangesRecord>('changes', 'changes'));

/** What the pages are about (the state), from the site record the build loaded: never from the environment. */
export const siteContext = (): Promise<Context> => once('context', async () => contextOf((await siteRecord()).record.state.code));

/** The languages this build's pages are in (`--languages`), in the table's order, English first. */
export const builtLanguages = async (): Promise<readonly LanguageScope[]> => {
  const { languages } = (await siteRecord()).pages;
  return LANGUAGES.filter((language) => languages.includes(language.code));
};

/** The translations this build has: its languages but English. */
export const builtTranslations = async (): Promise<readonly LanguageScope[]> => (await builtLanguages()).filter((language) => language !== SOURCE_LANGUAGE);

/** Each built language's `lang` parameter for getStaticPaths: undefined for English (the pages at the root), the code for a translation. */
export const languageParams = async (): Promise<{ lang: string | undefined }[]> => (await builtLanguages()).map((language) => ({ lang: language === SOURCE_LANGUAGE ? undefined : language.code }));

/** What a page in the language of its `lang` parameter is about, in words and links: its context, its words, its pages' paths, and links under the build's path prefix. */
export interface Page {
  context: Context;
  words: Words;
  paths: PagePaths;
  /** The path prefix of the build ('' or '/wi'). */
  prefix: string;
  /** A link to a path within the site (`/openapi.json`), prefix included. */
  href: (path: string) => string;
  /** The languages built, for the alternates and the switcher. */
  languages: readonly LanguageScope[];
}

export const pageOf = async (lang: string | undefined): Promise<Page> => {
  const { record, pages } = await siteRecord();
  const context = contextOf(record.state.code, lang ?? SOURCE_LANGUAGE.code);
  return { context, words: pageWords(context.language), paths: pagePathsIn(pages.prefix, languagePrefix(context.language)), prefix: pages.prefix, href: linksUnder(pages.prefix), languages: await builtLanguages() };
};
