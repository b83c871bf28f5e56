// `npm run mcp`: the agent server over a built folder (default dist) or a deployed copy.
// The same command ships as the package mnrent-mcp (src/packages/mnrent-mcp, `npm run pack`).
import { runMcpCli } from '../lib/mcp/cli.ts';

void runMcpCli(process.argv.slice(2));
