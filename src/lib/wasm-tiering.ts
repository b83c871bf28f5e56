// A build runs WebAssembly at V8's baseline tier (Liftoff) only. Astro compiles the .astro files with
// a WebAssembly build of its Go compiler, and V8 recompiles that module's hottest functions with
// TurboFan on background threads: for one build about 1 s of processor time (4.5% of a Minnesota
// build's samples under `perf`), to speed up some 30 ms of compiling components. On two cores that
// work competed with the bundling it was meant to speed up.
import { setFlagsFromString } from 'node:v8';

/**
 * From now on, WebAssembly modules are compiled by Liftoff and stay there, in every thread (V8's
 * flags are global). A module compiled before keeps its own tiering: Node's TypeScript stripper,
 * which loaded this file.
 */
export function keepWasmAtBaseline(): void {
  // Both: without tier-up alone V8 still moves hot functions up, and without dynamic tiering alone it
  // compiles every function of a module with TurboFan at once (5 s of processor time for Astro's).
  setFlagsFromString('--no-wasm-tier-up');
  setFlagsFromString('--no-wasm-dynamic-tiering');
}
