// The Cloudflare Worker (wrangler.jsonc): the built site as its static assets, served with the HTTP
// contract, and the agent server at /mcp reading the same files.
import { answerEdge, assetReader, type StaticFiles } from '../../lib/serve/edge.ts';

interface Env {
  ASSETS: StaticFiles;
}

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    // A reader per request: a Worker may not settle one request's promise (a cached read) in another.
    return answerEdge(request, env.ASSETS, (root) => Promise.resolve(assetReader(env.ASSETS, root)));
  },
};
