// The typecheck and the lint are skipped when nothing they read changed since their last green run
// in this checkout: a hash of every file git tracks or would track (the snapshot of the sources
// left out: neither reads it), kept under node_modules/.cache. CI starts from a clean clone and
// runs both every time.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runProcess } from './build.ts';

/** Where each check's last green hash is kept: npm ci clears it, git ignores it. */
const GREEN_DIR = (root: string) => join(root, 'node_modules', '.cache', 'mnrent-green-checks');

/** The hash of what the checks read, or undefined outside a git checkout (then they always run). */
export async function checkedInputsHash(root: string): Promise<string | undefined> {
  const listed = await runProcess('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root }).catch(() => undefined);
  if (listed?.code !== 0) return undefined;
  const files = [...new Set(listed.stdout.split('\0'))].filter((file) => file !== '' && !file.startsWith('data/snapshot/')).sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    // A file deleted but not yet staged is listed by git and read as missing.
    hash.update(await readFile(join(root, file)).catch(() => Buffer.from('\0missing\0')));
  }
  return hash.digest('hex');
}

/** Whether `check` last passed on exactly these inputs. */
export async function passedBefore(root: string, check: string, inputs: string | undefined): Promise<boolean> {
  if (inputs === undefined) return false;
  return (await readFile(join(GREEN_DIR(root), check), 'utf8').catch(() => '')) === inputs;
}

/** Records that `check` passed on these inputs. */
export async function recordGreen(root: string, check: string, inputs: string | undefined): Promise<void> {
  if (inputs === undefined) return;
  await mkdir(GREEN_DIR(root), { recursive: true });
  await writeFile(join(GREEN_DIR(root), check), inputs);
}
