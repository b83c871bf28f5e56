// The render process of a build (render.ts starts it): loads the dataset on a worker thread while
// Astro starts on this one, checks the publish gate, and lets Astro render into the staging folder.
// The content loaders take the dataset from this process (dataset/in-process.ts) and store it only
// once the gate passed. It answers its parent with a summary or with the error, then exits.
import { join } from 'node:path';
import { PublishGateError, publishGateReasons } from '../derive/publish-gate.ts';
import { holdPublishGate, keepDataset } from '../dataset/in-process.ts';
import type { LoadedDataset, LoadedRecords } from '../dataset/load.ts';
import { loadDatasetOffThread } from '../dataset/thread.ts';
import { contextOf } from '../context.ts';
import { errorForThread } from '../errors.ts';
import { outputWriteFailure } from './output-folder.ts';
import type { RenderReply, RenderRequest, RenderSummary } from './render.ts';

const log = (line: string) => process.stdout.write(`${line}\n`);

async function render(request: RenderRequest): Promise<RenderSummary> {
  const options = { ...request.load, state: contextOf(request.state).state };
  // The records come first: the content loaders validate them while the rest of the dataset is made.
  const records = Promise.withResolvers<LoadedRecords>();
  const loading = keepDataset(options.site, loadDatasetOffThread(options, records.resolve), records.promise);
  const gate = holdPublishGate();
  const { build } = await import('astro');
  // The content store in this build's own folder, as its page bundle is (the working directory): builds of one checkout run side by side.
  const rendering = build({ root: request.root, cacheDir: join(request.workDir, 'astro-cache'), site: request.site, base: request.base, outDir: request.staging, logLevel: 'warn' });
  rendering.catch(() => undefined);
  let dataset: LoadedDataset;
  let accepted: string[];
  try {
    dataset = await loading;
    const reasons = publishGateReasons(dataset.gate, dataset.earlier);
    if (reasons.length > 0 && !request.acceptChanges) throw new PublishGateError(reasons);
    accepted = reasons.map((reason) => `accepted with --accept-changes: ${reason}`);
  } catch (error) {
    // Nothing is rendered: the loaders fail with the same error. The process exits once its parent
    // has the error, so Astro's start-up is not waited for.
    gate.stop(error);
    throw error;
  }
  gate.pass();
  const renderStarted = performance.now();
  log(`  ${dataset.zips.length} ZIP codes, ${dataset.counties.length} counties; rendering with Astro…`);
  await rendering;
  const cpu = process.cpuUsage();
  const { meta, metaRecord } = dataset;
  return {
    zips: dataset.zips.length,
    counties: dataset.counties.length,
    counts: metaRecord.counts,
    agencies: dataset.agencyReport,
    generatedAt: meta.generated_at,
    safmrFiscalYear: metaRecord.vintages.hud_safmr.latest_fiscal_year,
    zoriMonth: meta.sources.zori,
    // How current the data is comes first: it is what a maintainer must act on (run data:fetch).
    warnings: [...metaRecord.notices, ...accepted, ...dataset.warnings],
    parseCache: dataset.parseCache,
    timings: { ...dataset.timings, renderMs: performance.now() - renderStarted },
    peakMb: Math.round(process.resourceUsage().maxRSS / 1024),
    cpuMs: (cpu.user + cpu.system) / 1000,
    kernelMs: cpu.system / 1000,
  };
}

// A build stopped (Ctrl-C, a killed CI job) takes its render process with it: nothing goes on writing
// into a staging folder that the next build removes.
process.once('disconnect', () => process.exit(1));

const request = JSON.parse(process.argv[2] ?? '{}') as RenderRequest;
const reply = await render(request).then(
  (summary): RenderReply => ({ ok: true, summary }),
  (error: unknown): RenderReply => ({ ok: false, error: errorForThread(outputWriteFailure(error, request.outDir) ?? error) }),
);
// Exits once the reply is sent: any page Astro still has queued after a failure is not written.
process.send?.(reply, () => process.exit(reply.ok ? 0 : 1));
