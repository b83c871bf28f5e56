// The lint's order of the pipeline's layers (.config/layers.ts, which .config/eslint.config.js reads) names every folder of
// src/lib: a folder left out could import any layer, and the lint would never say so.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAYERS } from '../.config/layers.ts';
import { PROJECT_ROOT } from './helpers/paths.ts';

describe('the layers of src/lib', () => {
  it('are every folder of src/lib, each once, then the commands', () => {
    const folders = readdirSync(join(PROJECT_ROOT, 'src', 'lib'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(LAYERS.at(-1)).toBe('cli');
    expect(new Set(LAYERS).size).toBe(LAYERS.length);
    expect([...LAYERS.slice(0, -1)].sort()).toEqual(folders.sort());
  });

  it("are docs/architecture.md's table of folders, in the same order", () => {
    const doc = readFileSync(join(PROJECT_ROOT, 'docs', 'architecture.md'), 'utf8');
    const rows = [...doc.matchAll(/^\| `([a-z-]+)\/` \|/gm)].map((match) => match[1]);
    expect(rows).toEqual(LAYERS.slice(0, -1));
  });
});
