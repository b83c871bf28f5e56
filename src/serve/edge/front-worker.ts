// The front Worker of a national deployment (docs/deployment.md): the root's files (the states'
// index, states.json, the national tables) as its assets, and a service binding to each state's
// Worker. Its configuration is written by `npm run deploy:units`.
import type { StaticFiles } from '../../lib/serve/edge.ts';
import { answerFront, stateBindingName } from '../../lib/serve/front.ts';

type Env = { ASSETS: StaticFiles } & Partial<Record<string, StaticFiles>>;

export default {
  fetch: (request: Request, env: Env): Promise<Response> => answerFront(request, env.ASSETS, (code) => env[stateBindingName(code)]),
};
