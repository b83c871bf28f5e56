// What a page or an answer is about, made once where the work starts (the build's render process
// from its data, an edge request from its path, the agent server from the folder it serves) and
// handed down as a value, never read from the environment or a module's global: the state now.
import { stateByCode, type StateScope } from './states.ts';

export interface Context {
  readonly state: StateScope;
}

/** The context of a state by its USPS code; an unknown code is a programming error here (the entry points check theirs). */
export function contextOf(stateCode: string): Context {
  const state = stateByCode(stateCode);
  if (!state) throw new Error(`${stateCode} is not a state code`);
  return { state };
}
