// The build's worker threads (the dataset's, the workbooks', compression's) run this project's
// TypeScript. Node strips a module's types as it loads it, and in a new thread that meant loading
// Node's stripper (amaro: swc in WebAssembly) once more and stripping every module again: 80 to 200
// ms of processor time a thread, for five threads a build. A thread that starts a worker here hands
// it the worker's modules stripped (its own, or those its own starter handed it), and the worker's
// loader takes them as JavaScript (`module.registerHooks`). A module left out is stripped by Node as
// before: slower, never different. Stripping keeps every line and column, so stack traces still
// point into the TypeScript.
import { readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** Modules as a worker's loader takes them: the file URL of each, and its source with the types stripped. */
export type StrippedModules = ReadonlyMap<string, string>;

/** Where a thread started here keeps the modules it was handed (`Symbol.for` this), to hand them on to the threads it starts. */
export const HANDED_KEY = 'mnrent.strippedModules';
const HANDED = Symbol.for(HANDED_KEY);

const handed = (): StrippedModules | undefined => (globalThis as { [HANDED]?: StrippedModules })[HANDED];

// A project module another one needs when it runs: imported (statically, dynamically or for its side
// effects, types being stripped already) or started as a worker's entry. Only relative `.ts` paths.
const NEEDS = [
  /\bfrom\s*['"](\.{1,2}\/[^'"\n]+\.ts)['"]/g,
  /\bimport\s*['"](\.{1,2}\/[^'"\n]+\.ts)['"]/g,
  /\bimport\(\s*['"](\.{1,2}\/[^'"\n]+\.ts)['"]\s*\)/g,
  /\bnew URL\(\s*['"](\.{1,2}\/[^'"\n]+\.ts)['"]\s*,\s*import\.meta\.url\s*\)/g,
];

/** Node's stripper, without the warning it prints once per process that it is experimental: the user can do nothing about it. */
function strip(source: string): string {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- put back as it was, and called on process
  const emitWarning = process.emitWarning;
  process.emitWarning = (warning: string | Error, ...rest: unknown[]) => {
    if (!String(warning).includes('stripTypeScriptTypes')) Reflect.apply(emitWarning, process, [warning, ...rest]);
  };
  try {
    return stripTypeScriptTypes(source);
  } finally {
    process.emitWarning = emitWarning;
  }
}

/** What this thread stripped, by entry: a second compression thread takes the first's. */
const madeHere = new Map<string, StrippedModules>();

/**
 * `entry` and every project module it needs, stripped: taken from what this thread was handed where
 * it can, stripped here otherwise. A module that cannot be read or stripped is left to Node's loader,
 * which reports it where it always has.
 */
export function strippedModules(entry: URL): StrippedModules {
  const made = madeHere.get(entry.href);
  if (made) return made;
  const known = handed();
  const modules = new Map<string, string>();
  const pending = [entry.href];
  for (let href = pending.pop(); href !== undefined; href = pending.pop()) {
    if (modules.has(href)) continue;
    let source = known?.get(href);
    if (source === undefined) {
      try {
        source = strip(readFileSync(new URL(href), 'utf8'));
      } catch {
        continue;
      }
    }
    modules.set(href, source);
    for (const pattern of NEEDS) for (const [, path] of source.matchAll(pattern)) pending.push(new URL(path as string, href).href);
  }
  madeHere.set(entry.href, modules);
  return modules;
}

// The worker's first code, a CommonJS script: keep the modules where the worker's own threads find
// them, let its loader take them as JavaScript, and load the entry.
const bootstrap = (modules: StrippedModules, entry: URL) => `'use strict';
const modules = new Map(${JSON.stringify([...modules])});
globalThis[Symbol.for(${JSON.stringify(HANDED_KEY)})] = modules;
require('node:module').registerHooks({
  load(url, context, nextLoad) {
    const source = modules.get(url);
    return source === undefined ? nextLoad(url, context) : { format: 'module', source, shortCircuit: true };
  },
});
import(${JSON.stringify(entry.href)});
`;

/** Starts the module `entry` on a worker thread, its project modules handed over stripped. */
export function startWorker(entry: URL, options: WorkerOptions = {}): Worker {
  return new Worker(bootstrap(strippedModules(entry), entry), { ...options, eval: true });
}
