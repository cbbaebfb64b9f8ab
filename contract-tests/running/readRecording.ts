import { readHarFile } from '../../har/readHarFile.ts'
import { trimTrailingSlashes } from '../../kit/text/trimTrailingSlashes.ts'
import type { SpecVocabulary } from '../../spec/runtime.ts'
import type { Recording } from '../checks/replayedInteractions.ts'

/**
 * A HAR file as the commands that take recorded traffic read it (--replay, coverage, breaks):
 * `readHarFile`'s exchanges (a regular file, bounded in size and shape) and the base path their URLs
 * carry, the document's (`vocabulary.basePath`) by default. Throws HarError saying what is wrong.
 *
 * @example
 * await readRecording('app.har', defaultSpec().vocabulary) // { exchanges: [...], basePath: '/v1' }
 */
export async function readRecording(
  file: string,
  vocabulary: Pick<SpecVocabulary, 'basePath'>,
  basePath?: string,
): Promise<Recording> {
  return {
    exchanges: await readHarFile(file),
    basePath: trimTrailingSlashes(basePath ?? vocabulary.basePath),
  }
}
