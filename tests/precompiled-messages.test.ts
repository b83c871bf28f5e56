// The words of the pages' scripts are precompiled at build (src/lib/build/precompiled-messages.ts), so no
// page loads FormatJS's parser: each message's tree is the one intl-messageformat makes of its text, and
// the words say the same with either.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { precompiledCatalogue } from '../src/lib/build/precompiled-messages.ts';
import { type Catalogue, type CompiledCatalogue, wordsOf } from '../src/lib/contract/words.ts';
import { LANGUAGES } from '../src/lib/languages.ts';
import { PROJECT_ROOT } from './helpers/paths.ts';

describe.each(LANGUAGES.map((language) => [language.code, language] as const))('%s: scripts.json precompiled', (code, language) => {
  const file = join(PROJECT_ROOT, 'src/messages', code, 'scripts.json');

  it("is each message's syntax tree as intl-messageformat parses its text, and the words say the same from either", async () => {
    const text = JSON.parse(await readFile(file, 'utf8')) as Catalogue;
    const compiled = JSON.parse(await precompiledCatalogue(file)) as CompiledCatalogue;
    expect(Object.keys(compiled)).toEqual(Object.keys(text));
    for (const [key, message] of Object.entries(text)) {
      expect(compiled[key], key).toEqual(JSON.parse(JSON.stringify(new IntlMessageFormat(message, language.intlLocale, undefined, { ignoreTag: true }).getAst())));
    }
    const fromText = wordsOf(language, text);
    const fromTrees = wordsOf(language, compiled);
    for (const [key, values] of [
      ['search.status', { count: 3 }],
      ['search.cityOption', { city: 'Saint Paul', count: 31 }],
      ['format.month', { month: '10', year: '2023' }],
      ['error.recordUnavailable', {}],
    ] as const) {
      expect(fromTrees.say(key, values), key).toBe(fromText.say(key, values));
    }
    expect(fromTrees.money(1774)).toBe(fromText.money(1774));
  });
});

it('a folder that names no language is one line naming the file', async () => {
  await expect(precompiledCatalogue(join(PROJECT_ROOT, 'src/messages/xx/scripts.json'))).rejects.toThrow(/src\/messages\/xx\/scripts\.json: no language "xx"/);
});
