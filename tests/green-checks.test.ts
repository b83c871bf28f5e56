// When `npm test` may skip the typecheck and the lint outside CI: only when every file they read
// is as it was at their last green run in this checkout (tests/helpers/green-checks.ts).
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkedInputsHash, passedBefore, recordGreen } from './helpers/green-checks.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('the green checks', () => {
  it('are skipped only on the inputs of their last green run: an edit, a new file or a removed one runs them again; the snapshot and ignored files do not', async () => {
    const root = await mkdtemp(join(tmpdir(), 'mnrent-green-'));
    dirs.push(root);
    execFileSync('git', ['init', '-q'], { cwd: root });
    await mkdir(join(root, 'src'));
    await mkdir(join(root, 'data', 'snapshot'), { recursive: true });
    await writeFile(join(root, 'src', 'a.ts'), 'export const a = 1;\n');
    await writeFile(join(root, '.gitignore'), 'node_modules/\n');
    const first = await checkedInputsHash(root);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(await passedBefore(root, 'lint', first)).toBe(false);
    await recordGreen(root, 'lint', first);
    expect(await passedBefore(root, 'lint', first)).toBe(true);
    expect(await passedBefore(root, 'typecheck', first)).toBe(false);

    await writeFile(join(root, 'data', 'snapshot', 'US.txt'), 'rows\n');
    await mkdir(join(root, 'node_modules'), { recursive: true });
    await writeFile(join(root, 'node_modules', 'x.js'), 'x\n');
    expect(await checkedInputsHash(root)).toBe(first);

    await writeFile(join(root, 'src', 'a.ts'), 'export const a = 2;\n');
    const edited = await checkedInputsHash(root);
    expect(edited).not.toBe(first);
    expect(await passedBefore(root, 'lint', edited)).toBe(false);
    await writeFile(join(root, 'src', 'a.ts'), 'export const a = 1;\n');
    expect(await checkedInputsHash(root)).toBe(first);
    await writeFile(join(root, 'src', 'b.ts'), '\n');
    expect(await checkedInputsHash(root)).not.toBe(first);
  });

  it('always run outside a git checkout', async () => {
    const root = await mkdtemp(join(tmpdir(), 'mnrent-green-'));
    dirs.push(root);
    const inputs = await checkedInputsHash(root);
    expect(inputs).toBeUndefined();
    await recordGreen(root, 'lint', inputs);
    expect(await passedBefore(root, 'lint', inputs)).toBe(false);
  });
});
