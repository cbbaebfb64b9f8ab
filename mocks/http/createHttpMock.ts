import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { seedPets } from '../../fixtures/seedPets.ts'
import {
  compileValidators,
  openApiDocument,
  type Pet,
  type PetStoreDocument,
  type SpecValidators,
} from '../../spec/runtime.ts'
import { CONTROL_PREFIX, handleControl } from '../core/controlPlane.ts'
import { createEngine, type Engine } from '../core/createEngine.ts'
import type { EngineRequest, EngineResponse } from '../core/EngineMessages.ts'
import { PetStore } from '../core/PetStore.ts'
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
}

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
    const url = request.url ?? '/'
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
      `${request.method} ${redact(request.url ?? '/')} ${result.status} ${(performance.now() - started).toFixed(1)}ms`,
    )
  }

  const server = createServer(
    { requestTimeout: 10_000, headersTimeout: 5_000, keepAliveTimeout: 5_000, maxHeaderSize: 16_384 },
    (request, response) => {
      const failed = (error: unknown) => {
        // Only a bug gets here (the engine answers every input with a response). Say so, without a stack.
        options.log?.(`internal error: ${(error as Error).message}`)
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
    const [status, reason] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout']
          : [400, 'Bad Request']
    const body = JSON.stringify({
      code: 'malformed_request',
      message: `${reason}: the request is not valid HTTP/1.1.`,
      status,
    })
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    )
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
  // node:http keeps only the first Authorization header; a repeated one must not slip past auth.
  if (name === 'authorization') return authorizationOf(request.rawHeaders)
  const value = request.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

function authorizationOf(rawHeaders: readonly string[]): string | undefined {
  let found: string | undefined
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (
      (rawHeaders[i] as string).length === 13 &&
      (rawHeaders[i] as string).toLowerCase() === 'authorization'
    ) {
      found = found === undefined ? rawHeaders[i + 1] : `${found}, ${rawHeaders[i + 1]}`
    }
  }
  return found
}

function send(response: ServerResponse, result: EngineResponse): void {
  const text = result.body === undefined ? undefined : JSON.stringify(result.body)
  if (text !== undefined) result.headers['content-length'] = String(Buffer.byteLength(text))
  response.writeHead(result.status, result.headers)
  response.end(text)
}

/** Query values that look like credentials never reach a log line. */
export function redact(url: string): string {
  return url.replace(/([?&][^=&]*(?:key|token|auth|secret|password)[^=&]*=)[^&]*/gi, '$1***')
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
