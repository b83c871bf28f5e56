#!/usr/bin/env node
// The `mnrent-mcp` command. MCP clients start it with the machine's own Node, which may be 20; the
// server is TypeScript run by the project's pinned Node (node_modules/node), so this plain
// JavaScript launcher starts that one, hands it the arguments and the standard streams, and exits with it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const entry = join(root, 'src', 'cli', 'mcp.ts');
const pinned = join(root, 'node_modules', 'node', 'bin', 'node');
const [major, minor] = process.versions.node.split('.').map(Number);
// Node runs .ts files itself from 22.18 on (type stripping without a flag).
const ownNodeWorks = major > 22 || (major === 22 && minor >= 18);
const node = existsSync(pinned) ? pinned : ownNodeWorks ? process.execPath : undefined;
if (!node) {
  process.stderr.write(`mnrent-mcp: needs Node >= 22.18, or the project's own Node: run npm ci in ${root}\n`);
  process.exit(1);
}
const child = spawn(node, [entry, ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
