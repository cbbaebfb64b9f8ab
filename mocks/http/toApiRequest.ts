import type { IncomingMessage } from 'node:http'
import { type ApiRequest, apiRequest } from '../../kit/http/ApiRequest.ts'
import type { ReadBody } from '../../kit/node/readBody.ts'

/**
 * The node:http edge: a request as every part below reads it, parsed once. `target` is the request
 * target in origin form (`originForm(request.url)`, computed once by the caller, which guards with
 * it before the body is read); headers by lower-case name, repeated Authorization and Content-Type
 * joined as Fetch joins them; the body already read.
 *
 * @example
 * engine.handle(toApiRequest(request, originForm(request.url ?? '/'), await readBody(request, MAX_BODY_BYTES)))
 */
export function toApiRequest(request: IncomingMessage, target: string, read: ReadBody): ApiRequest {
  return apiRequest({
    method: request.method ?? 'GET',
    target,
    header: (name) => headerOf(request, name),
    body: read.body,
    bodyTooLarge: read.tooLarge,
  })
}

function headerOf(request: IncomingMessage, name: string): string | undefined {
  // node:http keeps only the first Authorization and Content-Type headers; a repeated one must not
  // slip past auth or the media type check (MSW's Fetch headers join them, so both transports agree).
  if (name === 'authorization' || name === 'content-type') return joinedHeader(request.rawHeaders, name)
  const value = request.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

function joinedHeader(rawHeaders: readonly string[], name: string): string | undefined {
  let found: string | undefined
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (
      (rawHeaders[i] as string).length === name.length &&
      (rawHeaders[i] as string).toLowerCase() === name
    ) {
      found = found === undefined ? rawHeaders[i + 1] : `${found}, ${rawHeaders[i + 1]}`
    }
  }
  return found
}
