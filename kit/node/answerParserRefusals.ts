import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import type { ApiResponse } from '../http/ApiResponse.ts'
import { errorResponse } from '../http/errorResponse.ts'
import { rawErrorResponse } from './rawErrorResponse.ts'

/**
 * RFC 9112 section 3.2: an HTTP/1.1 request without Host is a 400, closing the connection as Node's
 * own answer does; Node's has no body, so each server here sets `requireHostHeader: false` and asks this.
 *
 * @example
 * missingHost(request) // undefined, or a 400 malformed_request
 */
export function missingHost(request: IncomingMessage): ApiResponse | undefined {
  if (request.headers.host !== undefined || request.httpVersion !== '1.1') return undefined
  return errorResponse(400, 'malformed_request', 'An HTTP/1.1 request needs a Host header.', {
    connection: 'close',
  })
}

/**
 * Answers, with an Error body, what never reaches the request handler: HTTP that Node's parser
 * refused (400; 408 for a timeout, naming the server's limits; 431 for oversized headers) and
 * CONNECT (the answer `connect` gives for its target: the mock and the proxy refuse it differently).
 *
 * @example
 * answerParserRefusals(server, (target) => errorResponse(405, 'method_not_allowed', `No CONNECT ${target}`))
 */
export function answerParserRefusals(server: Server, connect: (target: string) => ApiResponse): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || error.code === 'ECONNRESET') return void socket.destroy()
    let refusal = errorResponse(400, 'malformed_request', 'The request is not valid HTTP/1.1.')
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      const message = `The request did not arrive in time (headers within ${server.headersTimeout} ms, all of it within ${server.requestTimeout} ms).`
      refusal = errorResponse(408, 'malformed_request', message)
    }
    if (error.code === 'HPE_HEADER_OVERFLOW') {
      // The server's own limit (createServer keeps its option there; @types/node does not declare
      // it), else Node's default; not `import { maxHeaderSize }`: the ES module facade loads undici.
      const bytes =
        (server as { maxHeaderSize?: number }).maxHeaderSize ??
        process.getBuiltinModule('node:http').maxHeaderSize
      refusal = errorResponse(431, 'malformed_request', `The request headers exceed ${bytes} bytes.`)
    }
    socket.end(rawErrorResponse(refusal))
  })
  // Node hands CONNECT to this event and, with no listener, drops the connection without a word.
  server.on('connect', (request: IncomingMessage, socket: Duplex) => {
    socket.end(rawErrorResponse(connect(request.url ?? '')))
  })
}
