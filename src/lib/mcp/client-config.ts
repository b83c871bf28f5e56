// How to plug the agent server into an MCP client: the package's name and the snippets shown in
// llms.txt, the docs page, the README and the package's own README. The package is packed with the
// site it was built for as its default (`npm run pack`), so the snippets need no URL.

export const MCP_PACKAGE = 'mnrent-mcp';
export const CLIENT_PACKAGE = 'mnrent-client';

/** The one-line command every client configuration runs. */
export const NPX_ARGS = ['-y', MCP_PACKAGE] as const;
export const NPX_COMMAND = `npx ${NPX_ARGS.join(' ')}`;

/** The server from a clone of the repository, over its built folder: what works before the package is on npm. */
export const CLONE_COMMAND = 'npm run --silent mcp -- --dir dist';

/** Said wherever the npx form is printed for a deployment's readers: it needs the package on npm. */
export const NPX_ONCE_PUBLISHED = `\`${NPX_COMMAND}\` and the configurations below that run npx work once ${MCP_PACKAGE} is published on npm; until then, run it from a clone of the repository with \`${CLONE_COMMAND}\` (\`--silent\` keeps npm's banner off stdout, which belongs to the protocol), or from the tarball of \`npm run pack\`.`;

export interface ClientConfig {
  client: string;
  /** Where the snippet goes. */
  file: string;
  /** `json` for a configuration file, `sh` for a command. */
  format: 'json' | 'sh';
  text: string;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

export const MCP_CLIENT_CONFIGS: readonly ClientConfig[] = [
  { client: 'Claude Desktop', file: 'claude_desktop_config.json', format: 'json', text: json({ mcpServers: { mnrent: { command: 'npx', args: NPX_ARGS } } }) },
  { client: 'VS Code', file: '.vscode/mcp.json', format: 'json', text: json({ servers: { mnrent: { type: 'stdio', command: 'npx', args: NPX_ARGS } } }) },
  { client: 'Cursor', file: '.cursor/mcp.json (or ~/.cursor/mcp.json)', format: 'json', text: json({ mcpServers: { mnrent: { command: 'npx', args: NPX_ARGS } } }) },
  { client: 'MCP Inspector', file: 'a terminal', format: 'sh', text: `npx @modelcontextprotocol/inspector ${NPX_COMMAND}` },
];

/** The ways to run it; `https://SITE` stands for the site the text is published on. */
export const MCP_RUN_LINES = [
  `${NPX_COMMAND}                             # stdio, over https://SITE`,
  `${NPX_COMMAND} --base-url https://OTHER    # stdio, over another deployed copy`,
  `${NPX_COMMAND} --dir dist                  # stdio, over a built folder`,
  `${NPX_COMMAND} --http --port 8787          # Streamable HTTP (stateless) at http://127.0.0.1:8787/mcp`,
];

/** The snippets for clients that take a URL, where a deployment serves the agent server (`--mcp-url`). */
export function remoteClientConfigs(url: string): readonly ClientConfig[] {
  return [
    { client: 'Claude Code', file: 'a terminal', format: 'sh', text: `claude mcp add --transport http mnrent ${url}` },
    { client: 'VS Code', file: '.vscode/mcp.json', format: 'json', text: json({ servers: { mnrent: { type: 'http', url } } }) },
    { client: 'Cursor', file: '.cursor/mcp.json', format: 'json', text: json({ mcpServers: { mnrent: { url } } }) },
    { client: 'MCP Inspector', file: 'a terminal', format: 'sh', text: `npx @modelcontextprotocol/inspector --cli ${url} --transport http --method tools/list` },
  ];
}
