import { documentedResponseKey } from './documentedStatus.ts'
import type { MediaTypeObject, OperationObject } from './PetStoreDocument.ts'

/**
 * The Error `code` the spec gives for `status` on an operation: the `code` of the first example of
 * the response that documents it (exact, range or `default`). Undefined when that response has no
 * example with a string `code`, or the status is not documented. The mock uses it for forced errors,
 * so the codes in the document are the codes a frontend sees.
 *
 * @example
 * errorCodeFor(operationById(document, 'getPet'), 404) // 'not_found'
 * errorCodeFor(operationById(document, 'listPets'), 401) // 'unauthorized'
 */
export function errorCodeFor(
  operation: Pick<OperationObject, 'responses'>,
  status: number,
): string | undefined {
  const key = documentedResponseKey(operation.responses, status)
  const media = key === undefined ? undefined : operation.responses[key]?.content?.['application/json']
  return exampleCodes(media)[0]
}

/** The string `code`s of a media type's examples, in document order. */
export function exampleCodes(media: MediaTypeObject | undefined): string[] {
  return exampleValues(media)
    .map((value) => (value as { code?: unknown } | null)?.code)
    .filter((code): code is string => typeof code === 'string')
}

/**
 * The example values of a media type, in document order: `example`, then each of `examples`.
 *
 * @example
 * exampleValues({ examples: { a: { value: 1 }, b: { value: 2 } } }) // [1, 2]
 */
export function exampleValues(media: MediaTypeObject | undefined): unknown[] {
  const values = [media?.example, ...Object.values(media?.examples ?? {}).map((example) => example.value)]
  return values.filter((value) => value !== undefined)
}
