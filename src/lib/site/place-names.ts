// A county's name as a page in its language writes it: "Hennepin County", "Condado de Hennepin".
import { countyWordOf } from '../derive/search.ts';
import type { Page } from './collections.ts';

export const countyNameIn = (page: Page, name: string): string => page.words.say('place.county', { name, word: countyWordOf(name, page.context.state.countyWord) ?? 'none' });
