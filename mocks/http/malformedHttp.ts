import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import type { ApiResponse } from '../../kit/http/ApiResponse.ts'
import { errorResponse } from '../../kit/http/errorResponse.ts'
import { rawErrorResponse } from '../../kit/node/rawErrorResponse.ts'
import { clip } from '../../kit/text/clip.ts'

export interface HttpTimeouts {
  /** The whole request must arrive within this (Node's `requestTimeout`). */
  requestMs: number
  /** The headers must arrive within this (`headersTimeout`): a slow-loris client is cut off. */
  headersMs: number
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number
  /** A connection whose client has not read its waiting responses for this long is closed. */
  unreadResponseMs: number
}

export const HTTP_TIMEOUTS: Readonly<HttpTimeouts> = {
  requestMs: 10_000,
  headersMs: 5_000,
  keepAliveMs: 5_000,
  unreadResponseMs: 10_000,
}
/** Headers larger than this get 431. */
export const MAX_HEADER_BYTES = 16_384

/**
 * RFC 9112 section 3.2: an HTTP/1.1 request without Host is a 400 (Node's own answer has no body).
 * Undefined when the request is fine.
 *
 * @example
 * missingHost(request) // undefined, or a 400 malformed_request
 */
export function missingHost(request: IncomingMessage): ApiResponse | undefined {
  if (request.headers.host !== undefined || request.httpVersion !== '1.1') return undefined
  return errorResponse(400, 'malformed_request', 'An HTTP/1.1 request needs a Host header.')
}

/**
 * Answers, with an Error body, what never reaches the request handler: HTTP that Node's parser
 * refused (400, 408 for a timeout, 431 for oversized headers) and CONNECT (405: not a proxy).
 *
 * @example
 * answerMalformedHttp(server, HTTP_TIMEOUTS)
 */
export function answerMalformedHttp(server: Server, timeouts: HttpTimeouts): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') return void socket.destroy()
    socket.end(rawErrorResponse(clientErrorResponse(error.code, timeouts)))
  })
  // Node hands CONNECT to this event and, with no listener, drops the connection without a word.
  server.on('connect', (request: IncomingMessage, socket: Duplex) => {
    const message = `CONNECT is not allowed: this is not a proxy (${clip(request.url ?? '')}).`
    socket.end(rawErrorResponse(errorResponse(405, 'method_not_allowed', message)))
  })
}

/** The Error body for HTTP that Node's parser refused, by its error code. */
function clientErrorResponse(code: string | undefined, timeouts: HttpTimeouts): ApiResponse {
  if (code === 'HPE_HEADER_OVERFLOW')
    return errorResponse(431, 'malformed_request', `The request headers exceed ${MAX_HEADER_BYTES} bytes.`)
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    const message = `The request did not arrive in time (headers within ${timeouts.headersMs} ms, all of it within ${timeouts.requestMs} ms).`
    return errorResponse(408, 'malformed_request', message)
  }
  return errorResponse(400, 'malformed_request', 'The request is not valid HTTP/1.1.')
}
