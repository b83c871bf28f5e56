// How far V8 optimizes a build's code. A build is a few seconds of work on every thread, and V8's
// top tiers compile on background threads that compete with it for the same two cores:
// - JavaScript stops at Maglev, without TurboFan. Under `perf`, TurboFan's jobs were 54% of V8's
//   background threads in a Texas build (about 1.7 s of processor time, 1.1 s of it before the first
//   page, while Rollup bundles and the sources are parsed): compiling Rollup, Vite, Astro and the
//   parsers a second time, for code that runs a few seconds. Without them, 5 alternating pairs:
//   Texas 7.09 → 6.85 s, Minnesota 4.79 → 4.55 s, faster in every pair, the rendering included
//   (README, "Where it stands"); the Astro peer alone gains about 1%.
// - WebAssembly stays at Liftoff. Astro compiles the .astro files with a WebAssembly build of its Go
//   compiler, and V8 recompiled that module's hottest functions with TurboFan: for one build about
//   1 s of processor time (4.5% of a Minnesota build's samples under `perf`), to speed up some 30 ms
//   of compiling components.
import { setFlagsFromString } from 'node:v8';

/**
 * From now on, JavaScript is optimized by Maglev at most and WebAssembly compiled by Liftoff only,
 * in every thread (V8's flags are global); code TurboFan compiled before keeps running. A module
 * compiled before keeps its own tiering: Node's TypeScript stripper, which loaded this file.
 */
export function capCompilerTiers(): void {
  // Not --max-opt=2: set after start-up it left TurboFan compiling (Node 24's V8, `node --trace-opt`).
  setFlagsFromString('--no-turbofan');
  // Both: without tier-up alone V8 still moves hot functions up, and without dynamic tiering alone it
  // compiles every function of a module with TurboFan at once (5 s of processor time for Astro's).
  setFlagsFromString('--no-wasm-tier-up');
  setFlagsFromString('--no-wasm-dynamic-tiering');
}
