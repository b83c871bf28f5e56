// How to plug the agent server into an MCP client, shown in llms.txt, the docs page and the README.

/** The `mcpServers` entry most clients read (Claude Desktop, Cursor, Windsurf; VS Code calls it `servers`). */
export function mcpClientConfig(site: string): string {
  return JSON.stringify(
    { mcpServers: { mnrent: { command: 'npx', args: ['--prefix', '/path/to/mnrent', 'mnrent-mcp', '--base-url', site.replace(/\/+$/, '')] } } },
    null,
    2,
  );
}

export const MCP_RUN_LINES = [
  'npx mnrent-mcp --dir dist                 # stdio, over a built folder',
  'npx mnrent-mcp --base-url https://SITE    # stdio, over a deployed copy',
  'npx mnrent-mcp --http --port 8787         # Streamable HTTP (stateless) at http://127.0.0.1:8787/mcp',
];
