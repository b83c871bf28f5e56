// The Cloudflare Worker (wrangler.jsonc): the built site as its static assets, served with the HTTP
// contract, and the agent server at /mcp reading the same files.
import { answerEdge, type StaticFiles } from '../../lib/serve/edge.ts';

interface Env {
  ASSETS: StaticFiles;
}

export default {
  fetch: (request: Request, env: Env): Promise<Response> => answerEdge(request, env.ASSETS),
};
