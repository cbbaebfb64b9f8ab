import type { IncomingMessage } from 'node:http'
import type { EngineRequest } from '../../kit/http/ApiResponse.ts'
import type { ReadBody } from '../../kit/node/readBody.ts'

/**
 * A node:http request as the engine sees it: origin-form target, headers by lower-case name
 * (repeated Authorization and Content-Type joined, as Fetch does), and the body already read.
 *
 * @example
 * engine.handle(toEngineRequest(request, readBody(request, MAX_BODY_BYTES)))
 */
export function toEngineRequest(request: IncomingMessage, read: ReadBody): EngineRequest {
  return {
    method: request.method ?? 'GET',
    url: originForm(request.url ?? '/'),
    header: (name) => headerOf(request, name),
    body: read.body,
    bodyTooLarge: read.tooLarge,
  }
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

/**
 * Absolute-form request targets (`GET http://host/v1/pets`, RFC 9112 section 3.2.2) routed by their path.
 *
 * @example
 * originForm('http://example.com/v1/pets?limit=2') // '/v1/pets?limit=2'
 */
export function originForm(target: string): string {
  if (target.charCodeAt(0) === 47 || !/^https?:\/\//i.test(target)) return target
  const url = URL.parse(target)
  return url ? url.pathname + url.search : target
}
