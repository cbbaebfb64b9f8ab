// A HAR file read for the commands that take recorded traffic (--replay, coverage, breaks): the
// exchanges and the base path their URLs carry.
import { readFile } from 'node:fs/promises'
import { HarError, readHar } from '../../har/readHar.ts'
import { trimTrailingSlashes } from '../../kit/text/trimTrailingSlashes.ts'
import type { SpecVocabulary } from '../../spec/runtime.ts'
import type { Recording } from '../checks/replayedInteractions.ts'

/**
 * Reads `file` as a HAR; `basePath` defaults to the document's (`vocabulary.basePath`, `/v1`).
 * Throws HarError naming the file and the problem.
 *
 * @example
 * await readRecording('app.har', defaultSpec().vocabulary) // { exchanges: [...], basePath: '/v1' }
 */
export async function readRecording(
  file: string,
  vocabulary: Pick<SpecVocabulary, 'basePath'>,
  basePath?: string,
): Promise<Recording> {
  const text = await readFile(file, 'utf8').catch((error: Error) => {
    throw new HarError(`${file}: ${error.message}`)
  })
  return {
    exchanges: readHar(text),
    basePath: trimTrailingSlashes(basePath ?? vocabulary.basePath),
  }
}
