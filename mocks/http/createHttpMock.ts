import '../../spec/requireNode.ts'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { applyCors, corsPolicy } from '../../kit/guard/cors.ts'
import { hostPolicy } from '../../kit/guard/hostAllowed.ts'
import { refuseUnsafeRequest } from '../../kit/guard/refuseUnsafeRequest.ts'
import { apiRequest } from '../../kit/http/ApiRequest.ts'
import type { ApiResponse } from '../../kit/http/ApiResponse.ts'
import { originForm } from '../../kit/http/originForm.ts'
import type { MemoryBudget } from '../../kit/memory/MemoryBudget.ts'
import { missingHost } from '../../kit/node/answerParserRefusals.ts'
import { asText, type ReadBody, readBodyInto } from '../../kit/node/readBody.ts'
import { sendInternalError, sendResponse } from '../../kit/node/sendResponse.ts'
import { redactTarget, redactText } from '../../kit/secrets/redactTarget.ts'
import { readPackageInfo } from '../../spec/packageInfo.ts'
import type { Pet } from '../../spec/runtime.ts'
import { DEFAULT_API_KEY } from '../core/createEngine.ts'
import type { PetStore } from '../core/PetStore.ts'
import { MAX_BODY_BYTES } from '../core/parseNewPet.ts'
import { createMockServer } from '../server/createMockServer.ts'
import type { MockSession } from '../server/MockSession.ts'
import type { SessionLimits, SessionRegistry } from '../server/SessionRegistry.ts'
import { isApiDocsPath } from '../server/servedSpecAnswer.ts'
import { apiDocsAnswer } from './apiDocsPage.ts'
import { cutOffStalledReaders } from './cutOffStalledReaders.ts'
import { answerMalformedHttp, HTTP_TIMEOUTS, type HttpTimeouts, MAX_HEADER_BYTES } from './malformedHttp.ts'
import { openStateDatabase, type StateDatabase, type StateDatabaseOptions } from './openStateDatabase.ts'
import { type HttpMockSpec, packagedSpec } from './packagedSpec.ts'
import { requestLine } from './requestLine.ts'
import { toApiRequest } from './toApiRequest.ts'

// `import { createServer } from 'node:http'` builds an ES module facade that reads every export of
// node:http, and its lazy WebSocket and fetch getters then load undici: ~10 ms of every start-up, for
// nothing the mock uses. The CommonJS module has no facade.
const { createServer } = process.getBuiltinModule('node:http')

export { HTTP_TIMEOUTS, type HttpTimeouts, MAX_HEADER_BYTES } from './malformedHttp.ts'
export { type HttpMockSpec, packagedSpec } from './packagedSpec.ts'

export interface HttpMockOptions {
  apiKeys?: readonly string[]
  /** Pets to start with and to return to on `POST /__mock/reset`; the fixture pets by default. */
  seed?: readonly Pet[]
  /**
   * Artificial latency before every API response, in milliseconds: a fixed delay, or one drawn anew
   * for each response between `min` and `max`, so answers complete out of the order requests came.
   */
  latencyMs?: number | { min: number; max: number }
  /** Origins allowed besides localhost and 127.0.0.1 on any port (`*` for all). */
  corsOrigins?: readonly string[]
  /**
   * Host names served besides IP addresses, `localhost` and `*.localhost` (`.example.com` allows its
   * subdomains, `all` any name): other `Host` headers get 403, against DNS rebinding.
   */
  allowedHosts?: readonly string[]
  /** Receives one line per request (method, path with secrets redacted, status, time); none when omitted. */
  log?: (line: string) => void
  /** The compiled document to serve, with its file's text for `/__mock/openapi.yaml`; `packagedSpec()` by default. */
  spec?: HttpMockSpec
  selfCheck?: boolean
  /**
   * Keeps the default session's store in this SQLite file across restarts (`--state-file`): its pets
   * replace the seed, and a write is answered only once it is committed (507 `storage_failed` when
   * it cannot be). Opening throws a StateFileError (file in use, not a state file). Closed with the server.
   */
  stateFile?: Omit<StateDatabaseOptions, 'validators'>
  /** Creates beyond this many pets in a session's store get 507 `store_full` (DEFAULT_MAX_PETS). */
  maxPets?: number
  /**
   * MiB all sessions together may keep of what clients send (pets created, reset seeds, journal
   * entries), DEFAULT_MEMORY_MIB by default: a create past it gets 507 `store_full`. The seed (or
   * state file) loaded at start is shared by every session and not counted.
   */
  maxMemoryMiB?: number
  /** Connection limits in milliseconds; tests shorten them. Defaults in HTTP_TIMEOUTS. */
  timeouts?: Partial<HttpTimeouts>
  /** Bounds on named sessions (`X-Mock-Session`); defaults in SESSION_LIMITS. */
  sessions?: Partial<SessionLimits>
  /** Requests kept in each session's journal (`GET /__mock/requests`); JOURNAL_SIZE by default. */
  journalSize?: number
}

export interface HttpMock {
  /** A node:http server, not yet listening: `listen(port, host)` is the caller's (see `listen`). */
  server: Server
  /** The default session's store: what requests without `X-Mock-Session` use, and what a state file keeps. */
  store: PetStore
  /** The state file, when `stateFile` was given. */
  state: StateDatabase | undefined
  /** Every session, the default one included (`sessions.use(DEFAULT_SESSION)`). */
  sessions: SessionRegistry<MockSession>
  /** What all sessions keep, against `maxMemoryMiB`. */
  budget: MemoryBudget
  /** Swaps in another document (spec hot reload); the store and its pets stay. */
  setSpec(spec: HttpMockSpec): void
  /** Which operations the current document's engine answers from the store and which from the spec. */
  operations(): { stateful: readonly string[]; specDriven: readonly string[] }
}

/**
 * The standalone HTTP mock: a thin node:http adapter over the transport-free mock server
 * (`createMockServer`: sessions, journal, control plane) that the MSW handlers use too. It adds
 * only what a real server needs: timeouts, malformed HTTP, the body cap, CORS and the Host and
 * cross-site guards, latency, the state file, the request log. Building is separate from
 * listening, so tests can listen on port 0.
 *
 * @example
 * const mock = createHttpMock({ log: console.log })
 * mock.server.listen(4010, '127.0.0.1')
 */
export function createHttpMock(options: HttpMockOptions = {}): HttpMock {
  const secrets = options.apiKeys?.length ? options.apiKeys : [DEFAULT_API_KEY]
  const spec = options.spec ?? packagedSpec()
  const stateFile = options.stateFile
  // Opened by the mock server over the default session's store, once that store exists.
  let state = undefined as StateDatabase | undefined
  const mock = createMockServer({
    ...options,
    spec,
    // The HAR export names its creator's version; read once, not per request.
    version: readPackageInfo().version,
    ...(stateFile && {
      durable: (store: PetStore) => {
        state = openStateDatabase(store, { ...stateFile, validators: spec.validators })
        return state
      },
    }),
  })
  const cors = corsPolicy(options.corsOrigins)
  const hosts = hostPolicy(options.allowedHosts)
  const timeouts = { ...HTTP_TIMEOUTS, ...options.timeouts }
  const log = options.log
  const line = requestLine(secrets)

  // Hot path: no promise in between unless something waits (latency, a state file's commit); a
  // request without a body is answered synchronously, one with a body when its last byte is read.
  function respond(request: IncomingMessage, response: ServerResponse): void | Promise<void> {
    const started = options.log ? performance.now() : 0
    // The target in origin form, once: the guard reads it now, the request parsed below keeps it.
    const target = originForm(request.url ?? '/')
    const refused = refuseUnsafeRequest(
      {
        method: request.method ?? 'GET',
        target,
        host: request.headers.host,
        origin: request.headers.origin,
        contentType: request.headers['content-type'],
      },
      cors,
      hosts,
    )
    if (refused) {
      // Unread, a refused body would be parsed as the next request on a kept-alive connection.
      refused.headers.connection = 'close'
      return finish(request, response, refused, started)
    }
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      // A preflight carries no credentials by design: never answer it 401. It may allow only the
      // methods of the path it asks about.
      const { path } = apiRequest({ method: 'OPTIONS', target })
      const methods = isApiDocsPath(path) ? 'GET, HEAD' : mock.preflightMethods(path)
      return finish(request, response, { status: 204, headers: {} }, started, methods)
    }
    const noHost = missingHost(request)
    if (noHost) return finish(request, response, noHost, started)
    const read = readBodyInto(request, MAX_BODY_BYTES, (body) => {
      try {
        dispatch(request, response, target, asText(body), started)?.catch((error: unknown) =>
          failed(response, error),
        )
      } catch (error) {
        failed(response, error)
      }
    })
    if (read) return dispatch(request, response, target, asText(read), started)
  }

  function dispatch(
    request: IncomingMessage,
    response: ServerResponse,
    target: string,
    read: ReadBody,
    started: number,
  ): void | Promise<void> {
    if (read.aborted) {
      options.log?.(
        `${request.method} ${redactTarget(request.url ?? '/', secrets)} client aborted the request`,
      )
      return
    }
    const parsed = toApiRequest(request, target, read)
    const answered = isApiDocsPath(parsed.path) ? apiDocsAnswer(parsed) : mock.handle(parsed)
    if (answered instanceof Promise)
      return answered.then((result) => answer(request, response, result, read, started))
    return answer(request, response, answered, read, started)
  }

  function answer(
    request: IncomingMessage,
    response: ServerResponse,
    result: ApiResponse,
    read: ReadBody,
    started: number,
  ): void | Promise<void> {
    if (read.tooLarge) result.headers.connection = 'close'
    const latency = options.latencyMs
    if (!latency) return finish(request, response, result, started)
    const delay =
      typeof latency === 'number' ? latency : latency.min + Math.random() * (latency.max - latency.min)
    return new Promise<void>((resolve) => setTimeout(resolve, delay)).then(() =>
      finish(request, response, result, started),
    )
  }

  function finish(
    request: IncomingMessage,
    response: ServerResponse,
    result: ApiResponse,
    started: number,
    /** The methods a preflight may allow; undefined when the request is no preflight. */
    preflightMethods?: string,
  ): void {
    const preflight = preflightMethods !== undefined
    applyCors(cors, request.headers.origin, preflight, result.headers, preflightMethods ?? '')
    sendResponse(response, result)
    if (log)
      log(line(request.method ?? 'GET', request.url ?? '/', result.status, performance.now() - started))
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
      try {
        respond(request, response)?.catch((error: unknown) => failed(response, error))
      } catch (error) {
        failed(response, error)
      }
    },
  )

  // Only a bug gets here (the engine answers every input with a response). Say so, without a stack.
  function failed(response: ServerResponse, error: unknown): void {
    options.log?.(`internal error: ${redactText((error as Error).message, secrets)}`)
    sendInternalError(response)
  }
  answerMalformedHttp(server)
  if (state) server.on('close', state.close)
  cutOffStalledReaders(server, timeouts.unreadResponseMs, (waiting) =>
    options.log?.(
      `closed a connection that read none of its responses for ${timeouts.unreadResponseMs} ms (${waiting} bytes waiting)`,
    ),
  )

  return {
    server,
    store: mock.store,
    state,
    sessions: mock.sessions,
    budget: mock.budget,
    operations: mock.operations,
    setSpec: mock.setSpec,
  }
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
