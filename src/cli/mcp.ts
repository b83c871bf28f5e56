// `npm run --silent mcp`: the agent server over a built folder (default dist) or a deployed copy
// (--silent: npm's banner would go to stdout, which belongs to the protocol).
// The same command ships as the package mnrent-mcp (src/packages/mnrent-mcp, `npm run pack`).
import { runMcpCli } from '../lib/mcp/cli.ts';

void runMcpCli(process.argv.slice(2), {}, process.env);
