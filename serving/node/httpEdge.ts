import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { applyCors, type CorsPolicy } from '../../kit/guard/cors.ts'
import type { HostPolicy } from '../../kit/guard/hostAllowed.ts'
import { refuseUnsafeRequest } from '../../kit/guard/refuseUnsafeRequest.ts'
import { type ApiRequest, apiRequest } from '../../kit/http/ApiRequest.ts'
import type { ApiResponse } from '../../kit/http/ApiResponse.ts'
import { errorResponse } from '../../kit/http/errorResponse.ts'
import { originForm } from '../../kit/http/originForm.ts'
import type { MemoryBudget } from '../../kit/memory/MemoryBudget.ts'
import { answerParserRefusals, missingHost } from '../../kit/node/answerParserRefusals.ts'
import { bodyText, type ReadBytes, readBodyInto } from '../../kit/node/readBody.ts'
import { requestHeader } from '../../kit/node/requestHeader.ts'
import { cutOffStalledReaders } from './cutOffStalledReaders.ts'
import { busy, type EdgeAnswer, LARGE_ANSWER_BYTES, sendAnswer } from './sendAnswer.ts'
import { takeTurns } from './takeTurns.ts'

// `import { createServer } from 'node:http'` builds an ES module facade that reads every export of
// node:http, and its lazy WebSocket and fetch getters then load undici: ~10 ms of every start-up, for
// nothing the servers use. The CommonJS module has no facade.
const { createServer } = process.getBuiltinModule('node:http')

export interface HttpTimeouts {
  /** The whole request must arrive within this (Node's `requestTimeout`). */
  requestMs: number
  /** The headers must arrive within this (`headersTimeout`): a slow-loris client is cut off. */
  headersMs: number
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number
  /** A connection whose client has not read its waiting answers for this long is closed. */
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

/** What the answerer gets besides the parsed request: the request as it came on the wire. */
export interface Wire {
  /** Header lines as received (name, value, …). */
  rawHeaders: string[]
  /** The body's bytes, undefined when there was none or it passed the cap. */
  bytes: Buffer | undefined
}

export interface HttpEdgeOptions {
  timeouts?: Partial<HttpTimeouts> | undefined
  cors: CorsPolicy
  hosts: HostPolicy
  /** What CONNECT gets: the mock is no proxy, the proxy tunnels to no host. */
  connect(target: string): ApiResponse
  /**
   * What a target that is not in origin form gets; undefined: it is read as its origin form, as RFC
   * 9112 section 3.2.2 asks of a server (the mock). The proxy refuses it (no target names a host).
   */
  notOriginForm?: (() => ApiResponse) | undefined
  /** The methods a CORS preflight for `path` may allow; given, the edge answers preflights itself. */
  preflight?: ((path: string) => string) | undefined
  /** The most of one request body that is read; past it the answerer sees `bodyTooLarge`. */
  maxBodyBytes: number
  /**
   * What bodies being read and answers not yet written count against: a body by its declared length
   * (the cap when chunked) before a byte is read, an answer until its last byte is on the socket.
   */
  budget: MemoryBudget
  answer(request: ApiRequest, wire: Wire): EdgeAnswer | Promise<EdgeAnswer>
  /** Called once per request with what it was answered, or `aborted` when the client went away mid-body. */
  log?: ((request: IncomingMessage, answer: EdgeAnswer | 'aborted', ms: number) => void) | undefined
  /** Lines of the server's own: a stalled reader cut off, a bug inside the answerer (never its stack). */
  note?: ((line: string) => void) | undefined
}

/**
 * The one node:http edge that the mock and the proxy stand on: everything between a socket and an
 * answerer. It refuses, with an Error body, what Node's parser refuses, a Host the policy refuses, a
 * cross-site write to `/__mock`, an HTTP/1.1 request without Host; it answers CORS preflights when
 * told their methods; it reads the body up to its cap, charged to the budget before a byte is read
 * (503 with `Retry-After` when it does not fit); it parses the request once (`apiRequest`) and hands
 * it to the answerer; it sends the answer counted against the budget until its last byte is written
 * (sendAnswer); pipelined requests of one connection take turns with every other's (takeTurns); a
 * client that stops reading is cut off (cutOffStalledReaders). Building is separate from listening.
 *
 * @example
 * const server = httpEdge({ cors, hosts, connect, maxBodyBytes: 1_048_576, budget, answer: (request) => engine.handle(request) })
 * server.listen(0, '127.0.0.1')
 */
export function httpEdge(options: HttpEdgeOptions): Server {
  const timeouts = { ...HTTP_TIMEOUTS, ...options.timeouts }
  const { budget, cors, hosts } = options

  function respond(incoming: IncomingMessage, response: ServerResponse): void | Promise<void> {
    const started = performance.now()
    const { host, origin, 'content-type': contentType } = incoming.headers
    const finish = (answer: EdgeAnswer, preflightMethods?: string) => {
      if (!('lines' in answer)) applyCors(cors, origin, answer.headers, preflightMethods)
      sendAnswer(response, answer, budget, incoming.method === 'HEAD')
      options.log?.(incoming, answer, performance.now() - started)
    }
    const raw = incoming.url ?? '/'
    // Origin form, once: the guard reads it now, the request parsed below keeps it.
    if (raw.charCodeAt(0) !== 47 && options.notOriginForm) return finish(closing(options.notOriginForm()))
    const target = originForm(raw)
    const method = incoming.method ?? 'GET'
    const refused = refuseUnsafeRequest({ method, target, host, origin, contentType }, cors, hosts)
    // Unread, a refused body would be parsed as the next request on a kept-alive connection.
    if (refused) return finish(closing(refused))
    const preflight = method === 'OPTIONS' && incoming.headers['access-control-request-method'] !== undefined
    // A preflight carries no credentials by design: never a 401. It allows the path's methods only.
    if (preflight && options.preflight)
      return finish({ status: 204, headers: {} }, options.preflight(apiRequest({ method, target }).path))
    const noHost = missingHost(incoming)
    if (noHost) return finish(noHost)
    // A body is counted before a byte of it is read: its declared length, or the cap when chunked
    // (one declared past the cap is refused unread). A small one is always taken, as a small answer is.
    const chunked = incoming.headers['transfer-encoding'] !== undefined
    const declared = chunked ? options.maxBodyBytes : Number(incoming.headers['content-length'] ?? 0) || 0
    const charged = declared <= options.maxBodyBytes ? declared : 0
    if (charged < LARGE_ANSWER_BYTES) budget.force(charged)
    else if (!budget.charge(charged)) return finish(busy(budget))
    const dispatch = (read: ReadBytes): void | Promise<void> => {
      budget.release(charged)
      // The client went away mid-body: there is nobody to answer.
      if (read.aborted) return void options.log?.(incoming, 'aborted', performance.now() - started)
      const request = apiRequest({
        method,
        target,
        header: (name) => requestHeader(incoming, name),
        body: read.bytes && read.bytes.length > 0 ? bodyText(read.bytes) : undefined,
        bodyTooLarge: read.tooLarge,
      })
      const answered = options.answer(request, { rawHeaders: incoming.rawHeaders, bytes: read.bytes })
      return answered instanceof Promise ? answered.then(finish) : finish(answered)
    }
    const now = readBodyInto(incoming, options.maxBodyBytes, (read) =>
      guarded(response, () => dispatch(read)),
    )
    if (now) return dispatch(now)
  }

  /** Runs `step`; a throw or a rejection is a bug (every answerer answers every input): said, without a stack. */
  function guarded(response: ServerResponse, step: () => void | Promise<void>): void | Promise<void> {
    const failed = (error: unknown) => {
      options.note?.(`internal error: ${(error as Error).message}`)
      if (response.headersSent) return void response.destroy()
      const message = 'The server failed to answer: this is a bug in petstore-mock.'
      sendAnswer(response, errorResponse(500, 'internal_error', message), budget)
    }
    try {
      return step()?.catch(failed)
    } catch (error) {
      failed(error)
    }
  }

  const server = createServer(
    {
      requestTimeout: timeouts.requestMs,
      headersTimeout: timeouts.headersMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      // How often Node looks for requests past those limits (30 s by default, which would let a
      // slow-loris connection live that much longer than headersTimeout says).
      connectionsCheckingInterval: Math.min(1_000, timeouts.headersMs),
      maxHeaderSize: MAX_HEADER_BYTES,
      // Node's own answer to an HTTP/1.1 request without Host has no body: `missingHost` answers it.
      requireHostHeader: false,
    },
    takeTurns((request, response) => guarded(response, () => respond(request, response))),
  )
  // `Expect: 100-continue` with a body over the cap: refused before the client sends it (RFC 9110
  // section 10.1.1), instead of inviting a body that would only be drained.
  server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    if (Number(request.headers['content-length'] ?? 0) <= options.maxBodyBytes) {
      response.writeContinue()
      return server.emit('request', request, response)
    }
    const message = `The request body is over ${options.maxBodyBytes} bytes.`
    sendAnswer(response, closing(errorResponse(413, 'payload_too_large', message)), budget)
  })
  answerParserRefusals(server, options.connect)
  cutOffStalledReaders(server, timeouts.unreadResponseMs, (waiting) =>
    options.note?.(
      `closed a connection that read none of its responses for ${timeouts.unreadResponseMs} ms (${waiting} bytes waiting)`,
    ),
  )
  return server
}

/** The answer with `Connection: close`, for a request whose body stays unread. */
function closing(answer: ApiResponse): ApiResponse {
  answer.headers.connection = 'close'
  return answer
}
