// The pages' scripts get their words precompiled: a catalogue imported with `?precompiled` is each
// message's ICU syntax tree (FormatJS's own parser, as intl-messageformat would make it on the page),
// and in the browser's bundle FormatJS's parser is replaced by its `no-parser` entry, so no page
// downloads or runs a message parser (FormatJS, "Performance: remove the parser";
// https://formatjs.github.io/docs/guides/performance). Pages rendered at build time keep the parser.
import { readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';
import { ExpectedError } from '../errors.ts';
import { languageByCode } from '../languages.ts';

/** The query that asks for a catalogue's syntax trees: `import.meta.glob('…/scripts.json', { query: PRECOMPILED })`. */
export const PRECOMPILED = '?precompiled';
const PARSER = '@formatjs/icu-messageformat-parser';

/** A catalogue file's messages as syntax trees, in the JSON Vite's own plugin then turns into a module. */
export async function precompiledCatalogue(file: string): Promise<string> {
  const code = basename(dirname(file));
  const language = languageByCode(code);
  if (!language) throw new ExpectedError(`${file}: no language "${code}" (the folder names a language's code)`);
  const catalogue = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
  const locale = new Intl.Locale(language.intlLocale);
  return JSON.stringify(Object.fromEntries(Object.entries(catalogue).map(([key, text]) => [key, parse(text, { ignoreTag: true, locale })])));
}

export function precompiledMessages(): Plugin {
  return {
    name: 'mnrent:precompiled-messages',
    enforce: 'pre',
    load(id) {
      return id.endsWith(`.json${PRECOMPILED}`) ? precompiledCatalogue(id.slice(0, -PRECOMPILED.length)) : null;
    },
    resolveId(source, importer) {
      // Only the browser's bundle: its messages all arrive precompiled.
      if (source !== PARSER || this.environment.config.consumer !== 'client') return null;
      return this.resolve(`${PARSER}/no-parser.js`, importer, { skipSelf: true });
    },
  };
}
