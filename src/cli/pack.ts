// `npm run pack`: the two npm packages, built from this repository for the site of a build.
//   mnrent-mcp     the agent server, bundled with esbuild into one file for Node 18+ (the MCP SDK,
//                  zod and our tools inside; no dependency to install, so `npx -y mnrent-mcp` is quick)
//   mnrent-client  the typed client: generated types plus openapi-fetch
// Reads the built site (--from, default dist) for its URL, vintage and one real answer; writes
// only the two tarballs into --out (default dist-packages). Each package is staged in a fresh
// temporary folder that is removed afterwards.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { build, type Metafile } from 'esbuild';
import ts from 'typescript';
import { ExpectedError } from '../lib/errors.ts';
import { ApiReader } from '../lib/mcp/api-reader.ts';
import { folderSource } from '../lib/mcp/folder-source.ts';
import { CLIENT_PACKAGE, MCP_PACKAGE } from '../lib/mcp/client-config.ts';
import { TOOLS } from '../lib/mcp/tools/index.ts';
import { PACKAGE_VERSION } from '../lib/contract/service.ts';
import { contextOf } from '../lib/context.ts';
import type { StateScope } from '../lib/states.ts';
import { clientPackageJson, clientReadme } from '../packages/mnrent-client/manifest.ts';
import { MCP_BIN, mcpPackageJson, mcpReadme, serverJson, THIRD_PARTY_FILE, type McpPackageFacts } from '../packages/mnrent-mcp/manifest.ts';
import { runCommand } from './command.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const USAGE = 'usage: npm run pack -- [--from DIR] [--out DIR]\n  --from DIR  the built site the packages are for (default dist)\n  --out DIR   where the tarballs go (default dist-packages)';
const run = promisify(execFile);
const log = (line: string) => process.stderr.write(`pack: ${line}\n`);
const writeJson = (path: string, value: unknown) => writeFile(path, `${JSON.stringify(value, null, 2)}\n`);

/** The licences of the packages esbuild bundled, from their own LICENSE files. */
async function bundledLicences(metafile: Metafile, bundle: string): Promise<string> {
  const packages = new Set<string>();
  for (const input of Object.keys(metafile.inputs)) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match?.[1]) packages.add(match[1]);
  }
  const sections: string[] = [];
  for (const dir of [...packages].sort()) {
    const manifest = JSON.parse(await readFile(join(ROOT, dir, 'package.json'), 'utf8')) as { name: string; version: string; license?: string };
    const files = (await readdir(join(ROOT, dir))).filter((f) => /^licen[cs]e/i.test(f));
    const text = files[0] ? await readFile(join(ROOT, dir, files[0]), 'utf8') : `License: ${manifest.license ?? 'see the package'}`;
    sections.push(`${manifest.name}@${manifest.version} (${manifest.license ?? 'no licence field'})\n\n${text.trim()}\n`);
  }
  return `The ${bundle} bundle contains these packages:\n\n${sections.join('\n---\n\n')}`;
}

/** `npm pack` of a staged folder into `out`; the tarball's file name. */
async function npmPack(stage: string, out: string): Promise<{ filename: string; size: number; unpackedSize: number }> {
  const { stdout } = await run('npm', ['pack', stage, '--pack-destination', out, '--json', '--ignore-scripts'], { cwd: stage });
  const [result] = JSON.parse(stdout) as { filename: string; size: number; unpackedSize: number }[];
  if (!result) throw new Error(`npm pack ${stage} printed no result`);
  return result;
}

async function packMcp(stage: string, facts: McpPackageFacts, out: string) {
  const built = await build({
    entryPoints: [join(ROOT, 'src/packages/mnrent-mcp/bin.ts')],
    outfile: join(stage, MCP_BIN),
    bundle: true,
    platform: 'node',
    target: 'node18',
    format: 'esm',
    minify: true,
    keepNames: true,
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
    absWorkingDir: ROOT,
    define: { MNRENT_PACKED_SITE: JSON.stringify(facts.site) },
    // Some bundled CommonJS calls require() for Node's own modules; ESM has no require of its own.
    banner: { js: '#!/usr/bin/env node\nimport { createRequire as mnrentRequire } from "node:module"; const require = mnrentRequire(import.meta.url);' },
  });
  await writeFile(join(stage, THIRD_PARTY_FILE), await bundledLicences(built.metafile, MCP_PACKAGE));
  await writeJson(join(stage, 'package.json'), mcpPackageJson(facts));
  await writeJson(join(stage, 'server.json'), serverJson(facts));
  await writeFile(join(stage, 'README.md'), mcpReadme(facts));
  return npmPack(stage, out);
}

/**
 * The client's declarations: tsc over the client and the contract modules it bundles, under
 * dist/types as they lie under src; dist/index.d.ts re-exports the client's. Specifiers end in .js.
 */
async function clientDeclarations(dist: string): Promise<void> {
  const outDir = join(dist, 'types');
  const program = ts.createProgram([join(ROOT, 'src/packages/mnrent-client/index.ts')], {
    declaration: true,
    emitDeclarationOnly: true,
    allowImportingTsExtensions: true,
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
    skipLibCheck: true,
    rootDir: join(ROOT, 'src'),
    outDir,
  });
  const emitted: string[] = [];
  const result = program.emit(undefined, (file, text) => {
    emitted.push(file);
    mkdirSync(dirname(file), { recursive: true });
    // The message keys are typed from the repository's English catalogues, which the package does not carry
    // (it bundles the English answer's words): there a key is a string.
    const declared = text.replace(/(from\s+['"]\.{1,2}\/[^'"]+)\.ts(['"])/g, '$1.js$2').replace(/^export type MessageKey = .*$/m, 'export type MessageKey = string;');
    writeFileSync(file, declared);
  });
  const problems = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics];
  if (problems.length > 0) throw new Error(ts.formatDiagnostics(problems, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => ROOT, getNewLine: () => '\n' }));
  // The client's declarations must need nothing outside the package (zod least of all: lib/voucher/schema.ts is not among them).
  const inside = ['packages/mnrent-client', 'lib/contract', 'lib/voucher', 'lib/languages.d.ts'].map((part) => join(outDir, part));
  const outside = emitted.filter((file) => !inside.some((part) => file.startsWith(part)));
  if (outside.length > 0) throw new Error(`the client's declarations reach outside the contract: ${outside.join(', ')}`);
  await writeFile(join(dist, 'index.d.ts'), "export * from './types/packages/mnrent-client/index.js';\n");
}

async function packClient(stage: string, state: StateScope, site: string, out: string) {
  const dist = join(stage, 'dist');
  const built = await build({
    entryPoints: [join(ROOT, 'src/packages/mnrent-client/index.ts')],
    outfile: join(dist, 'index.js'),
    metafile: true,
    // The contract's voucher arithmetic and its English words (intl-messageformat) are bundled in; openapi-fetch stays the one dependency.
    bundle: true,
    external: ['openapi-fetch'],
    platform: 'neutral',
    target: 'es2022',
    format: 'esm',
    logLevel: 'warning',
    absWorkingDir: ROOT,
    define: { MNRENT_PACKED_SITE: JSON.stringify(site) },
  });
  await writeFile(join(dist, THIRD_PARTY_FILE), await bundledLicences(built.metafile, CLIENT_PACKAGE));
  await clientDeclarations(dist);
  const lock = JSON.parse(await readFile(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };
  const openapiFetch = lock.packages['node_modules/openapi-fetch']?.version;
  if (!openapiFetch) throw new Error('openapi-fetch is not in package-lock.json');
  const facts = { state, version: PACKAGE_VERSION, site, openapiFetch: `^${openapiFetch}` };
  await writeJson(join(stage, 'package.json'), clientPackageJson(facts));
  await writeFile(join(stage, 'README.md'), clientReadme(facts));
  return npmPack(stage, out);
}

runCommand('pack', USAGE, async () => {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { from: { type: 'string' }, out: { type: 'string' } }, strict: true });
  const from = resolve(values.from ?? 'dist');
  const out = resolve(values.out ?? join(ROOT, 'dist-packages'));
  const reader = new ApiReader(folderSource(from), { refreshMs: 0 });
  let meta;
  try {
    meta = await reader.meta();
  } catch (error) {
    throw new ExpectedError(`--from ${from}: ${(error as Error).message} (run npm run build first)`);
  }
  const site = meta.meta.docs.replace(/\/docs\/$/, '');
  // The packages speak of the state the build covers (their names and READMEs, the tools' wording).
  const context = contextOf(meta.state.code);
  const exampleZip = context.state.example.zip;
  const getZip = TOOLS.find((t) => t.name === 'get_zip');
  const answer = await getZip?.run({ zip: exampleZip } as never, reader, context);
  const first = answer?.content[0];
  if (!first || first.type !== 'text' || answer.isError) throw new ExpectedError(`--from ${from}: get_zip ${exampleZip} gave no answer to show in the README`);
  const facts: McpPackageFacts = { context, version: PACKAGE_VERSION, site, meta, tools: TOOLS, example: { zip: exampleZip, text: first.text.split('\n\n')[0] ?? '' } };

  await mkdir(out, { recursive: true });
  const staging = await mkdtemp(join(tmpdir(), 'mnrent-pack-'));
  try {
    log(`${MCP_PACKAGE} ${PACKAGE_VERSION} for ${site}: bundling`);
    await mkdir(dirname(join(staging, MCP_PACKAGE, MCP_BIN)), { recursive: true });
    const mcp = await packMcp(join(staging, MCP_PACKAGE), facts, out);
    log(`${CLIENT_PACKAGE} ${PACKAGE_VERSION}: compiling`);
    await mkdir(join(staging, CLIENT_PACKAGE), { recursive: true });
    const client = await packClient(join(staging, CLIENT_PACKAGE), context.state, site, out);
    for (const p of [mcp, client]) process.stdout.write(`${join(out, p.filename)}  ${p.size.toLocaleString('en-US')} bytes packed, ${p.unpackedSize.toLocaleString('en-US')} unpacked\n`);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return 0;
});
