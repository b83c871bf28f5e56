// npm run bench:bulk [-- --dir DIR] [--runs N]: what the bulk files add to a build. Times bulkFiles()
// (tables, CSV, Parquet, the data package) on the records of a built site; peer: writing the same
// records as the JSON the build already writes (JSON.stringify with two-space indent). Sizes raw,
// gzip and brotli as the build precompresses them.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { CountyRecord, SectionEightRecord, ZipRecord } from '../../src/lib/contract/schemas.ts';
import { bulkFiles } from '../../src/lib/publication/bulk-files.ts';
import { MINNESOTA } from '../../src/lib/states.ts';
import { siteToMeasure } from '../helpers/build.ts';

const { values } = parseArgs({ options: { dir: { type: 'string' }, runs: { type: 'string', default: '5' } } });
const scratch = await mkdtemp(join(tmpdir(), 'mnrent-bench-bulk-'));
try {
  const site = await siteToMeasure(scratch, values.dir);
  const api = join(site, 'api', 'v1');
  const docs = async <T>(dir: string) => Promise.all((await readdir(join(api, dir))).filter((f) => f.endsWith('.json')).sort().map(async (f) => JSON.parse(await readFile(join(api, dir, f), 'utf8')) as T));
  const base = {
    zips: await docs<ZipRecord>('zip'),
    counties: (await docs<CountyRecord>('county')).sort((a, b) => (a.county_slug < b.county_slug ? -1 : 1)),
    sectionEight: JSON.parse(await readFile(join(api, 'section-8.json'), 'utf8')) as SectionEightRecord,
  };
  // The agencies as the counties list them (the office's county is not in the JSON: the bench times the writing, not the values).
  const agencies = [...new Map(base.counties.flatMap((c) => c.housing_agencies.map(({ serves_here: _here, ...a }) => [a.code, { ...a, county_fips: null }] as const))).values()];
  const records = { ...base, agencies };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const time = (run: () => unknown) => {
    const samples: number[] = [];
    for (let i = 0; i < Number(values.runs); i++) {
      const t = performance.now();
      run();
      samples.push(performance.now() - t);
    }
    return median(samples);
  };
  time(() => bulkFiles(MINNESOTA, records, 'attribution', 'https://example.net'));
  const bulkMs = time(() => bulkFiles(MINNESOTA, records, 'attribution', 'https://example.net'));
  const jsonMs = time(() => [...records.zips, ...records.counties, records.sectionEight].map((r) => JSON.stringify(r, null, 2)));
  console.log(`bulkFiles: ${bulkMs.toFixed(0)} ms (median of ${values.runs}); peer, the same records as JSON: ${jsonMs.toFixed(0)} ms; ratio ${(bulkMs / jsonMs).toFixed(1)}x`);
  for (const file of bulkFiles(MINNESOTA, records, 'attribution', 'https://example.net')) {
    const gz = gzipSync(file.bytes, { level: 9 }).length;
    const br = brotliCompressSync(file.bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    console.log(`${file.name.padEnd(22)} ${String(file.bytes.length).padStart(8)} B  gzip ${String(gz).padStart(7)}  brotli ${String(br).padStart(7)}`);
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
