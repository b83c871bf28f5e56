// A county's name as a page in its language writes it: "Hennepin County", "Condado de Hennepin";
// and after "of" (`countyOf`), where a language joins an article to it: "del Condado de Hennepin".
import { countyWordOf } from '../county-words.ts';
import type { Page } from './collections.ts';

const countyValues = (page: Page, name: string) => ({ name, word: countyWordOf(name, page.context.state.countyWord) ?? 'none' });

export const countyNameIn = (page: Page, name: string): string => page.words.say('place.county', countyValues(page, name));

export const countyOfIn = (page: Page, name: string): string => page.words.say('place.countyOf', countyValues(page, name));
