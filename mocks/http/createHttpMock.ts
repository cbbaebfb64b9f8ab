import '../../spec/requireNode.ts'
import type { Server } from 'node:http'
import { corsPolicy } from '../../kit/guard/cors.ts'
import { hostPolicy } from '../../kit/guard/hostAllowed.ts'
import type { ApiResponse } from '../../kit/http/ApiResponse.ts'
import { errorResponse } from '../../kit/http/errorResponse.ts'
import { DEFAULT_MEMORY_MIB, MemoryBudget } from '../../kit/memory/MemoryBudget.ts'
import { clip } from '../../kit/text/clip.ts'
import { type HttpTimeouts, httpEdge } from '../../serving/node/httpEdge.ts'
import { listenOn } from '../../serving/node/listenUntilStopped.ts'
import { readPackageInfo } from '../../spec/packageInfo.ts'
import type { PetStore } from '../core/PetStore.ts'
import { MAX_BODY_BYTES } from '../core/parseJsonBody.ts'
import { createMockServer, type MockServer, type MockServerOptions } from '../server/createMockServer.ts'
import { isApiDocsPath, type MockSpec } from '../server/servedSpecAnswer.ts'
import { apiDocsAnswer } from './apiDocsPage.ts'
import { openStateDatabase, type StateDatabase, type StateDatabaseOptions } from './openStateDatabase.ts'
import { packagedSpec } from './packagedSpec.ts'
import { requestLine } from './requestLine.ts'

export { HTTP_TIMEOUTS, type HttpTimeouts, MAX_HEADER_BYTES } from '../../serving/node/httpEdge.ts'
export { packagedSpec } from './packagedSpec.ts'

/**
 * The mock server's options, and what a real server adds. `maxMemoryMiB` also sizes a budget of its
 * own for the bytes in flight; the seed or state file loaded at start is not counted.
 */
export interface HttpMockOptions
  extends Pick<
    MockServerOptions,
    'apiKeys' | 'seed' | 'selfCheck' | 'maxPets' | 'maxMemoryMiB' | 'sessions' | 'journalSize'
  > {
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
  spec?: MockSpec
  /**
   * Keeps the default session's store in this SQLite file across restarts (`--state-file`): its pets
   * replace the seed, and a write is answered only once it is committed (507 `storage_failed` when
   * it cannot be). Opening throws a StateFileError (file in use, not a state file). Closed with the server.
   */
  stateFile?: Omit<StateDatabaseOptions, 'validators'>
  /** Connection limits in milliseconds; tests shorten them. Defaults in HTTP_TIMEOUTS. */
  timeouts?: Partial<HttpTimeouts>
}

/** The HTTP mock: a node:http server over the mock server's sessions, store and document. */
export interface HttpMock extends Pick<MockServer, 'store' | 'sessions' | 'budget' | 'setSpec' | 'engine'> {
  /** A node:http server, not yet listening: `listen(port, host)` is the caller's (see `listen`). */
  server: Server
  /** The state file, when `stateFile` was given. */
  state: StateDatabase | undefined
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
  const log = options.log
  const line = requestLine(mock.redact)
  const server = httpEdge({
    timeouts: options.timeouts,
    cors: corsPolicy(options.corsOrigins),
    hosts: hostPolicy(options.allowedHosts),
    connect: (target) => {
      const message = `CONNECT is not allowed: this is not a proxy (${clip(target)}).`
      return errorResponse(405, 'method_not_allowed', message)
    },
    preflight: (path) => (isApiDocsPath(path) ? 'GET, HEAD' : mock.preflightMethods(path)),
    maxBodyBytes: MAX_BODY_BYTES,
    // Bytes in flight have a budget of their own, of the same size: a store full of pets (a steady
    // state) must not turn every read into a 503, and a flood of slow readers must not refuse creates.
    budget: new MemoryBudget(
      (options.maxMemoryMiB ?? DEFAULT_MEMORY_MIB) * 1_048_576,
      "The mock's budget for bodies being read and answers not yet written (--max-memory)",
    ),
    answer(request) {
      const answered = isApiDocsPath(request.path) ? apiDocsAnswer(request) : mock.handle(request)
      const latency = options.latencyMs
      if (!latency) return answered
      const delay =
        typeof latency === 'number' ? latency : latency.min + Math.random() * (latency.max - latency.min)
      return new Promise<ApiResponse>((resolve) => setTimeout(() => resolve(answered), delay))
    },
    ...(log && {
      log: (request, answer, ms) => {
        const status = answer === 'aborted' ? answer : answer.status
        log(line(request.method ?? 'GET', request.url ?? '/', status, ms))
      },
      note: (text) => log(mock.redact(text)),
    }),
  })
  if (state) server.on('close', state.close)

  return {
    server,
    store: mock.store,
    state,
    sessions: mock.sessions,
    budget: mock.budget,
    get engine() {
      return mock.engine
    },
    setSpec: mock.setSpec,
  }
}

/** Starts listening and resolves the base URL of the API, e.g. `http://127.0.0.1:4010/v1`. */
export async function listen(mock: HttpMock, port: number, host: string): Promise<string> {
  return `${await listenOn(mock.server, port, host)}/v1`
}
