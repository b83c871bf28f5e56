import { loadDataset } from '../../src/lib/dataset/load.ts';
import { generationTime } from '../../src/lib/dataset/options.ts';
import { ExpectedError, isSourceError } from '../../src/lib/errors.ts';
import { MINNESOTA } from '../../src/lib/states.ts';
import { TEST_EPOCH, TEST_SITE } from './paths.ts';

/**
 * What a build of these sources would stop with, from the same pipeline run in this process: the
 * message of its SourceError (the build prints it after "mnrent build failed: "). A source's rules
 * are checked this way; the tests that run the command itself show the one line, the exit code and
 * the earlier output kept, once for each way a build can fail.
 */
export async function refusalOf(sourcesDir: string, folders: { agencyAreasDir?: string } = {}): Promise<string> {
  try {
    await loadDataset({ sourcesDir, ...folders, site: TEST_SITE, generatedAt: generationTime(TEST_EPOCH), state: MINNESOTA });
  } catch (error) {
    if (isSourceError(error) || error instanceof ExpectedError) return error.message;
    throw error;
  }
  throw new Error(`the sources in ${sourcesDir} were accepted`);
}
