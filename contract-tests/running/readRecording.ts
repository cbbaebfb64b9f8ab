// A HAR file read for the commands that take recorded traffic (--replay, coverage, breaks): the
// exchanges and the base path their URLs carry.
import { readHarFile } from '../../har/readHarFile.ts'
import { trimTrailingSlashes } from '../../kit/text/trimTrailingSlashes.ts'
import type { SpecVocabulary } from '../../spec/runtime.ts'
import type { Recording } from '../checks/replayedInteractions.ts'

/**
 * Reads `file` as a HAR (`readHarFile`: a regular file, bounded in size and shape); `basePath`
 * defaults to the document's (`vocabulary.basePath`, `/v1`). Throws HarError saying what is wrong.
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
