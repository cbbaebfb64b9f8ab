import type { ApiRequest } from '../../kit/http/ApiRequest.ts'
import { type ApiResponse, type Parsed, refuse } from '../../kit/http/ApiResponse.ts'
import { errorResponse, JSON_HEADERS } from '../../kit/http/errorResponse.ts'
import { preferredExample, preferredStatus } from '../../kit/http/parsePrefer.ts'
import { type PathParameters, readParameters } from '../../spec/readParameters.ts'
import {
  documentedResponseKey,
  exampleValues,
  type ResponseObject,
  type SpecOperation,
  type SpecValidators,
  sampleFromSchema,
} from '../../spec/runtime.ts'
import { parseJsonBody } from './parseJsonBody.ts'

/** Headers the engine sets itself; a response's documented examples of them are not copied. */
const ENGINE_HEADERS = new Set(['content-type', 'deprecation', 'sunset', 'link', 'www-authenticate'])

/**
 * Answers an operation the mock has no stateful handler for, from the spec alone (as Prism does):
 * its parameters and JSON body are validated like any other operation's (400/413/415), then the
 * answer is the documented success response (or the status of `Prefer: code=`), with the example
 * `Prefer: example=NAME` names, else the response's first example, else a value generated from its
 * schema. Documented response headers with an example are sent too. Auth, `Prefer: code=` for an
 * error status and the deprecation headers are the engine's, as for every operation.
 *
 * @example
 * answerFromSpec(operationById(document, 'listMyPets'), request, { params: {} }, validators)
 * // { status: 200, headers: { 'content-type': 'application/json' }, body: [...the first example] }
 */
export function answerFromSpec(
  operation: SpecOperation,
  request: ApiRequest,
  path: PathParameters,
  validators: SpecValidators,
): ApiResponse {
  const read = readParameters(operation, request, path, validators).find((one) => one.state === 'problem')
  if (read?.state === 'problem') return errorResponse(400, 'invalid_parameter', read.problem.message)
  if (operation.requestBody?.content['application/json']?.schema) {
    const hasBody = request.body !== undefined && request.body !== ''
    if (hasBody || operation.requestBody.required) {
      const body = parseJsonBody(request, validators.requestBody(operation.operationId))
      if (!body.ok) return body.response
    }
  }
  const chosen = chooseResponse(operation, request.header('prefer'))
  if (!chosen.ok) return chosen.response
  const { status, response } = chosen.value
  const headers: Record<string, string> = {}
  for (const [name, header] of Object.entries(response.headers ?? {})) {
    const lower = name.toLowerCase()
    const example = header.example ?? header.schema?.example
    if (!ENGINE_HEADERS.has(lower) && example !== undefined) headers[lower] = String(example)
  }
  const media = response.content?.['application/json']
  if (!media) return { status, headers }
  const body = bodyOf(media, preferredExample(request.header('prefer')))
  return { status, headers: { ...JSON_HEADERS, ...headers }, body }
}

type Chosen = { status: number; response: ResponseObject }

/** The documented success response, or the one `Prefer: code=` / `Prefer: example=` asks for. */
function chooseResponse(operation: SpecOperation, prefer: string | undefined): Parsed<Chosen> {
  const responses = operation.responses
  const wantedStatus = preferredStatus(prefer)
  if (wantedStatus !== undefined) {
    const key = documentedResponseKey(responses, wantedStatus)
    const response = key === undefined ? undefined : responses[key]
    if (response) return { ok: true, value: { status: wantedStatus, response } }
    return refuse(undocumented(operation, `Prefer: code=${wantedStatus}`))
  }
  const wantedExample = preferredExample(prefer)
  if (wantedExample !== undefined) {
    for (const [key, response] of Object.entries(responses)) {
      if (response.content?.['application/json']?.examples?.[wantedExample] !== undefined)
        return { ok: true, value: { status: statusOf(key), response } }
    }
    return refuse(undocumented(operation, `Prefer: example=${wantedExample}`))
  }
  const success =
    Object.keys(responses)
      .filter((key) => /^[23]\d\d$/.test(key))
      .sort()[0] ??
    Object.keys(responses).find((key) => /^[23]XX$/i.test(key)) ??
    (responses.default ? 'default' : undefined)
  const response = success === undefined ? undefined : responses[success]
  if (success === undefined || !response)
    return refuse(undocumented(operation, 'a request (no success response is documented)'))
  return { ok: true, value: { status: statusOf(success), response } }
}

/** `201` → 201; a range `2XX` → 200; `default` → 200. */
function statusOf(key: string): number {
  return /^\d{3}$/.test(key) ? Number(key) : key === 'default' ? 200 : Number(key[0]) * 100
}

/** The named example, else the first example, else a value generated from the schema. */
function bodyOf(media: NonNullable<ResponseObject['content']>[string], wanted: string | undefined): unknown {
  const named = wanted === undefined ? undefined : media.examples?.[wanted]
  if (named?.value !== undefined) return named.value
  const [first] = exampleValues(media)
  return first !== undefined ? first : sampleFromSchema(media.schema)
}

/**
 * The 400 for what a request asks of `operation` (`Prefer: code=599`) that the spec does not
 * document, listing what it does: its responses and their named examples.
 *
 * @example
 * undocumented(getPet, 'Prefer: code=418') // 400: 'Prefer: code=418 is not documented for getPet; documented: 200, 400, 401, 404; examples: found, ...'
 */
export function undocumented(operation: SpecOperation, what: string): ApiResponse {
  const documented = Object.keys(operation.responses).join(', ')
  const examples = Object.values(operation.responses).flatMap((r) =>
    Object.keys(r.content?.['application/json']?.examples ?? {}),
  )
  const known = examples.length > 0 ? `; examples: ${examples.join(', ')}` : ''
  const message = `${what} is not documented for ${operation.operationId}; documented: ${documented}${known}`
  return errorResponse(400, 'invalid_parameter', message)
}
