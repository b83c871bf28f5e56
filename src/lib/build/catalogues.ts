// Every catalogue a build's languages need, checked before anything renders: a missing, extra or
// mis-argued message stops the build in one line naming the file, the key and the language, where a
// failure inside Astro's render would come wrapped in its stack trace.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ENGLISH_PARTS } from '../contract/english.ts';
import { CATALOGUE_PARTS, type Catalogue, catalogueFailure, catalogueFile, type CataloguePart } from '../contract/words.ts';
import { ExpectedError, parseJsonSource } from '../errors.ts';
import { type LanguageScope, SOURCE_LANGUAGE } from '../languages.ts';

/** Throws the first problem of the first incomplete catalogue of `languages`, read from the project at `projectRoot`. */
export async function checkCatalogues(projectRoot: string, languages: readonly LanguageScope[]): Promise<void> {
  for (const language of languages) {
    if (language === SOURCE_LANGUAGE) continue;
    const found: Partial<Record<CataloguePart, Catalogue>> = {};
    for (const part of CATALOGUE_PARTS) {
      const file = catalogueFile(language, part);
      const text = await readFile(join(projectRoot, file), 'utf8').catch(() => undefined);
      if (text !== undefined) found[part] = parseJsonSource(text, file) as Catalogue;
    }
    const failure = catalogueFailure(language, ENGLISH_PARTS, found);
    if (failure !== undefined) throw new ExpectedError(failure);
  }
}
