// The two steps a scheduled deployment takes around a build (.github/workflows/site.yml), kept here
// so the workflow holds no logic of its own and the tests run the very same steps:
//   npm run deploy:previous -- --site URL [--base /xx/] --outDir DIR
//     puts the deployed meta.json and changes.json in DIR, so the build's publish gate and change log
//     compare with what is live (nothing on a first deployment);
//   npm run deploy:changed -- --site URL [--base /xx/] --dir DIR
//     says whether DIR's content differs from what is live (content_sha256; for a folder of states,
//     any state's): `changed=true` or `changed=false` on stdout, and in $GITHUB_OUTPUT when set.
import { appendFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ExpectedError } from '../lib/errors.ts';
import { runCommand, UsageError } from './command.ts';

const USAGE = [
  'usage: node src/cli/deployment.ts previous --site URL [--base /xx/] --outDir DIR',
  '       node src/cli/deployment.ts changed --site URL [--base /xx/] --dir DIR',
].join('\n');

const FILES = ['api/v1/meta.json', 'api/v1/changes.json'] as const;

function options(argv: string[]) {
  let values: { site?: string | undefined; base?: string | undefined; outDir?: string | undefined; dir?: string | undefined };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { site: { type: 'string' }, base: { type: 'string' }, outDir: { type: 'string' }, dir: { type: 'string' } } }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const [step] = positionals;
  if (step !== 'previous' && step !== 'changed') throw new UsageError(`say which step: previous or changed\n${USAGE}`);
  if (!values.site || !URL.canParse(values.site)) throw new UsageError(`--site must be the deployed site's URL\n${USAGE}`);
  const path = (values.base ?? '').replace(/^\/+|\/+$/g, '');
  const base = path ? `/${path}/` : '/';
  const folder = step === 'previous' ? values.outDir : values.dir;
  if (!folder) throw new UsageError(`${step === 'previous' ? '--outDir' : '--dir'} is missing\n${USAGE}`);
  return { step, live: new URL(base, values.site).href, folder: resolve(folder) };
}

/** A file of the live site; undefined when it has none (a first deployment). */
async function liveFile(live: string, path: string): Promise<string | undefined> {
  let response: Response;
  try {
    response = await fetch(new URL(path, live), { headers: { accept: 'application/json' } });
  } catch (error) {
    // fetch's own error says only "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND) is its cause's.
    const cause = (error as Error & { cause?: { code?: string; message?: string; errors?: { code?: string }[] } }).cause;
    throw new ExpectedError(`${new URL(path, live).href}: cannot be reached (${cause?.code ?? cause?.errors?.[0]?.code ?? cause?.message ?? (error as Error).message})`);
  }
  if (response.status === 404) return undefined;
  if (!response.ok) throw new ExpectedError(`${response.url}: HTTP ${response.status}`);
  return response.text();
}

const contentHash = (text: string | undefined): string | undefined => {
  if (text === undefined) return undefined;
  const hash = (JSON.parse(text) as { content_sha256?: unknown }).content_sha256;
  return typeof hash === 'string' ? hash : undefined;
};

async function previous(live: string, outDir: string): Promise<number> {
  const present = await readdir(outDir).catch(() => []);
  if (present.length > 0) throw new ExpectedError(`${outDir} is not empty: the live files go into an empty folder, which the build then replaces`);
  for (const path of FILES) {
    const text = await liveFile(live, path);
    if (text === undefined) {
      process.stdout.write(`deploy:previous: ${new URL(path, live).href} is not there: a first deployment\n`);
      continue;
    }
    await mkdir(join(outDir, 'api', 'v1'), { recursive: true });
    await writeFile(join(outDir, path), text);
    process.stdout.write(`deploy:previous: ${path} of ${live} → ${join(outDir, path)}\n`);
  }
  return 0;
}

/** The builds in DIR: the folder itself, or each state folder of a folder of states (build:states). */
async function builds(dir: string): Promise<{ path: string; meta: string }[]> {
  const read = (path: string) => readFile(join(dir, path, 'api/v1/meta.json'), 'utf8').then((meta) => ({ path, meta }), () => undefined);
  const single = await read('.');
  if (single) return [{ path: '', meta: single.meta }];
  const states = (await readdir(dir).catch(() => [])).filter((name) => /^[a-z]{2}$/.test(name)).sort();
  const found = (await Promise.all(states.map((code) => read(code)))).filter((b) => b !== undefined);
  if (found.length === 0) throw new ExpectedError(`${dir} holds no api/v1/meta.json, nor state folders with one: build it first`);
  return found.map((b) => ({ path: `${b.path}/`, meta: b.meta }));
}

async function changed(live: string, dir: string): Promise<number> {
  const differing: string[] = [];
  for (const { path, meta } of await builds(dir)) {
    const [now, before] = [contentHash(meta), contentHash(await liveFile(live, `${path}api/v1/meta.json`))];
    process.stderr.write(`deploy:changed: ${path || './'} content_sha256 ${now ?? 'none'} built, ${before ?? 'none'} live at ${new URL(path, live).href}\n`);
    if (now !== before) differing.push(path || './');
  }
  const answer = `changed=${String(differing.length > 0)}`;
  process.stdout.write(`${answer}\n`);
  if (process.env.GITHUB_OUTPUT) await appendFile(process.env.GITHUB_OUTPUT, `${answer}\n`);
  return 0;
}

runCommand('deployment', USAGE, async () => {
  const { step, live, folder } = options(process.argv.slice(2));
  return step === 'previous' ? previous(live, folder) : changed(live, folder);
});
