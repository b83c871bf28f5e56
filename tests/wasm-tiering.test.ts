// The build keeps WebAssembly at V8's baseline tier (lib/wasm-tiering.ts) before Astro loads its
// compiler. That rests on V8 taking the flags after start-up: this holds it to the installed Node, in
// a child process that compiles this project's components with Astro's own compiler, reading V8's
// trace of every WebAssembly function it compiles and with which tier.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './helpers/paths.ts';

const COMPONENTS = ['src/layouts/Base.astro', 'src/pages/zip/[zip].astro', 'src/pages/county/[slug].astro', 'src/pages/index.astro', 'src/components/PlaceSearch.astro', 'src/components/RentTable.astro'];
const MARK = 'astro-compiler-starts';

/** Functions of Astro's compiler module V8 compiled with each tier, in a fresh process. */
function compilerTiers(baseline: boolean): { liftoff: number; turbofan: number } {
  const module = pathToFileURL(join(PROJECT_ROOT, 'src/lib/wasm-tiering.ts')).href;
  const code = `
    import { readFileSync } from 'node:fs';
    ${baseline ? `const { keepWasmAtBaseline } = await import(${JSON.stringify(module)}); keepWasmAtBaseline();` : ''}
    console.log(${JSON.stringify(MARK)});
    const { transform } = await import('@astrojs/compiler');
    for (let round = 0; round < 3; round++) for (const file of ${JSON.stringify(COMPONENTS)}) await transform(readFileSync(file, 'utf8'), { filename: file });`;
  // A small tiering budget makes V8 ask for TurboFan for nearly every function the compiler runs:
  // without the call hundreds get there even on a busy machine (with V8's own budget, 5 to 130,
  // depending on how soon the background threads get a core), and with it none may.
  const flags = ['--trace-wasm-compilation-times', '--wasm-tiering-budget=1000'];
  const trace = execFileSync(process.execPath, [...flags, '--input-type=module', '-e', code], { cwd: PROJECT_ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
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

describe("WebAssembly's tiers in a build", () => {
  it("keeps Astro's compiler at the baseline tier, where V8 alone moves its hot functions to TurboFan", () => {
    const free = compilerTiers(false);
    const kept = compilerTiers(true);
    // Some 400 to 1,000 functions compiled by Liftoff either way; without the call 370 to 600 reached TurboFan.
    expect(free.liftoff).toBeGreaterThan(200);
    expect(free.turbofan).toBeGreaterThan(50);
    expect(kept.liftoff).toBeGreaterThan(200);
    expect(kept.turbofan).toBe(0);
  }, 60_000);
});
