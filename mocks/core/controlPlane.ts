import type { Pet, PetStoreDocument, SpecValidators } from '../../spec/runtime.ts'
import { type EngineRequest, type EngineResponse, type Parsed, refuse } from './EngineMessages.ts'
import { errorResponse, JSON_HEADERS } from './errorResponse.ts'
import { type ExactJson, parseExactJson, validateExact } from './exactJson.ts'
import { readJournalRecord } from './journalEntry.ts'
import type { MockSession } from './MockSession.ts'
import { forceableOperations, parseNextResponse } from './nextResponse.ts'
import { DEFAULT_SESSION } from './parseSessionName.ts'
import { petShape } from './petShape.ts'
import type { SessionRegistry } from './SessionRegistry.ts'

/** Where the HTTP mock's control endpoints live: outside `/v1`, so they never shadow the API. */
export const CONTROL_PREFIX = '/__mock'
/** How many of a session's newest pets `GET /__mock/session` lists (the inspector page's table). */
export const SESSION_VIEW_PETS = 200

/** What the control plane acts on: the request's session among all of them, and the spec. */
export interface ControlContext {
  /** The session the request names (`X-Mock-Session`), already validated. */
  sessionName: string
  sessions: SessionRegistry<MockSession>
  /** A new session as first use would create it; reads of a session not yet used are answered from one. */
  freshSession(name: string): MockSession
  document: PetStoreDocument
  validators: SpecValidators
  defaultSeed: readonly Pet[]
  /** The accepted keys, hidden from journal entries. */
  secrets: readonly string[]
  /** The state file's health, when the default session has one: degraded makes its health degraded. */
  storage?: () => { status: 'ok' | 'degraded' }
}

type ControlHandler = (request: EngineRequest, context: ControlContext) => EngineResponse

/**
 * The control endpoints by path and method. Every write acts within the request's session; reads
 * never create a session (no state changes on GET), they answer as a fresh one would.
 */
const ENDPOINTS: Record<string, Partial<Record<string, ControlHandler>>> = {
  health: {
    GET: (_request, context) => {
      const pets = readSession(context).store.size
      const storage = context.sessionName === DEFAULT_SESSION ? context.storage?.() : undefined
      // 200 even when degraded: the mock still serves every read, so a probe must not take it away.
      return ok({ status: storage?.status ?? 'ok', pets, ...(storage && { storage }) })
    },
  },
  export: {
    // Every pet, oldest first: a seed for --seed or for POST /__mock/reset.
    GET: (_request, context) => ok(readSession(context).store.snapshot()),
  },
  reset: {
    POST: (request, context) => {
      const seed = parseSeed(request, context.validators)
      if (!seed.ok) return seed.response
      const session = context.sessions.use(context.sessionName)
      try {
        // A session's store may predate the document now served (hot reload): keep its Pet fields.
        session.store.useFields(petShape(context.document).petFields)
        session.store.reset(seed.value ?? context.defaultSeed)
      } catch (error) {
        return errorResponse(400, 'invalid_body', (error as Error).message)
      }
      // Reset makes the session as new: its journal and its forced responses go too.
      session.journal.clear()
      session.forced.clear()
      return ok({ status: 'reset', pets: session.store.size })
    },
  },
  requests: {
    GET: (_request, context) =>
      ok(
        readSession(context)
          .journal.entries()
          .map((record) => readJournalRecord(record, context.secrets)),
      ),
    DELETE: (_request, context) => {
      context.sessions.use(context.sessionName).journal.clear()
      return { status: 204, headers: {} }
    },
  },
  'next-response': {
    GET: (_request, context) => ok(readSession(context).forced.pending()),
    POST: (request, context) => {
      const force = parseNextResponse(request.body, context.document)
      if (!force.ok) return force.response
      context.sessions.use(context.sessionName).forced.force(force.value.operation, force.value.status)
      return ok({ status: 'forced', next: force.value })
    },
    DELETE: (_request, context) => {
      context.sessions.use(context.sessionName).forced.clear()
      return { status: 204, headers: {} }
    },
  },
  session: {
    GET: (_request, context) => {
      const session = readSession(context)
      return ok({
        name: session.name,
        petCount: session.store.size,
        pets: session.store.newest(SESSION_VIEW_PETS),
        pending: session.forced.pending(),
        forceable: forceableOperations(context.document),
        journal: { capacity: session.journal.capacity, dropped: session.journal.dropped },
      })
    },
  },
  sessions: {
    GET: (_request, context) =>
      ok({
        sessions: context.sessions.list(),
        evicted: context.sessions.evicted,
        limits: context.sessions.limits,
      }),
  },
}

/** True for `/__mock` and every path under it. */
export function isControlPath(path: string): boolean {
  return path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)
}

/**
 * The HTTP mock's control plane, for end-to-end tests that need a known store, per session
 * (`X-Mock-Session`; none: the default session):
 * `GET /__mock/health` (with the state file's health); `GET /__mock/export` (every pet, a seed);
 * `POST /__mock/reset` (no body: the seed; a body: a JSON array of Pet);
 * `GET|DELETE /__mock/requests` (the request journal); `GET|POST|DELETE /__mock/next-response`
 * (one-shot forced responses); `GET /__mock/session` (what the inspector page shows);
 * `GET /__mock/sessions`. Returns undefined for paths outside the prefix.
 *
 * @example
 * curl -X POST http://127.0.0.1:4010/__mock/reset -H 'Content-Type: application/json' -H 'X-Mock-Session: worker-1'
 * curl -X POST http://127.0.0.1:4010/__mock/next-response -H 'Content-Type: application/json' -d '{"operation":"listPets","status":401}'
 */
export function handleControl(request: EngineRequest, context: ControlContext): EngineResponse | undefined {
  const path = request.url.split('?')[0] ?? ''
  if (!isControlPath(path)) return undefined
  const name = path.slice(CONTROL_PREFIX.length + 1)
  const endpoint = Object.hasOwn(ENDPOINTS, name) ? ENDPOINTS[name] : undefined
  if (!endpoint) {
    const known = Object.keys(ENDPOINTS)
      .map((endpointName) => `${CONTROL_PREFIX}/${endpointName}`)
      .join(', ')
    return errorResponse(404, 'route_not_found', `No control endpoint ${path}; there are ${known}.`)
  }
  const handler = endpoint[request.method.toUpperCase()]
  if (!handler) {
    const allow = Object.keys(endpoint).join(', ')
    return errorResponse(405, 'method_not_allowed', `Only ${allow} is allowed on ${path}.`, { allow })
  }
  return handler(request, context)
}

/** The request's session for reading: the live one, or what a fresh one would show, never created. */
function readSession(context: ControlContext): MockSession {
  return context.sessions.peek(context.sessionName) ?? context.freshSession(context.sessionName)
}

function ok(body: unknown): EngineResponse {
  return { status: 200, headers: { ...JSON_HEADERS }, body }
}

/** The seed a reset body gives (a JSON array of Pet), or undefined for an empty body (the default seed). */
function parseSeed(request: EngineRequest, validators: SpecValidators): Parsed<Pet[] | undefined> {
  if (!request.body || request.body.trim() === '') return { ok: true, value: undefined }
  let parsed: ExactJson
  try {
    parsed = parseExactJson(request.body)
  } catch (error) {
    const message = `The request body is not valid JSON: ${(error as Error).message}`
    return refuse(errorResponse(400, 'malformed_json', message))
  }
  const checked = validateExact(parsed, validators.schema('Pets'), 'seed')
  if (!checked.ok) return refuse(errorResponse(400, 'invalid_body', checked.message))
  return { ok: true, value: checked.value as Pet[] }
}
