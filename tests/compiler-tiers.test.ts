// The build caps V8's optimizing tiers (lib/compiler-tiers.ts) before its threads start and Astro
// loads its compiler. That rests on V8 taking the flags after start-up: this holds it to the
// installed Node, in child processes, reading V8's traces of what it compiles and with which tier.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './helpers/paths.ts';

const COMPONENTS = ['src/layouts/Base.astro', 'src/pages/zip/[zip].astro', 'src/pages/county/[slug].astro', 'src/pages/index.astro', 'src/components/PlaceSearch.astro', 'src/components/RentTable.astro'];
const MARK = 'astro-compiler-starts';
const CAP = `const { capCompilerTiers } = await import(${JSON.stringify(pathToFileURL(join(PROJECT_ROOT, 'src/lib/compiler-tiers.ts')).href)}); capCompilerTiers();`;

/** V8's trace of a fresh process that runs `code` as a module, with `flags`. */
const traceOf = (flags: string[], code: string) =>
  execFileSync(process.execPath, [...flags, '--input-type=module', '-e', code], { cwd: PROJECT_ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** Functions of Astro's compiler module V8 compiled with each tier, in a fresh process. */
function compilerTiers(capped: boolean): { liftoff: number; turbofan: number } {
  const code = `
    import { readFileSync } from 'node:fs';
    ${capped ? CAP : ''}
    console.log(${JSON.stringify(MARK)});
    const { transform } = await import('@astrojs/compiler');
    for (let round = 0; round < 3; round++) for (const file of ${JSON.stringify(COMPONENTS)}) await transform(readFileSync(file, 'utf8'), { filename: file });`;
  // A small tiering budget makes V8 ask for TurboFan for nearly every function the compiler runs:
  // without the call hundreds get there even on a busy machine (with V8's own budget, 5 to 130,
  // depending on how soon the background threads get a core), and with it none may.
  const trace = traceOf(['--trace-wasm-compilation-times', '--wasm-tiering-budget=1000'], code);
  // V8's lines ("…<module>#<function> using Liftoff|TurboFan…") come from several threads and may run
  // into each other; a module first seen before the mark is Node's TypeScript stripper, not Astro's.
  const before = new Set<string>();
  const tiers = { liftoff: 0, turbofan: 0 };
  let started = false;
  for (const line of trace.split('\n')) {
    if (line.includes(MARK)) started = true;
    for (const [, wasmModule, tier] of line.matchAll(/(0x[0-9a-f]+)#\d+ using (Liftoff|TurboFan)/g)) {
      if (!started) before.add(wasmModule as string);
      else if (!before.has(wasmModule as string)) tiers[tier === 'TurboFan' ? 'turbofan' : 'liftoff'] += 1;
    }
  }
  return tiers;
}

/** JavaScript functions V8 started compiling for each optimizing tier, in a fresh process running a hot loop. */
function javaScriptTiers(capped: boolean): { maglev: number; turbofan: number } {
  const code = `
    ${capped ? CAP : ''}
    const weigh = (rows) => { let sum = 0; for (let i = 0; i < rows.length; i++) sum += rows[i] * 2; return sum; };
    const rows = Array.from({ length: 1000 }, (_, i) => i);
    let total = 0;
    for (let round = 0; round < 20000; round++) total += weigh(rows);
    await new Promise((resolve) => setTimeout(resolve, 100));
    console.log(total);`;
  const trace = traceOf(['--trace-opt'], code);
  // "[compiling method 0x… <JSFunction weigh …> (target MAGLEV|TURBOFAN_JS) …]"
  const targets = [...trace.matchAll(/\[compiling method .*?\(target (MAGLEV|TURBOFAN\w*)\)/g)].map((m) => m[1]);
  return { maglev: targets.filter((t) => t === 'MAGLEV').length, turbofan: targets.filter((t) => t?.startsWith('TURBOFAN')).length };
}

describe("V8's optimizing tiers in a build", () => {
  it("keeps Astro's compiler at WebAssembly's baseline tier, where V8 alone moves its hot functions to TurboFan", () => {
    const free = compilerTiers(false);
    const kept = compilerTiers(true);
    // Some 400 to 1,000 functions compiled by Liftoff either way; without the call 370 to 600 reached TurboFan.
    expect(free.liftoff).toBeGreaterThan(200);
    expect(free.turbofan).toBeGreaterThan(50);
    expect(kept.liftoff).toBeGreaterThan(200);
    expect(kept.turbofan).toBe(0);
  }, 60_000);

  it('optimizes hot JavaScript with Maglev only, where V8 alone moves it on to TurboFan', () => {
    const free = javaScriptTiers(false);
    const kept = javaScriptTiers(true);
    expect(free.maglev).toBeGreaterThan(0);
    expect(free.turbofan).toBeGreaterThan(0);
    expect(kept.maglev).toBeGreaterThan(0);
    expect(kept.turbofan).toBe(0);
  }, 60_000);
});
