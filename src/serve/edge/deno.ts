// The same site and agent server on Deno (Deno Deploy, or `deno serve` on any machine) over a built
// folder: `npm run serve:deno -- --dir dist --port 8000` (Deno from the lockfile), or on Deno Deploy
// with the built folder beside this file (MNRENT_SITE_DIR names it; default dist). The handler is
// the Worker's (src/lib/serve/edge.ts); only where the files come from differs.
import { answerEdge } from '../../lib/serve/edge.ts';
import { folderFiles } from '../../lib/serve/folder-files.ts';

const files = folderFiles(process.env.MNRENT_SITE_DIR ?? 'dist');

export default {
  fetch: (request: Request): Promise<Response> => answerEdge(request, files),
};
