// The lint's order of the pipeline's layers (.config/layers.ts, which .config/eslint.config.js reads) names every folder of
// src/lib: a folder left out could import any layer, and the lint would never say so.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

  it("name in docs/architecture.md's \"Where each rule lives\" only files that exist", () => {
    const doc = readFileSync(join(PROJECT_ROOT, 'docs', 'architecture.md'), 'utf8');
    const table = doc.slice(doc.indexOf('## Where each rule lives'), doc.indexOf('\n## ', doc.indexOf('## Where each rule lives') + 5));
    const files = [...table.matchAll(/`((?:lib|src|data|public)\/[\w./<>-]+\.(?:ts|json|conf))`/g)].map((match) => match[1] ?? '');
    expect(files.length).toBeGreaterThan(20);
    const missing = files.filter((file) => !file.includes('<') && !existsSync(join(PROJECT_ROOT, file.startsWith('lib/') ? `src/${file}` : file)));
    expect(missing).toEqual([]);
    // The voucher's rules each have a row.
    for (const file of ['tables', 'money', 'eligibility', 'income', 'unit', 'question', 'figures', 'sentences']) expect(files, file).toContain(`lib/voucher/${file}.ts`);
  });
});
