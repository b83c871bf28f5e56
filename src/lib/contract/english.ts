// The service's words in English, for what is read by programs and developers (the JSON API's
// notices, the agent server, llms.txt, the typed client's answer) and as the source every
// translation is checked against. The same catalogue as the English pages, src/messages/en/.
import pages from '../../messages/en/pages.json' with { type: 'json' };
import scripts from '../../messages/en/scripts.json' with { type: 'json' };
import { SOURCE_LANGUAGE } from '../languages.ts';
import { type Catalogue, wordsOf } from './words.ts';

/** The English pages' messages and the scripts', as the translations are split. */
export const ENGLISH_PARTS: Readonly<Record<'pages' | 'scripts', Catalogue>> = { pages, scripts };

/** Every English message: the pages' and the scripts'. */
export const ENGLISH_CATALOGUE: Catalogue = { ...pages, ...scripts };

export const ENGLISH = wordsOf(SOURCE_LANGUAGE, ENGLISH_CATALOGUE);

/** The English formats, for the outputs that stay English. */
export const { money, moneyWithCents, signedMoney, signedPercent, percent, grouped, missing: MISSING } = ENGLISH;
