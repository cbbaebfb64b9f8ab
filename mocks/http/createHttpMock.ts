import { createServer, type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import { seedPets } from '../../fixtures/seedPets.ts'
import {
  compileValidators,
  openApiDocument,
  type Pet,
  type PetStoreDocument,
  type SpecValidators,
} from '../../spec/runtime.ts'
import { CONTROL_PREFIX, handleControl } from '../core/controlPlane.ts'
import { createEngine, DEFAULT_API_KEY, type Engine } from '../core/createEngine.ts'
import type { EngineRequest, EngineResponse } from '../core/EngineMessages.ts'
import { errorResponse } from '../core/errorResponse.ts'
import { PetStore } from '../core/PetStore.ts'
import { clip } from '../core/parseListQuery.ts'
import { MAX_BODY_BYTES } from '../core/parseNewPet.ts'
import { applyCors, corsPolicy } from './cors.ts'
import { type ReadBody, readBody } from './readBody.ts'

export interface HttpMockOptions {
  apiKeys?: readonly string[]
  /** Pets to start with and to return to on `POST /__mock/reset`; the fixture pets by default. */
  seed?: readonly Pet[]
  /** Artificial latency before every API response, in milliseconds. */
  latencyMs?: number
  /** Origins allowed besides localhost and 127.0.0.1 on any port (`*` for all). */
  corsOrigins?: readonly string[]
  /** Receives one line per request (method, path with secrets redacted, status, time); none when omitted. */
  log?: (line: string) => void
  spec?: { document: PetStoreDocument; validators: SpecValidators }
  selfCheck?: boolean
  /** Called after every accepted write (a created pet, a reset): the state file's cue. */
  onWrite?: () => void
  /** Connection limits in milliseconds; tests shorten them. Defaults in HTTP_TIMEOUTS. */
  timeouts?: Partial<HttpTimeouts>
}

export interface HttpTimeouts {
  /** The whole request must arrive within this (Node's `requestTimeout`). */
  requestMs: number
  /** The headers must arrive within this (`headersTimeout`): a slow-loris client is cut off. */
  headersMs: number
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number
}

export const HTTP_TIMEOUTS: Readonly<HttpTimeouts> = {
  requestMs: 10_000,
  headersMs: 5_000,
  keepAliveMs: 5_000,
}
/** Headers larger than this get 431. */
export const MAX_HEADER_BYTES = 16_384

export interface HttpMock {
  /** A node:http server, not yet listening: `listen(port, host)` is the caller's (see `listen`). */
  server: Server
  store: PetStore
  /** Swaps in another document (spec hot reload); the store and its pets stay. */
  setSpec(spec: { document: PetStoreDocument; validators: SpecValidators }): void
}

/**
 * The standalone HTTP mock: a thin node:http adapter over the same engine the MSW handlers use.
 * Building is separate from listening, so tests can listen on port 0.
 *
 * @example
 * const mock = createHttpMock({ log: console.log })
 * mock.server.listen(4010, '127.0.0.1')
 */
export function createHttpMock(options: HttpMockOptions = {}): HttpMock {
  const seed = options.seed ?? seedPets
  const store = new PetStore(seed)
  const cors = corsPolicy(options.corsOrigins)
  const secrets = options.apiKeys?.length ? options.apiKeys : [DEFAULT_API_KEY]
  const timeouts = { ...HTTP_TIMEOUTS, ...options.timeouts }
  let spec = options.spec ?? { document: openApiDocument, validators: compileValidators(openApiDocument) }
  let engine = build()

  function build(): Engine {
    return createEngine({
      store,
      spec,
      ...(options.apiKeys && { apiKeys: options.apiKeys }),
      ...(options.selfCheck && { selfCheck: true }),
    })
  }

  // Hot path: a request without a body is answered synchronously, with no promise in between.
  function respond(request: IncomingMessage, response: ServerResponse): void | Promise<void> {
    const started = options.log ? performance.now() : 0
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      // A preflight carries no credentials by design: never answer it 401.
      return finish(request, response, { status: 204, headers: {} }, true, started)
    }
    if (request.headers.host === undefined && request.httpVersion === '1.1') {
      // RFC 9112 section 3.2: an HTTP/1.1 request without Host is a 400 (Node's own answer has no body).
      const missingHost = errorResponse(400, 'malformed_request', 'An HTTP/1.1 request needs a Host header.')
      return finish(request, response, missingHost, false, started)
    }
    const read = readBody(request, MAX_BODY_BYTES)
    if (read instanceof Promise) return read.then((body) => dispatch(request, response, body, started))
    return dispatch(request, response, read, started)
  }

  function dispatch(
    request: IncomingMessage,
    response: ServerResponse,
    read: ReadBody,
    started: number,
  ): void | Promise<void> {
    const url = originForm(request.url ?? '/')
    const engineRequest: EngineRequest = {
      method: request.method ?? 'GET',
      url,
      header: (name) => headerOf(request, name),
      body: read.body,
      bodyTooLarge: read.tooLarge,
    }
    const result =
      (url.startsWith(CONTROL_PREFIX) &&
        handleControl(engineRequest, { store, validators: spec.validators, defaultSeed: seed })) ||
      engine.handle(engineRequest)
    if (read.tooLarge) result.headers.connection = 'close'
    // Only POST writes (createPet, /__mock/reset), and only a 2xx answer means it happened.
    if (options.onWrite && result.status < 300 && engineRequest.method === 'POST') options.onWrite()
    if (!options.latencyMs) return finish(request, response, result, false, started)
    return new Promise<void>((resolve) => setTimeout(resolve, options.latencyMs)).then(() =>
      finish(request, response, result, false, started),
    )
  }

  function finish(
    request: IncomingMessage,
    response: ServerResponse,
    result: EngineResponse,
    preflight: boolean,
    started: number,
  ): void {
    applyCors(cors, request.headers.origin, preflight, result.headers)
    send(response, result)
    options.log?.(
      `${request.method} ${redact(request.url ?? '/', secrets)} ${result.status} ${(performance.now() - started).toFixed(1)}ms`,
    )
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
      requireHostHeader: false,
    },
    (request, response) => {
      const failed = (error: unknown) => {
        // Only a bug gets here (the engine answers every input with a response). Say so, without a stack.
        options.log?.(`internal error: ${redact((error as Error).message, secrets)}`)
        if (!response.headersSent)
          send(response, { ...INTERNAL_ERROR, headers: { ...INTERNAL_ERROR.headers } })
        else response.destroy()
      }
      try {
        respond(request, response)?.catch(failed)
      } catch (error) {
        failed(error)
      }
    },
  )
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    // Malformed HTTP never reaches the handler; answer it with an Error body where the socket allows.
    if (!socket.writable || error.code === 'ECONNRESET') return void socket.destroy()
    socket.end(rawErrorResponse(clientErrorResponse(error.code, timeouts)))
  })
  // Node hands CONNECT to this event and, with no listener, drops the connection without a word.
  server.on('connect', (request: IncomingMessage, socket: Duplex) => {
    const message = `CONNECT is not allowed: this is not a proxy (${clip(request.url ?? '')}).`
    socket.end(rawErrorResponse(errorResponse(405, 'method_not_allowed', message)))
  })

  return {
    server,
    store,
    setSpec(next) {
      spec = next
      engine = build()
    },
  }
}

const INTERNAL_ERROR: EngineResponse = {
  status: 500,
  headers: { 'content-type': 'application/json' },
  body: {
    code: 'internal_error',
    message: 'The mock failed to answer: this is a bug in the mock.',
    status: 500,
  },
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

/** The Error body for HTTP that Node's parser refused, by its error code. */
function clientErrorResponse(code: string | undefined, timeouts: HttpTimeouts): EngineResponse {
  if (code === 'HPE_HEADER_OVERFLOW')
    return errorResponse(431, 'malformed_request', `The request headers exceed ${MAX_HEADER_BYTES} bytes.`)
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    const message = `The request did not arrive in time (headers within ${timeouts.headersMs} ms, all of it within ${timeouts.requestMs} ms).`
    return errorResponse(408, 'malformed_request', message)
  }
  return errorResponse(400, 'malformed_request', 'The request is not valid HTTP/1.1.')
}

/** A whole HTTP/1.1 response as text, for a socket that no ServerResponse serves. */
function rawErrorResponse(result: EngineResponse): string {
  const body = JSON.stringify(result.body)
  const head = [`HTTP/1.1 ${result.status} ${STATUS_CODES[result.status]}`]
  for (const [name, value] of Object.entries(result.headers)) head.push(`${name}: ${value}`)
  head.push(`content-length: ${Buffer.byteLength(body)}`, 'connection: close')
  return `${head.join('\r\n')}\r\n\r\n${body}`
}

/** Absolute-form request targets (`GET http://host/v1/pets`, RFC 9112 section 3.2.2) routed by their path. */
function originForm(target: string): string {
  if (target.charCodeAt(0) === 47 || !/^https?:\/\//i.test(target)) return target
  const url = URL.parse(target)
  return url ? url.pathname + url.search : target
}

function send(response: ServerResponse, result: EngineResponse): void {
  const text = result.body === undefined ? undefined : JSON.stringify(result.body)
  if (text !== undefined) result.headers['content-length'] = String(Buffer.byteLength(text))
  response.writeHead(result.status, result.headers)
  response.end(text)
}

/**
 * Neither the accepted keys (as sent or percent-encoded, anywhere in the text) nor query values that
 * look like credentials reach a log line.
 *
 * @example
 * redact('/v1/pets?api_key=abc', []) // '/v1/pets?api_key=***'
 * redact('/v1/pets/k3y', ['k3y']) // '/v1/pets/***'
 */
export function redact(text: string, keys: readonly string[]): string {
  let safe = text.replace(/([?&][^=&]*(?:key|token|auth|secret|password)[^=&]*=)[^&]*/gi, '$1***')
  for (const key of keys) {
    for (const form of [key, encodeURIComponent(key)])
      if (safe.includes(form)) safe = safe.replaceAll(form, '***')
  }
  return safe
}

/** Starts listening and resolves the base URL of the API, e.g. `http://127.0.0.1:4010/v1`. */
export function listen(mock: HttpMock, port: number, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    mock.server.once('error', reject)
    mock.server.listen(port, host, () => {
      const address = mock.server.address()
      if (address === null || typeof address === 'string') return reject(new Error('not listening on TCP'))
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address
      resolve(`http://${shownHost}:${address.port}/v1`)
    })
  })
}
