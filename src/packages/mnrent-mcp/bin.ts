// The entry of the published mnrent-mcp package. `npm run pack` bundles it for Node 18 and later,
// with the site of the build it was packed from as the zero-configuration source.
import { webcrypto } from 'node:crypto';
import { runMcpCli } from '../../lib/mcp/cli.ts';

declare const MNRENT_PACKED_SITE: string;

// Node 18 has Web Crypto only as node:crypto's webcrypto; the SDK's HTTP transport uses the global.
if (!('crypto' in globalThis)) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });

void runMcpCli(process.argv.slice(2), { site: MNRENT_PACKED_SITE });
