import type { IncomingMessage } from 'node:http'
import { type ApiRequest, apiRequest } from '../../kit/http/ApiRequest.ts'
import type { ReadBody } from '../../kit/node/readBody.ts'
import { requestHeader } from '../../kit/node/requestHeader.ts'

/**
 * The node:http edge: a request as every part below reads it, parsed once. `target` is the request
 * target in origin form (`originForm(request.url)`, computed once by the caller, which guards with
 * it before the body is read); headers by lower-case name, repeated Authorization and Content-Type
 * joined as Fetch joins them; the body already read.
 *
 * @example
 * engine.handle(toApiRequest(request, originForm(request.url ?? '/'), asText(read)))
 */
export function toApiRequest(request: IncomingMessage, target: string, read: ReadBody): ApiRequest {
  return apiRequest({
    method: request.method ?? 'GET',
    target,
    header: (name) => requestHeader(request, name),
    body: read.body,
    bodyTooLarge: read.tooLarge,
  })
}
