// One state's Worker in a national deployment (docs/deployment.md): its own build as its assets,
// reached through the front Worker's service binding at /xx/…, with the HTTP contract and the state's
// agent server at /xx/mcp. Its configuration is written by `npm run deploy:units`.
import { answerEdge, type StaticFiles } from '../../lib/serve/edge.ts';
import { filesUnder } from '../../lib/serve/front.ts';

interface Env {
  ASSETS: StaticFiles;
  /** The state's path on the host: `/mn`. */
  STATE_PATH: string;
}

export default {
  fetch: (request: Request, env: Env): Promise<Response> => answerEdge(request, filesUnder(env.ASSETS, env.STATE_PATH)),
};
