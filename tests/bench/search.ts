// npm run bench:search [-- --dir DIR] [--rounds N]: how long the search box takes to answer a
// keystroke, over the real search index, for queries as people type them (every prefix of each, as
// typed letter by letter). Peer: the substring filter the first version ran over the same rows
// (lowercase, `includes`), which knew no abbreviations. A frame at 60 Hz is 16.7 ms.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fromSearchIndex, listedPlaces, searchPlaces, type SearchIndex } from '../../src/lib/derive/search.ts';
import { siteToMeasure } from '../helpers/build.ts';

const { values } = parseArgs({ options: { dir: { type: 'string' }, rounds: { type: 'string', default: '20' } } });
const QUERIES = ['St Paul', 'Duluth, MN', 'saint cloud', 'Hennepin County', 'St. Louis', '551', 'Marine on St. Croix', 'detroit lakes, minnesota', 'rochester', 'Ft Ripley'];

const scratch = await mkdtemp(join(tmpdir(), 'mnrent-bench-search-'));
try {
  const site = await siteToMeasure(scratch, values.dir);
  const raw = await readFile(join(site, 'search-index.json'));
  const fullIndex = await readFile(join(site, 'api', 'v1', 'index.json'));
  const searchIndex = JSON.parse(raw.toString('utf8')) as SearchIndex;
  const rows = fromSearchIndex(searchIndex);
  const keystrokes = QUERIES.flatMap((q) => Array.from({ length: q.length }, (_, i) => q.slice(0, i + 1)));

  const peer = (q: string) => {
    const text = q.trim().toLowerCase();
    return rows.filter((r) => r.zip.startsWith(text) || r.city.toLowerCase().includes(text)).slice(0, 10);
  };
  const ours = (q: string) => listedPlaces(searchPlaces(rows, q, searchIndex.state));

  const measure = (run: (q: string) => unknown) => {
    const samples: number[] = [];
    for (let round = 0; round < Number(values.rounds); round++) {
      for (const q of keystrokes) {
        const t = performance.now();
        run(q);
        samples.push(performance.now() - t);
      }
    }
    samples.sort((a, b) => a - b);
    const at = (p: number) => samples[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)] ?? 0;
    return { p50: at(50), p99: at(99), max: samples.at(-1) ?? 0 };
  };
  measure(ours); // warm up the JIT
  measure(peer);
  const a = measure(ours);
  const b = measure(peer);
  const ms = (n: number) => `${n.toFixed(3)} ms`;
  console.log(`search index: ${raw.length} bytes (the full index.json the box used to download: ${fullIndex.length} bytes, ${(fullIndex.length / raw.length).toFixed(1)}x)`);
  console.log(`${keystrokes.length} keystrokes x ${values.rounds} rounds over ${rows.length} ZIPs`);
  console.log(`mnrent search   p50 ${ms(a.p50)}  p99 ${ms(a.p99)}  max ${ms(a.max)}`);
  console.log(`substring peer  p50 ${ms(b.p50)}  p99 ${ms(b.p99)}  max ${ms(b.max)}`);
  console.log(`ratio (ours / peer) p50 ${(a.p50 / b.p50).toFixed(1)}x, p99 ${(a.p99 / b.p99).toFixed(1)}x; a 60 Hz frame is 16.7 ms: p99 uses ${((a.p99 / 16.7) * 100).toFixed(1)}% of it`);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
