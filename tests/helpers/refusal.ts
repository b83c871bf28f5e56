import { loadDataset } from '../../src/lib/dataset/load.ts';
import { generationTime } from '../../src/lib/dataset/options.ts';
import { PublishGateError, publishGateReasons } from '../../src/lib/derive/publish-gate.ts';
import { ExpectedError, isSourceError } from '../../src/lib/errors.ts';
import { MINNESOTA } from '../../src/lib/states.ts';
import { TEST_EPOCH, TEST_SITE } from './paths.ts';

/** Minnesota's dataset from these sources at the test epoch, as a test build loads it. */
const loadTestDataset = (sourcesDir: string, more: { agencyAreasDir?: string; previousDir?: string } = {}) =>
  loadDataset({ sourcesDir, ...more, site: TEST_SITE, generatedAt: generationTime(TEST_EPOCH), state: MINNESOTA });

/**
 * What a build of these sources would stop with, from the same pipeline run in this process: the
 * message of its SourceError (the build prints it after "mnrent build failed: "). A source's rules
 * are checked this way; the tests that run the command itself show the one line, the exit code and
 * the earlier output kept, once for each way a build can fail.
 */
export async function refusalOf(sourcesDir: string, folders: { agencyAreasDir?: string } = {}): Promise<string> {
  try {
    await loadTestDataset(sourcesDir, folders);
  } catch (error) {
    if (isSourceError(error) || error instanceof ExpectedError) return error.message;
    throw error;
  }
  throw new Error(`the sources in ${sourcesDir} were accepted`);
}

/**
 * What the publish gate of a build of these sources over the output in `earlierDir` would stop with
 * (the message the build prints after "mnrent build failed: "), from the same pipeline and gate run
 * in this process; the build's own refusal, with its exit and the earlier output kept, is
 * tests/faults.test.ts's, once for each way the gate stops a build.
 */
export async function gateRefusalOf(sourcesDir: string, earlierDir?: string): Promise<string> {
  const dataset = await loadTestDataset(sourcesDir, earlierDir === undefined ? {} : { previousDir: earlierDir });
  const reasons = publishGateReasons(dataset.gate, dataset.earlier);
  if (reasons.length === 0) throw new Error(`the sources in ${sourcesDir} passed the publish gate`);
  return new PublishGateError(reasons).message;
}
