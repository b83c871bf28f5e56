// npm run translations:review and translations:import as a translator runs them, in processes of
// their own, on a copy of the project's catalogues (the review file's rules are
// tests/translations-review.test.ts's).
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ENGLISH_PARTS } from '../src/lib/contract/english.ts';
import type { Reviews } from '../src/lib/translations/review.ts';
import { PROJECT_ROOT } from './helpers/paths.ts';

const MESSAGES = Object.keys(ENGLISH_PARTS.pages).length + Object.keys(ENGLISH_PARTS.scripts).length;

describe('npm run translations:review and translations:import', () => {
  it('write the Hmong file and take it back with one message reviewed, into the catalogue and reviews.json', async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'mnrent-review-'));
    try {
      // A copy of the project's catalogues and the command, so the checkout's files stay as they are.
      await cp(join(PROJECT_ROOT, 'src'), join(scratch, 'src'), { recursive: true });
      await cp(join(PROJECT_ROOT, 'package.json'), join(scratch, 'package.json'));
      await symlink(join(PROJECT_ROOT, 'node_modules'), join(scratch, 'node_modules'));
      const run = (args: string[]) => promisify(execFile)(process.execPath, [join(scratch, 'src/cli/translations.ts'), ...args], { cwd: scratch });
      const file = join(scratch, 'hmn.xlf');
      expect((await run(['review', '--lang', 'hmn', '--out', file])).stdout).toBe(`translations:review: wrote ${file}: ${MESSAGES} Hmong messages, 0 reviewed as they read now\n`);
      const xml = await readFile(file, 'utf8');
      await writeFile(file, xml.replace(/(<unit id="word\.yes">[^]*?<segment state=")translated(">)/, '$1final$2'));
      expect(await run(['import', join(scratch, 'missing.xlf')]).catch((e: unknown) => e)).toMatchObject({ code: 1, stderr: `translations:import failed: cannot read ${join(scratch, 'missing.xlf')}: not found\n` });
      const refused = await run(['import', file]).catch((e: unknown) => e);
      expect(refused).toMatchObject({ code: 1, stderr: `translations:import failed: ${file}: nothing was imported:\n  1 message is marked reviewed: say by whom with --reviewer "Name"\n` });
      const { stdout } = await run(['import', file, '--reviewer', 'Pa Nhia Vang', '--date', '2026-11-29']);
      expect(stdout).toContain('1 newly reviewed by Pa Nhia Vang on 2026-11-29');
      const reviews = JSON.parse(await readFile(join(scratch, 'src/messages/hmn/reviews.json'), 'utf8')) as Reviews;
      expect(Object.keys(reviews)).toEqual(['word.yes']);
      // The catalogues are written back byte for byte as they were: nothing but the review changed.
      for (const part of ['pages', 'scripts']) {
        expect(await readFile(join(scratch, `src/messages/hmn/${part}.json`), 'utf8')).toBe(await readFile(join(PROJECT_ROOT, `src/messages/hmn/${part}.json`), 'utf8'));
      }
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }, 120_000);
});
