// What the mnrent-mcp package says about itself: package.json, the MCP registry's server.json and
// the README. Pure: `npm run pack` gathers the facts (the site, its meta.json, one real answer).
import type { MetaDoc } from '../../lib/contract/schemas.ts';
import { MCP_CLIENT_CONFIGS, MCP_PACKAGE, MCP_RUN_LINES, NPX_COMMAND, remoteClientConfigs } from '../../lib/mcp/client-config.ts';
import type { Context } from '../../lib/context.ts';
import type { AnyTool } from '../../lib/mcp/tools/index.ts';
import { LICENSE, serviceName } from '../../lib/contract/service.ts';

export const MCP_BIN = 'bin/mnrent-mcp.js';
export const THIRD_PARTY_FILE = 'THIRD_PARTY_LICENSES.txt';
/** The MCP registry's schema that server.json follows. */
export const SERVER_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';
const DESCRIPTION = 'Rents by ZIP code and county: HUD Fair Market Rent, market rent, census rent, voucher reach';

export interface McpPackageFacts {
  /** The state of the site the package was packed from. */
  context: Context;
  version: string;
  /** The site the package reads by default, without a trailing slash. */
  site: string;
  meta: MetaDoc;
  tools: readonly AnyTool[];
  /** A real answer of get_zip, shown in the README. */
  example: { zip: string; text: string };
}

/**
 * The registry name: the site's host reversed, as the registry's DNS and HTTP namespaces are
 * (rent.example.org → org.example.rent/mnrent), so whoever runs the site can publish it.
 */
export function registryName(site: string): string {
  return `${new URL(site).hostname.split('.').reverse().join('.')}/mnrent`;
}

export function mcpPackageJson(f: McpPackageFacts): Record<string, unknown> {
  return {
    name: MCP_PACKAGE,
    version: f.version,
    description: `MCP server for the ${serviceName(f.context.state)}: ${DESCRIPTION.charAt(0).toLowerCase()}${DESCRIPTION.slice(1)}`,
    keywords: ['mcp', 'model-context-protocol', 'rent', 'fair-market-rent', 'housing', 'section-8', 'minnesota'],
    homepage: f.meta.meta.docs,
    license: 'MIT',
    type: 'module',
    bin: { [MCP_PACKAGE]: MCP_BIN },
    files: [MCP_BIN, 'server.json', THIRD_PARTY_FILE],
    engines: { node: '>=18' },
    mcpName: registryName(f.site),
  };
}

export function serverJson(f: McpPackageFacts): Record<string, unknown> {
  return {
    $schema: SERVER_SCHEMA,
    name: registryName(f.site),
    title: serviceName(f.context.state),
    description: DESCRIPTION,
    version: f.version,
    websiteUrl: f.meta.meta.docs,
    packages: [
      {
        registryType: 'npm',
        registryBaseUrl: 'https://registry.npmjs.org',
        identifier: MCP_PACKAGE,
        version: f.version,
        runtimeHint: 'npx',
        transport: { type: 'stdio' },
        packageArguments: [
          { type: 'named', name: '--base-url', description: 'Another deployed copy of the site to read', format: 'string', isRequired: false, default: f.site },
        ],
      },
    ],
    // The same tools at a URL, where the deployment serves them (build --mcp-url).
    ...(f.meta.agent_server ? { remotes: [{ type: 'streamable-http', url: f.meta.agent_server.url }] } : {}),
  };
}

export function mcpReadme(f: McpPackageFacts): string {
  const { meta, vintages } = f.meta;
  const fence = (format: string, text: string) => ['```' + format, text, '```'];
  return [
    `# ${MCP_PACKAGE}`,
    '',
    `An MCP server for the ${serviceName(f.context.state)} (${f.site}/): HUD Fair Market Rent, the Zillow market rent index, Census median gross rent and`,
    'whether a housing voucher reaches the market rent, by ZIP code and county. It reads the site\'s static JSON API (no key, no',
    'signup); every tool is read-only and answers in plain words, with the data as structured content and the attribution.',
    '',
    '## Use it',
    '',
    `Node 18 or later. Nothing to configure: \`${NPX_COMMAND}\` reads ${f.site}/.`,
    '',
    ...MCP_CLIENT_CONFIGS.flatMap((c) => [`${c.client} (${c.file}):`, '', ...fence(c.format, c.text), '']),
    ...(f.meta.agent_server
      ? [
          `Or connect to ${f.meta.agent_server.url}, where the site serves the same tools (Streamable HTTP), with nothing to install:`,
          '',
          ...remoteClientConfigs(f.meta.agent_server.url).flatMap((c) => [`${c.client} (${c.file}):`, '', ...fence(c.format, c.text), '']),
        ]
      : []),
    'Other ways to run it:',
    '',
    ...fence('sh', MCP_RUN_LINES.map((l) => l.replace('https://SITE', f.site)).join('\n')),
    '',
    '## Tools',
    '',
    ...f.tools.map((t) => `- \`${t.name}\`: ${t.describe(f.context)}`),
    '',
    'Resources: `mnrent://openapi.json` (the API\'s contract) and `mnrent://llms-full.txt` (every field and source in plain text).',
    '',
    '## An answer',
    '',
    `\`get_zip\` with \`{"zip": "${f.example.zip}"}\` answers (text part; the structured part is the whole ZIP record):`,
    '',
    ...f.example.text.split('\n').map((l) => `> ${l}`),
    '',
    '## The data',
    '',
    `When this package was made (${meta.generated_at}), the site published ${f.meta.counts.zips.toLocaleString('en-US')} ZIP codes and ${f.meta.counts.counties} counties:`,
    `HUD Small Area FMR ${meta.sources.hud_safmr}, Zillow Observed Rent Index through ${meta.sources.zori}` +
      `, Census ACS 5-year ${vintages.census_acs.vintage}. The server always reads the site's current files, so its answers follow each monthly rebuild.`,
    'Neither FMR nor the market rent index is a rent quote for any address.',
    '',
    '## Attribution',
    '',
    `The data is ${LICENSE.name} (${LICENSE.url}). Cite it as every answer does:`,
    '',
    `> ${meta.attribution}`,
    '',
    `The server's code is MIT; ${THIRD_PARTY_FILE} lists the licences of the libraries bundled into it.`,
    '',
  ].join('\n');
}
