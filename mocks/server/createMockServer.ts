import { seedPets } from '../../fixtures/seedPets.ts'
import { isControlPath } from '../../kit/guard/controlPath.ts'
import type { ApiRequest } from '../../kit/http/ApiRequest.ts'
import type { ApiResponse } from '../../kit/http/ApiResponse.ts'
import { errorResponse } from '../../kit/http/errorResponse.ts'
import { journalRecord } from '../../kit/journal/journalEntry.ts'
import { JOURNAL_SIZE } from '../../kit/journal/RequestJournal.ts'
import { createdIdOf } from '../../kit/json/createdIdOf.ts'
import { DEFAULT_MEMORY_MIB, MemoryBudget, SESSION_OVERHEAD_BYTES } from '../../kit/memory/MemoryBudget.ts'
import { createRedactor, type Redactor } from '../../kit/secrets/createRedactor.ts'
import { defaultSpec, type Pet } from '../../spec/runtime.ts'
import {
  createEngine,
  DEFAULT_API_KEY,
  type Engine,
  type EngineOptions,
  type SessionSource,
} from '../core/createEngine.ts'
import { PetStore } from '../core/PetStore.ts'
import { type ControlContext, MOCK_CONTROL } from './controlPlane.ts'
import { createMockSession, type MockSession } from './MockSession.ts'
import { DEFAULT_SESSION, parseSessionName, SESSION_HEADER } from './parseSessionName.ts'
import { type Eviction, type EvictionReason, type SessionLimits, SessionRegistry } from './SessionRegistry.ts'
import type { MockSpec } from './servedSpecAnswer.ts'

/**
 * Where the default session's writes are kept beyond memory (the HTTP mock's state file): opened
 * over the default session's store, which tells it every change.
 */
export interface DurableLog {
  /** Settles when every change made so far is kept: rejects when it could not be. */
  committed(): Promise<void>
  /** What `GET /__mock/health` says of it. */
  health(): { status: 'ok' | 'degraded' }
}

/** The engine's options (`basePath`: an MSW base URL's path), and what the server around it keeps. */
export interface MockServerOptions extends Pick<EngineOptions, 'apiKeys' | 'basePath' | 'selfCheck'> {
  /** Pets every session starts with and returns to on reset; the fixture pets by default. */
  seed?: readonly Pet[]
  /** The document to serve; `defaultSpec()` by default. */
  spec?: MockSpec
  /** Creates beyond this many pets in a session's store get 507 `store_full` (DEFAULT_MAX_PETS). */
  maxPets?: number
  /**
   * MiB all sessions together may keep of what clients send (pets created, reset seeds, journal
   * entries), DEFAULT_MEMORY_MIB by default. The seed loaded at start is shared and not counted.
   */
  maxMemoryMiB?: number
  /** Bounds on named sessions (`X-Mock-Session`); defaults in SESSION_LIMITS. */
  sessions?: Partial<SessionLimits>
  /** Requests kept in each session's journal (`GET /__mock/requests`); JOURNAL_SIZE by default. */
  journalSize?: number
  /** Receives a line for every session evicted; none when omitted. */
  log?: (line: string) => void
  /** The package's version, named as the HAR export's creator. */
  version?: string
  /**
   * Opens a durable log over the default session's store (the state file): a write of the default
   * session is then answered only once committed, or 507 `storage_failed` when it cannot be.
   */
  durable?: (store: PetStore) => DurableLog
  /** The clock of session idle times (epoch milliseconds); tests pass their own. */
  now?: () => number
}

/**
 * The mock server without a transport: one request in, one answer out. Every adapter (node:http,
 * MSW's browser worker and setupServer) hands it the request it parsed and writes what it gives.
 */
export interface MockServer {
  /**
   * Answers one request: the control plane, or the API from the session `X-Mock-Session` names (in
   * its journal). A promise only when a write must be committed to the durable log first.
   */
  handle(request: ApiRequest): ApiResponse | Promise<ApiResponse>
  /** The default session's store: what requests without `X-Mock-Session` use, and what a durable log keeps. */
  readonly store: PetStore
  /** Every session, the default one included (`sessions.use(DEFAULT_SESSION)`). */
  readonly sessions: SessionRegistry<MockSession>
  /** What all sessions keep, against `maxMemoryMiB`. */
  readonly budget: MemoryBudget
  /** Hides the accepted keys in what the server shows: its journal, an adapter's log. */
  readonly redact: Redactor
  /** The engine of the document served now (a new one after `setSpec`). */
  readonly engine: Engine
  /**
   * The methods a CORS preflight for `path` may allow: those of the document's path there (the one
   * router) or of the control endpoint. A path the mock does not know gets the API's methods, so
   * the request itself goes on to its 404 Error body instead of a bare CORS failure.
   */
  preflightMethods(path: string): string
  /** Swaps in another document (spec hot reload); the sessions and their pets stay. */
  setSpec(spec: MockSpec): void
  /** Every session as new: named ones dropped, the default one back to `seed` (the start seed), its journal and forced responses cleared. */
  reset(seed?: readonly Pet[]): void
}

/**
 * Builds the transport-free mock server: sessions (`X-Mock-Session`, bounded by count, idle time
 * and the memory budget), the request journal, the `/__mock` control plane, the inspector page, the
 * document's text, hot swap of the document. No I/O: the adapters read and write the wire.
 *
 * @example
 * const server = createMockServer({ seed: [] })
 * server.handle(apiRequest({ method: 'GET', target: '/__mock/health' })) // { status: 200, body: { status: 'ok', pets: 0 } }
 */
export function createMockServer(options: MockServerOptions = {}): MockServer {
  // Copied once, so no caller can change what every session shares.
  const seed: readonly Pet[] = [...(options.seed ?? seedPets)]
  const budget = new MemoryBudget((options.maxMemoryMiB ?? DEFAULT_MEMORY_MIB) * 1024 * 1024)
  const limits = { maxPets: options.maxPets, budget, sharedSeed: seed }
  const journalSize = options.journalSize ?? JOURNAL_SIZE
  // Cheap whatever the seed: a new store shares the seed's index and keeps only what it creates.
  const freshSession = (name: string) =>
    createMockSession(name, new PetStore(seed, undefined, limits), journalSize, budget)
  const defaultSession = freshSession(DEFAULT_SESSION)
  const store = defaultSession.store
  // A named session is charged to the budget while it lives (the default one, made at start, is not):
  // a new one that does not fit evicts the least recently used, so memory, not a count, bounds them.
  const sessions = new SessionRegistry(
    defaultSession,
    (name) => {
      budget.force(SESSION_OVERHEAD_BYTES)
      return freshSession(name)
    },
    options.sessions,
    options.now,
    () => budget.fits(SESSION_OVERHEAD_BYTES),
  )
  const release = (session: MockSession) => {
    session.release()
    budget.release(SESSION_OVERHEAD_BYTES)
  }
  sessions.onEvict((name, evicted, reason) => {
    release(evicted)
    options.log?.(`session ${name} evicted: ${evictionCause(reason, sessions.limits, budget)}`)
  })
  // The session of an API request, once the engine asks for it (SessionSource: after authentication).
  const sessionSource: SessionSource = (_request, name) => {
    const eviction = sessions.takeEviction(name)
    if (eviction) return sessionEvicted(eviction, sessions.limits, budget)
    return sessions.use(name)
  }
  const redact = createRedactor(options.apiKeys?.length ? options.apiKeys : [DEFAULT_API_KEY])
  let spec: MockSpec = options.spec ?? defaultSpec()
  const build = (): Engine => createEngine({ ...options, store, spec })
  let engine = build()
  const durable = options.durable?.(store)

  function control(request: ApiRequest, sessionName: string): ApiResponse {
    const context: ControlContext = {
      sessionName,
      sessions,
      freshSession,
      defaultSeed: seed,
      redact,
      budget,
      router: spec.router(engine.basePath),
      version: options.version,
      spec,
      storage: durable?.health,
    }
    return MOCK_CONTROL.answer(request, context)
  }

  function handle(request: ApiRequest): ApiResponse | Promise<ApiResponse> {
    const sessionName = parseSessionName(request.header(SESSION_HEADER))
    const ownPath = isControlPath(request.path)
    if (typeof sessionName !== 'string') {
      // An API request is authenticated before its session is read, so one without a key gets the
      // interface's 401 whatever else it carries; with a key, the malformed name is its 400.
      return ownPath ? sessionName : engine.handle(request, () => sessionName)
    }
    let response: ApiResponse
    if (ownPath) response = control(request, sessionName)
    else {
      response = engine.handle(request, sessionSource, sessionName)
      // Serialised once, here, for the adapter that sends it (each sends `text` when it is set). Set in
      // place: the engine builds a new response for every request (it sets its operationId and headers
      // too). The journal keeps the body's value instead of this text: the engine's bodies are never
      // changed once answered (pets the store holds, fresh objects), so the text is made again, the
      // same, when the journal is read, and with many sessions' journals growing the garbage collector
      // copies far less (docs/bench.md). A text the engine remembered (a page, a pet) is shared, so the
      // journal keeps that string itself.
      let value: unknown
      if (response.text === undefined && response.body !== undefined && request.method !== 'HEAD') {
        value = response.body
        response.text = JSON.stringify(value)
      }
      // The session that served it; a request refused before it got one (401) is still journaled
      // in a live one, untouched. Recorded before the answer goes out, so a test that got its
      // response finds it in the journal.
      sessions.peek(sessionName)?.journal.record(
        journalRecord(
          {
            request,
            status: response.status,
            operation: response.operationId,
            forced: response.forced,
            createdId: response.status === 201 ? createdIdOf(response.body) : undefined,
            responseBody: response.text,
            responseValue: value,
          },
          redact,
        ),
      )
    }
    // Only POST writes (createPet, /__mock/reset), and only a 2xx answer means it happened; only the
    // default session is kept in a durable log. It is answered once committed, so an acknowledged
    // write survives a killed process.
    if (durable && sessionName === DEFAULT_SESSION && response.status < 300 && request.method === 'POST') {
      const written = response
      return durable.committed().then(
        () => written,
        (error: Error) => errorResponse(507, 'storage_failed', error.message),
      )
    }
    return response
  }

  return {
    handle,
    store,
    sessions,
    budget,
    redact,
    get engine() {
      return engine
    },
    preflightMethods: (path) => engine.allowAt(path) ?? MOCK_CONTROL.methods(path) ?? engine.methods,
    setSpec(next) {
      spec = next
      engine = build()
    },
    reset(to = seed) {
      for (const dropped of sessions.clear()) release(dropped)
      store.reset(to)
      defaultSession.journal.clear()
      defaultSession.forced.clear()
    },
  }
}

/** Why a session was evicted, for the log line. */
function evictionCause(reason: EvictionReason, limits: SessionLimits, budget: MemoryBudget): string {
  if (reason === 'idle')
    return `unused for ${limits.idleMs / 60_000} minutes (--session-idle); it starts over from the seed`
  return `${boundOf(reason, limits, budget)} reached and another was needed; its next request gets 400 session_evicted`
}

/** What the next request of a session evicted for room gets: 400, which every operation documents. */
function sessionEvicted(eviction: Eviction, limits: SessionLimits, budget: MemoryBudget): ApiResponse {
  const when = new Date(eviction.at).toISOString()
  const bound = boundOf(eviction.reason, limits, budget)
  const message = `The session '${eviction.name}' was evicted at ${when} to make room for another (${bound} reached): its pets, journal and forced responses are gone. This request changed nothing; the next one starts the session over from the seed.`
  return errorResponse(400, 'session_evicted', message)
}

/** The bound an eviction for room reached: the count of sessions, or the memory budget. */
function boundOf(reason: EvictionReason, limits: SessionLimits, budget: MemoryBudget): string {
  return reason === 'memory'
    ? `the memory budget of ${Math.round(budget.limit / 1024 / 1024)} MiB (--max-memory)`
    : `${limits.maxSessions} sessions (--max-sessions)`
}
