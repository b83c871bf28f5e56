// The words a page's script speaks (the form's answer, the search's options), in the page's
// language: the language's scripts.json only, precompiled at build (build/precompiled-messages.ts),
// each its own chunk, fetched by the page that needs it.
import { type CompiledCatalogue, type Words, wordsOf } from '../contract/words.ts';
import { languageByCode, SOURCE_LANGUAGE } from '../languages.ts';

// The query is PRECOMPILED's: import.meta.glob takes literals only.
const CATALOGUES = import.meta.glob<CompiledCatalogue>('../../messages/*/scripts.json', { query: '?precompiled', import: 'default' });

let words: Promise<Words> | undefined;

/** The words of the language the page says it is in (`<html lang>`); the build checked every catalogue. */
export function scriptWords(): Promise<Words> {
  words ??= (async () => {
    const language = languageByCode(document.documentElement.lang) ?? SOURCE_LANGUAGE;
    const load = CATALOGUES[`../../messages/${language.code}/scripts.json`];
    if (!load) throw new Error(`no scripts.json for ${language.code}`);
    return wordsOf(language, await load());
  })();
  return words;
}
