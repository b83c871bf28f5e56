// While the build renders, Astro's page writes go through the synchronous calls
// (src/lib/render-writes.ts): the same files and errors as fs.promises, settled on a later turn of
// the event loop, and nothing changed once rendering is over.
import fs from 'node:fs';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeDirectlyWhileRendering } from '../src/lib/render-writes.ts';
import { PROJECT_ROOT } from './helpers/paths.ts';

const original = { mkdir: fs.promises.mkdir, writeFile: fs.promises.writeFile };
let dir: string;
let restore: (() => void) | undefined;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mnrent-render-writes-'));
});
afterEach(async () => {
  restore?.();
  restore = undefined;
  await rm(dir, { recursive: true, force: true });
});

/** The error code a promise rejects with. */
const codeOf = (promise: Promise<unknown>) => promise.then(() => 'resolved', (error: unknown) => (error as NodeJS.ErrnoException).code);

describe('writing directly while Astro renders', () => {
  it('makes the same folders and files as fs.promises, with the same return values', async () => {
    const folder = pathToFileURL(join(dir, 'zip', '55104'));
    const expected = await original.mkdir(join(dir, 'expected', 'zip', '55104'), { recursive: true });
    ({ restore } = writeDirectlyWhileRendering());
    expect(fs.promises.mkdir).not.toBe(original.mkdir);
    const made = await fs.promises.mkdir(folder, { recursive: true });
    expect(made).toBe(join(dir, 'zip'));
    expect(expected).toBe(join(dir, 'expected'));
    expect(await fs.promises.mkdir(folder, { recursive: true })).toBeUndefined();
    const body = Buffer.from('<!doctype html><title>55104</title>');
    await fs.promises.writeFile(new URL('index.html', `${folder.href}/`), body);
    await fs.promises.writeFile(join(dir, 'zip', 'note.txt'), 'Saint Paul', 'utf8');
    expect(await readFile(join(dir, 'zip', '55104', 'index.html'))).toEqual(body);
    expect(await readFile(join(dir, 'zip', 'note.txt'), 'utf8')).toBe('Saint Paul');
  });

  it('reports each file it wrote, with its path and bytes, and fails a write whose report fails', async () => {
    const reported: [string, string][] = [];
    ({ restore } = writeDirectlyWhileRendering((path, bytes) => {
      if (path.endsWith('refused.html')) throw new Error('no room for its siblings');
      reported.push([path, Buffer.from(bytes).toString('latin1')]);
    }));
    await fs.promises.writeFile(pathToFileURL(join(dir, 'page.html')), Buffer.from('<p>Saint Paul</p>'));
    await fs.promises.writeFile(join(dir, 'text.txt'), 'Duluth – Superior', 'utf8');
    await fs.promises.writeFile(join(dir, 'latin1.txt'), 'Mankato é', { encoding: 'latin1' });
    const handle = await open(join(dir, 'handle.txt'), 'w');
    await fs.promises.writeFile(handle, 'by handle');
    await handle.close();
    await expect(fs.promises.writeFile(join(dir, 'refused.html'), 'x')).rejects.toThrow('no room for its siblings');
    expect(reported).toEqual([
      [join(dir, 'page.html'), '<p>Saint Paul</p>'],
      [join(dir, 'text.txt'), Buffer.from('Duluth – Superior').toString('latin1')],
      [join(dir, 'latin1.txt'), 'Mankato é'],
    ]);
    // What was reported is what the files hold.
    expect(await readFile(join(dir, 'latin1.txt'), 'latin1')).toBe('Mankato é');
  });

  it('rejects with the errors fs.promises gives', async () => {
    const missing = join(dir, 'no', 'such', 'folder', 'index.html');
    const file = join(dir, 'a-file');
    fs.writeFileSync(file, 'x');
    const cases = () => [codeOf(fs.promises.writeFile(missing, 'x')), codeOf(fs.promises.writeFile(dir, 'x')), codeOf(fs.promises.mkdir(join(file, 'below'), { recursive: true })), codeOf(fs.promises.mkdir(file))];
    const expected = await Promise.all(cases());
    expect(expected).toEqual(['ENOENT', 'EISDIR', 'ENOTDIR', 'EEXIST']);
    ({ restore } = writeDirectlyWhileRendering());
    expect(await Promise.all(cases())).toEqual(expected);
  });

  it("takes a worker's messages between writes, as the compression thread's answers must be", async () => {
    ({ restore } = writeDirectlyWhileRendering());
    const echo = new Worker("require('node:worker_threads').parentPort.on('message', (m) => require('node:worker_threads').parentPort.postMessage(m))", { eval: true });
    await new Promise((resolve) => echo.once('online', resolve));
    const answer = { taken: false };
    echo.once('message', () => (answer.taken = true));
    echo.postMessage('ping');
    // Writes go on until the answer is taken. Settled with microtasks alone, no message could be taken
    // between them, and the loop would run to its deadline. (How many writes the answer needs depends
    // on how soon a busy machine runs the worker, so the loop does not count on a number of them.)
    const deadline = Date.now() + 10_000;
    for (let written = 0; !answer.taken && Date.now() < deadline; written++) await fs.promises.writeFile(join(dir, `${written % 64}.txt`), 'x');
    const takenBetweenWrites = answer.taken;
    await echo.terminate();
    expect(takenBetweenWrites).toBe(true);
  });

  it('leaves a FileHandle, a stream of chunks and an AbortSignal to fs.promises', async () => {
    ({ restore } = writeDirectlyWhileRendering());
    const handle = await open(join(dir, 'handle.txt'), 'w');
    await fs.promises.writeFile(handle, 'by handle');
    await handle.close();
    await fs.promises.writeFile(join(dir, 'chunks.txt'), (function* () {
      yield 'two ';
      yield 'chunks';
    })());
    const aborted = new AbortController();
    aborted.abort();
    const signalled = codeOf(fs.promises.writeFile(join(dir, 'aborted.txt'), 'x', { signal: aborted.signal }));
    expect(await readFile(join(dir, 'handle.txt'), 'utf8')).toBe('by handle');
    expect(await readFile(join(dir, 'chunks.txt'), 'utf8')).toBe('two chunks');
    expect(await signalled).toBe('ABORT_ERR');
  });

  it('once refused (the render failed), writes nothing more and makes no folder, whatever is asked', async () => {
    const writes = writeDirectlyWhileRendering();
    restore = writes.restore;
    await fs.promises.writeFile(join(dir, 'before.html'), 'rendered before the failure');
    await fs.promises.mkdir(join(dir, 'county'), { recursive: true });
    const reason = new Error('the build stopped');
    writes.refuse(reason);
    await expect(fs.promises.writeFile(join(dir, 'after.html'), 'rendered after it')).rejects.toBe(reason);
    await expect(fs.promises.mkdir(join(dir, 'zip', '55104'), { recursive: true })).rejects.toBe(reason);
    // A folder made before is no exception.
    await expect(fs.promises.mkdir(join(dir, 'county'), { recursive: true })).rejects.toBe(reason);
    expect(fs.readdirSync(dir).sort()).toEqual(['before.html', 'county']);
  });

  it('puts the originals back, and leaves a replacement made since', () => {
    const first = writeDirectlyWhileRendering();
    first.restore();
    expect(fs.promises.mkdir).toBe(original.mkdir);
    expect(fs.promises.writeFile).toBe(original.writeFile);
    const second = writeDirectlyWhileRendering();
    const someoneElses = (() => Promise.resolve()) as unknown as typeof fs.promises.writeFile;
    fs.promises.writeFile = someoneElses;
    second.restore();
    expect(fs.promises.writeFile).toBe(someoneElses);
    expect(fs.promises.mkdir).toBe(original.mkdir);
    fs.promises.writeFile = original.writeFile;
  });

  it('meets the calls the installed Astro writes its pages with (an upgrade that changes them fails here, not silently)', async () => {
    const generate = await readFile(join(PROJECT_ROOT, 'node_modules/astro/dist/core/build/generate.js'), 'utf8');
    expect(generate).toContain('import nodeFs from "node:fs";');
    expect(generate).toContain('await nodeFs.promises.mkdir(result.outFolder, { recursive: true });');
    expect(generate).toContain('await nodeFs.promises.writeFile(result.outFile, result.body);');
  });
});
