// A worker started by src/lib/thread-modules.ts takes its project modules stripped by the thread that
// started it: Node's stripper (amaro) never loads in it, the modules behave as Node's own stripping
// makes them behave, an error at load still reaches the starter with its place in the TypeScript, and
// the build's three worker entries are handed every module they load (esbuild's bundler, which reads
// the same imports independently, lists them).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDED_KEY, startWorker, strippedModules } from '../src/lib/thread-modules.ts';
import { PROJECT_ROOT } from './helpers/paths.ts';

interface Report {
  six: number;
  nine: number;
  sideRan: boolean;
  amaroLoaded: boolean;
  handed: string[];
}

const FILES: Record<string, string> = {
  'entry.ts': `import { parentPort } from 'node:worker_threads';
import type { Shape } from './types.ts';
import { double } from './double.ts';
import './side.ts';
const { triple }: { triple: (n: number) => number } = await import('./triple.ts');
const next: URL = new URL('./next.ts', import.meta.url);
const shape: Shape = { n: 3 };
parentPort!.postMessage({
  six: double(shape.n),
  nine: triple(shape.n),
  sideRan: (globalThis as { sideRan?: boolean }).sideRan === true,
  amaroLoaded: process.moduleLoadList.some((name: string) => name.includes('amaro')),
  handed: [...((globalThis as Record<symbol, Map<string, string> | undefined>)[Symbol.for(${JSON.stringify(HANDED_KEY)})]?.keys() ?? [])],
  next: next.href,
});
`,
  'types.ts': 'export interface Shape { n: number }\n',
  'double.ts': 'export const double = (n: number): number => n * 2;\n',
  'triple.ts': 'export function triple(n: number): number {\n  return n * 3;\n}\n',
  'side.ts': '(globalThis as { sideRan?: boolean }).sideRan = true;\n',
  'next.ts': 'export const unused: string = "started by nobody here";\n',
  'fails.ts': "import { broken } from './broken.ts';\nexport const never: number = broken;\n",
  'broken.ts': "const reason: string = 'broken at load';\n\n\nthrow new Error(reason);\nexport const broken = 1;\n",
};

let dir: string;
const at = (name: string) => pathToFileURL(join(dir, name));

const reportOf = (worker: Worker) =>
  new Promise<Report>((resolve, reject) => {
    worker.once('message', (message: Report) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', reject);
  });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mnrent-thread-modules-'));
  await writeFile(join(dir, 'package.json'), '{"type":"module"}\n');
  for (const [name, text] of Object.entries(FILES)) await writeFile(join(dir, name), text);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('a worker started with its modules stripped', () => {
  it('finds every module its entry needs: imported, imported for effect, imported later, started as a worker; types need none', () => {
    const names = [...strippedModules(at('entry.ts')).keys()].map((href) => href.slice(href.lastIndexOf('/') + 1)).sort();
    expect(names).toEqual(['double.ts', 'entry.ts', 'next.ts', 'side.ts', 'triple.ts']);
    // Stripping keeps every position: the type annotation becomes spaces.
    expect(strippedModules(at('entry.ts')).get(at('double.ts').href)).toBe('export const double = (n        )         => n * 2;\n');
  });

  it('runs them without loading Node’s stripper, where a plain worker loads it', async () => {
    const stripped = await reportOf(startWorker(at('entry.ts')));
    expect(stripped).toMatchObject({ six: 6, nine: 9, sideRan: true, amaroLoaded: false });
    // What it was handed, it can hand on to a worker of its own.
    expect(stripped.handed).toContain(at('next.ts').href);
    const plain = await reportOf(new Worker(at('entry.ts')));
    expect(plain).toMatchObject({ six: 6, nine: 9, sideRan: true, amaroLoaded: true, handed: [] });
  });

  it('reports an error at load to its starter, with the line in the TypeScript', async () => {
    const error = await reportOf(startWorker(at('fails.ts'))).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toBe('broken at load');
    expect(error?.stack).toContain(`${at('broken.ts').href}:4:7`);
  });

  it('leaves a module it cannot read to Node, which reports it as ever', async () => {
    await writeFile(join(dir, 'missing-import.ts'), "import './nowhere.ts';\n");
    const error = await reportOf(startWorker(at('missing-import.ts'))).then(
      () => undefined,
      (e: unknown) => e as Error & { code?: string },
    );
    expect(error?.code).toBe('ERR_MODULE_NOT_FOUND');
    expect(error?.message).toContain('nowhere.ts');
  });
});

describe("the build's worker entries", () => {
  // esbuild follows the same imports (static, for effect and dynamic) on its own; worker entries
  // started with `new URL(…, import.meta.url)` it does not follow, so those are checked apart.
  const projectModules = async (entry: string) => {
    const { metafile } = await build({ entryPoints: [join(PROJECT_ROOT, entry)], absWorkingDir: PROJECT_ROOT, bundle: true, write: false, metafile: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'silent' });
    return Object.keys(metafile.inputs).map((input) => pathToFileURL(join(PROJECT_ROOT, input)).href);
  };
  const handed = (entry: string) => [...strippedModules(pathToFileURL(join(PROJECT_ROOT, entry))).keys()];

  it.each(['src/lib/dataset-worker.ts', 'src/lib/sources/workbook-worker.ts', 'src/lib/compress-worker.ts'])('%s is handed every project module it loads', async (entry) => {
    const needed = await projectModules(entry);
    expect(needed.length).toBeGreaterThan(1);
    expect(handed(entry)).toEqual(expect.arrayContaining(needed));
  });

  it("the dataset's thread is handed the workbook threads' modules too, to hand them on", () => {
    expect(handed('src/lib/dataset-worker.ts')).toEqual(expect.arrayContaining(handed('src/lib/sources/workbook-worker.ts')));
  });
});
