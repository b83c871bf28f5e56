// npm run data:fetch -- [--state XX] [--sources DIR] [--manifest FILE] [--mirror URL] [--only DATASET...] [--missing]
//                       [--timeout SECONDS] [--deadline SECONDS] [--retries N] [--accept-changes]
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fetchSources } from '../lib/fetch/fetch-sources.ts';
import { readManifest } from '../lib/fetch/manifest.ts';
import { progressFor } from '../lib/fetch/progress.ts';
import { connectProbe, PROBE_TIMEOUT_MS } from '../lib/fetch/reachable.ts';
import { generationTime } from '../lib/dataset/options.ts';
import { DATASET_FOLDERS } from '../lib/sources/registry.ts';
import { runCommand, stateOption, UsageError } from './command.ts';

const USAGE =
  'usage: npm run data:fetch -- [--state XX] [--sources DIR] [--manifest FILE] [--mirror URL] [--only DATASET...] [--missing] [--timeout SECONDS] [--deadline SECONDS] [--retries N] [--accept-changes] [--as-of YYYY-MM-DD]';

/** `--as-of`, else the date of SOURCE_DATE_EPOCH, else today (UTC): the releases current on that day are fetched. */
function asOfDate(given: string | undefined): string {
  if (given !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(given) || Number.isNaN(Date.parse(`${given}T00:00:00Z`))) throw new UsageError(`--as-of ${given} is not a date (YYYY-MM-DD)`);
    return given;
  }
  return generationTime(process.env.SOURCE_DATE_EPOCH).slice(0, 10);
}

function parseCommandLine(argv: string[]) {
  let parsed: ReturnType<typeof parseArgs<{ options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>; allowPositionals: true }>>;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        state: { type: 'string' },
        sources: { type: 'string' },
        manifest: { type: 'string' },
        mirror: { type: 'string' },
        only: { type: 'string', multiple: true },
        missing: { type: 'boolean' },
        timeout: { type: 'string' },
        deadline: { type: 'string' },
        retries: { type: 'string' },
        'accept-changes': { type: 'boolean' },
        'as-of': { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  // `--only a b` and `--only a,b` both name several datasets.
  const only = values.only === undefined ? undefined : [...(values.only as string[]), ...positionals].flatMap((s) => s.split(',')).filter(Boolean);
  if (!only && positionals.length > 0) throw new UsageError(`unexpected ${positionals.join(' ')}\n${USAGE}`);
  const known: readonly string[] = DATASET_FOLDERS;
  for (const d of only ?? []) if (!known.includes(d)) throw new UsageError(`--only ${d}: not a dataset (${known.join(', ')})`);
  const number = (name: string, value: string | boolean | (string | boolean)[] | undefined, fallback: number) => {
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!Number.isFinite(n) || n < 0) throw new UsageError(`--${name} ${String(value)} is not a non-negative number`);
    return n;
  };
  // The state whose rows each download must have, and whose own files (GeoNames' PR.txt) are fetched.
  const state = stateOption(values.state as string | undefined);
  if (values.mirror !== undefined && !/^https?:\/\//.test(values.mirror as string)) throw new UsageError(`--mirror ${String(values.mirror)} is not an http(s) URL`);
  return {
    state,
    sourcesDir: resolve((values.sources as string | undefined) ?? process.env.SOURCES_DIR ?? 'data/sources'),
    manifest: resolve((values.manifest as string | undefined) ?? 'data/sources.json'),
    mirror: values.mirror as string | undefined,
    only,
    missingOnly: values.missing === true,
    idleTimeoutMs: number('timeout', values.timeout, 60) * 1000,
    deadlineMs: number('deadline', values.deadline, 15 * 60) * 1000,
    retries: number('retries', values.retries, 3),
    acceptChanges: values['accept-changes'] === true,
    asOf: asOfDate(values['as-of'] as string | undefined),
  };
}

async function main(): Promise<number> {
  const args = parseCommandLine(process.argv.slice(2));
  const manifest = await readManifest(args.manifest);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  log(`mnrent data:fetch: ${manifest.sources.length} sources from ${args.mirror ?? 'their publishers'} into ${args.sourcesDir}`);
  const results = await fetchSources({
    ...args,
    manifest,
    env: process.env,
    backoffMs: 1000,
    now: () => new Date(),
    progress: progressFor(process.stderr),
    probe: connectProbe(PROBE_TIMEOUT_MS),
  });
  log('');
  for (const r of results) log(`  ${r.outcome.padEnd(10)} ${r.key}${r.outcome === 'downloaded' ? '' : `: ${r.detail}`}`);
  const failed = results.filter((r) => r.outcome === 'failed');
  const count = (o: string) => results.filter((r) => r.outcome === o).length;
  log(`${count('downloaded')} downloaded, ${count('unchanged')} unchanged, ${count('skipped')} skipped, ${failed.length} failed`);
  if (failed.length > 0 && failed.every((r) => r.unreachable)) {
    log(`${count('downloaded') + count('unchanged') === 0 ? 'offline: no publisher could be reached' : 'some publishers could not be reached'}; every copy in ${args.sourcesDir} is kept`);
  }
  return failed.length > 0 ? 1 : 0;
}

runCommand('mnrent data:fetch', USAGE, main);
