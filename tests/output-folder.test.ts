// filesUnder (src/lib/build/output-folder.ts): the listing the build compresses and counts from after the
// last page. It must give what Node's recursive listing gives for a build's output (regular files
// in nested folders), without following a link out of the folder.
import { readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { filesUnder } from '../src/lib/build/output-folder.ts';

const scratch = await mkdtemp(join(tmpdir(), 'mnrent-listing-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** Node's own recursive listing, regular files only: what the build used before. */
const nodeListing = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();

describe('filesUnder', () => {
  it('lists every regular file of a nested output folder, as Node recursive listing does', async () => {
    const dir = join(scratch, 'site');
    const files = ['index.html', 'index.html.gz', '.mnrent-output', 'zip/55104/index.html', 'api/v1/zip/55104.json', 'api/v1/zip/55104.json.br', 'api/v1/bulk/zips.csv', 'county/ramsey/index.html'];
    for (const file of files) {
      await mkdir(join(dir, file, '..'), { recursive: true });
      await writeFile(join(dir, file), file);
    }
    await mkdir(join(dir, 'empty/deeper'), { recursive: true });
    const listed = filesUnder(dir).sort();
    expect(listed).toEqual(files.map((file) => join(dir, file)).sort());
    expect(listed).toEqual(nodeListing(dir));
  });

  it('neither lists nor follows links, which a build never writes', async () => {
    const dir = join(scratch, 'links');
    await mkdir(join(dir, 'real'), { recursive: true });
    await writeFile(join(dir, 'real/page.html'), 'x');
    await symlink(join(dir, 'real'), join(dir, 'to-folder'));
    await symlink(join(dir, 'real/page.html'), join(dir, 'to-file.html'));
    expect(filesUnder(dir)).toEqual([join(dir, 'real/page.html')]);
  });

  it('is empty for an empty folder', async () => {
    const dir = join(scratch, 'nothing');
    await mkdir(dir);
    expect(filesUnder(dir)).toEqual([]);
  });
});
