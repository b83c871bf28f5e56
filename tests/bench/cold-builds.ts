// The benchmarks' cold builds: ours, and the peer's. The peer is a trivial Astro site with as many
// output files as a build of ours, built by the same Astro and Node with the same rendering
// concurrency, so a ratio to it shows what the data work costs on top of Astro itself.
import { mkdir, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RENDER_CONCURRENCY } from '../../astro.config.mjs';
import { PROJECT_ROOT } from '../helpers/paths.ts';

/** Writes the peer into `dir`: `files` outputs, half .astro pages and half JSON endpoints. */
export async function makePeer(dir: string, files: number): Promise<void> {
  const half = Math.ceil(files / 2);
  await mkdir(join(dir, 'src/pages/p'), { recursive: true });
  await mkdir(join(dir, 'src/pages/j'), { recursive: true });
  await symlink(join(PROJECT_ROOT, 'node_modules'), join(dir, 'node_modules'));
  await writeFile(join(dir, 'package.json'), '{"type":"module"}\n');
  // Astro's settings that bear on speed are ours: rendering as many pages at a time.
  await writeFile(join(dir, 'astro.config.mjs'), `export default { site: 'https://peer.example.org', build: { concurrency: ${RENDER_CONCURRENCY} } };\n`);
  const paths = `Array.from({ length: ${half} }, (_, i) => ({ params: { n: String(i) } }))`;
  await writeFile(join(dir, 'src/pages/p/[n].astro'), `---\nexport const getStaticPaths = () => ${paths};\nconst { n } = Astro.params;\n---\n<html lang="en"><head><title>{n}</title></head><body><h1>Page {n}</h1></body></html>\n`);
  await writeFile(join(dir, 'src/pages/j/[n].json.ts'), `export const getStaticPaths = () => ${paths};\nexport const GET = ({ params }) => new Response(JSON.stringify({ n: params.n }) + '\\n');\n`);
}

/** Clears the peer's Astro cache and gives Node's arguments that build it into `outDir`; the build prints one line: peak, cpu and kernel time. */
export async function coldPeerArgs(dir: string, outDir: string): Promise<string[]> {
  await rm(join(dir, '.astro'), { recursive: true, force: true });
  const script = `const { build } = await import('astro'); await build({ root: process.cwd(), outDir: ${JSON.stringify(outDir)}, logLevel: 'warn' }); const cpu = process.cpuUsage(); console.log('peak ' + Math.round(process.resourceUsage().maxRSS / 1024) + ' cpu ' + (cpu.user + cpu.system) / 1000 + ' kernel ' + cpu.system / 1000);`;
  return ['--input-type=module', '-e', script];
}

/** Files Astro rendered: the .gz and .br siblings a build of ours adds afterwards are left out. */
export const countRendered = async (dir: string) => (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile() && !/\.(gz|br)$/.test(e.name)).length;

/** Astro keeps a content store and generated types between builds; a cold build starts without them (and without the parse cache). */
export async function clearAstroCaches(root: string): Promise<void> {
  await rm(join(root, 'node_modules', '.astro'), { recursive: true, force: true });
  await rm(join(root, '.astro'), { recursive: true, force: true });
}

/** Node's arguments for a build of ours of `state` into `outDir`, run from the project. */
export const ourBuildArgs = (state: string, outDir: string): string[] => [join(PROJECT_ROOT, 'src/cli/build.ts'), '--state', state, '--outDir', outDir];

/** Its environment: cold (no parse cache), from `sourcesDir`, at a fixed time. */
export const ourBuildEnv = (sourcesDir: string): NodeJS.ProcessEnv => ({ SOURCES_DIR: sourcesDir, SOURCE_DATE_EPOCH: '1767225600', MNRENT_PARSE_CACHE: '0' });

/** The middle of the samples (the mean of the two middle ones for an even count). */
export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

/** Milliseconds as seconds with two decimals. */
export const sec = (ms: number): string => (ms / 1000).toFixed(2);
