// What a page or an answer is about, made once where the work starts (the build's render process
// from its data and the page's path, an edge request from its path, the agent server from the
// folder it serves) and handed down as a value, never read from the environment or a module's
// global: the state, and the language its words are in.
import { type LanguageScope, languageByCode, SOURCE_LANGUAGE } from './languages.ts';
import { stateByCode, type StateScope } from './states.ts';

export interface Context {
  readonly state: StateScope;
  readonly language: LanguageScope;
}

/** The context of a state by its USPS code, in a language (English unless given); an unknown code is a programming error here (the entry points check theirs). */
export function contextOf(stateCode: string, languageCode: string = SOURCE_LANGUAGE.code): Context {
  const state = stateByCode(stateCode);
  if (!state) throw new Error(`${stateCode} is not a state code`);
  const language = languageByCode(languageCode);
  if (!language) throw new Error(`${languageCode} is not a language of the pages`);
  return { state, language };
}
