import type { ValidateFunction } from 'ajv'
import type { ApiRequest } from '../../kit/http/ApiRequest.ts'
import { type ApiResponse, type Parsed, refuse } from '../../kit/http/ApiResponse.ts'
import { errorResponse } from '../../kit/http/errorResponse.ts'
import { type ExactJson, parseExactJson } from '../../kit/json/exactJson.ts'
import { findDuplicateKey } from '../../kit/json/findDuplicateKey.ts'
import { jsonShapeProblem } from '../../kit/json/jsonShape.ts'
import { clip } from '../../kit/text/clip.ts'
import { validateExact } from './validateExact.ts'

/** The largest request body the mock reads (a project choice: the document sets no size limit). */
export const MAX_BODY_BYTES = 64 * 1024

/**
 * How deep a body may nest (a project choice, as the size): 32,000 levels fit in MAX_BODY_BYTES, and
 * past about 4,000 the recursive readers and writers of a JSON value (validation, the answer's
 * JSON.stringify) overflow the stack, which answered 500. The body cap bounds the rest of its shape.
 */
export const MAX_BODY_DEPTH = 512
const BODY_SHAPE = { maxDepth: MAX_BODY_DEPTH, maxContainers: MAX_BODY_BYTES, maxValues: MAX_BODY_BYTES }

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/

/**
 * Reads a JSON request body against the operation's body schema, in the order a client would fix
 * things: encoding (415), media type (415), size (413), nesting past MAX_BODY_DEPTH (400
 * invalid_body), JSON syntax (400 malformed_json), a field
 * given twice (400 invalid_body: which copy counts differs between parsers), then the schema (400
 * invalid_body; an integer beyond ±(2^53 - 1) must be an int64 and is kept exact, see `exactJson`).
 * Every operation with a JSON body goes through it, stateful or spec-driven.
 *
 * @example
 * parseJsonBody(request, validators.requestBody('createPet')) // { ok: true, value: { name: 'Rex', categoryId: 1 } }
 */
export function parseJsonBody(request: ApiRequest, validate: ValidateFunction): Parsed<unknown> {
  const encoding = request.header('content-encoding')?.trim().toLowerCase()
  if (encoding && encoding !== 'identity') {
    const message = `Content-Encoding '${clip(encoding)}' is not supported; send an uncompressed JSON body`
    return refuse(errorResponse(415, 'unsupported_media_type', message))
  }
  const contentType = request.header('content-type')
  if (contentType !== 'application/json' && !isJsonMediaType(contentType)) {
    const received = contentType === undefined ? 'none' : `'${clip(contentType)}'`
    const message = `Content-Type must be application/json; received ${received}`
    return refuse(errorResponse(415, 'unsupported_media_type', message))
  }
  if (request.bodyTooLarge) return refuse(bodyTooLarge())
  const text = request.body ?? ''
  if (text.trim() === '') return invalidBody('The request body is required: a JSON value the spec describes')

  const shape = jsonShapeProblem(text, BODY_SHAPE)
  if (shape !== undefined) return invalidBody(`The request body is ${shape}; send a flatter JSON value`)

  const read = readJsonText(text)
  if (!read.ok) return read
  const parsed = read.value
  const duplicate = isObject(parsed.value) ? findDuplicateKey(text) : undefined
  if (duplicate !== undefined) {
    const message = `body holds '${clip(duplicate)}' more than once; send each field once (RFC 8259 section 4)`
    return invalidBody(message)
  }
  const checked = validateExact(parsed, validate, 'body')
  return checked.ok ? checked : invalidBody(checked.message)
}

/** The 413 for a body the edge stopped reading past MAX_BODY_BYTES: unread, it must not count as no body. */
export function bodyTooLarge(): ApiResponse {
  return errorResponse(413, 'payload_too_large', `The request body exceeds ${MAX_BODY_BYTES} bytes.`)
}

/**
 * `text` as exact JSON (`parseExactJson`), or the 400 malformed_json that says where it is not JSON.
 *
 * @example
 * readJsonText('{"a":') // { ok: false, response: { status: 400, body: { code: 'malformed_json', ... } } }
 */
export function readJsonText(text: string): Parsed<ExactJson> {
  try {
    return { ok: true, value: parseExactJson(text) }
  } catch (error) {
    const message = `The request body is not valid JSON: ${(error as Error).message}`
    return refuse(errorResponse(400, 'malformed_json', message))
  }
}

/** A JSON media type (`application/json`, `application/merge-patch+json`), parameters and case aside. */
function isJsonMediaType(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase()
  return mediaType !== undefined && JSON_MEDIA_TYPE.test(mediaType)
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function invalidBody(message: string): { ok: false; response: ApiResponse } {
  return refuse(errorResponse(400, 'invalid_body', message))
}
