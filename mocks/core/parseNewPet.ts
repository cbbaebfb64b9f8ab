import { describeAjvErrors, type NewPet, type SpecValidators } from '../../spec/runtime.ts'
import type { EngineRequest, EngineResponse } from './EngineMessages.ts'
import { errorResponse } from './errorResponse.ts'
import { findDuplicateKey } from './findDuplicateKey.ts'
import { clip } from './parseListQuery.ts'

/** The largest request body the mock reads (a project choice: the document sets no size limit). */
export const MAX_BODY_BYTES = 64 * 1024

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/

/**
 * Reads the createPet body, in the order a client would fix things: encoding (415), media type (415),
 * size (413), JSON syntax (400 malformed_json), a field given twice (400 invalid_body: which copy
 * counts differs between parsers), then the spec's NewPet schema (400 invalid_body), then the mock's own rules: `id` is the service's to choose (400 read_only_field) and `categoryId`
 * must be exact in JavaScript (400 unsafe_integer). Unknown fields are dropped, not stored.
 *
 * @example
 * parseNewPet(request, validators) // { name: 'Rex', categoryId: 1 } or a 4xx EngineResponse
 */
export function parseNewPet(request: EngineRequest, validators: SpecValidators): NewPet | EngineResponse {
  const encoding = request.header('content-encoding')?.trim().toLowerCase()
  if (encoding && encoding !== 'identity') {
    return errorResponse(
      415,
      'unsupported_media_type',
      `Content-Encoding '${clip(encoding)}' is not supported; send an uncompressed JSON body`,
    )
  }
  const contentType = request.header('content-type')
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase()
  if (!mediaType || !JSON_MEDIA_TYPE.test(mediaType)) {
    const received = contentType === undefined ? 'none' : `'${clip(contentType)}'`
    return errorResponse(
      415,
      'unsupported_media_type',
      `Content-Type must be application/json; received ${received}`,
    )
  }
  if (request.bodyTooLarge) {
    return errorResponse(413, 'payload_too_large', `The request body exceeds ${MAX_BODY_BYTES} bytes.`)
  }
  const text = request.body ?? ''
  if (text.trim() === '') return invalidBody('The request body is required: a NewPet JSON object')

  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    return errorResponse(
      400,
      'malformed_json',
      `The request body is not valid JSON: ${(error as Error).message}`,
    )
  }
  const duplicate = isObject(parsed) ? findDuplicateKey(text) : undefined
  if (duplicate !== undefined) {
    return invalidBody(
      `body holds '${clip(duplicate)}' more than once; send each field once (RFC 8259 section 4)`,
    )
  }
  const validate = validators.requestBody('createPet')
  if (!validate(parsed)) return invalidBody(describeAjvErrors(validate.errors, 'body'))

  const body = parsed as NewPet & { id?: unknown }
  if (Object.hasOwn(body, 'id')) {
    return errorResponse(400, 'read_only_field', 'body/id must not be sent: the service assigns the id')
  }
  if (!Number.isSafeInteger(body.categoryId)) {
    return errorResponse(
      400,
      'unsafe_integer',
      // Not echoed: JSON.parse has already rounded it, and the rounded value is not what was sent.
      'body/categoryId is beyond the integers a JavaScript client can hold exactly (-(2^53 - 1) to 2^53 - 1), so it would come back rounded',
    )
  }
  const pet: NewPet = { name: body.name, categoryId: body.categoryId }
  if (body.status !== undefined) pet.status = body.status
  return pet
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function invalidBody(message: string): EngineResponse {
  return errorResponse(400, 'invalid_body', message)
}
