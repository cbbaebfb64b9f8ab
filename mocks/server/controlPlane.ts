import { CONTROL_PREFIX, SPEC_JSON_PATH, SPEC_YAML_PATH } from '../../kit/guard/controlPath.ts'
import type { ApiRequest } from '../../kit/http/ApiRequest.ts'
import { type ApiResponse, type Parsed, refuse } from '../../kit/http/ApiResponse.ts'
import { errorResponse, jsonResponse } from '../../kit/http/errorResponse.ts'
import { readJournalRecord } from '../../kit/journal/journalEntry.ts'
import { lazy } from '../../kit/json/jsonChunks.ts'
import type { MemoryBudget } from '../../kit/memory/MemoryBudget.ts'
import type { Redactor } from '../../kit/secrets/createRedactor.ts'
import { clip } from '../../kit/text/clip.ts'
import { controlPlane } from '../../serving/controlPlane.ts'
import { inspectorPage } from '../../serving/inspectorPage.ts'
import { journalViews } from '../../serving/journalViews.ts'
import type { Router } from '../../spec/Router.ts'
import type { Pet, SpecValidators } from '../../spec/runtime.ts'
import { StoreFullError } from '../core/PetStore.ts'
import { bodyTooLarge, readJsonText } from '../core/parseJsonBody.ts'
import { validateExact } from '../core/validateExact.ts'
import type { MockSession } from './MockSession.ts'
import { forceableOperations, parseNextResponse } from './nextResponse.ts'
import { DEFAULT_SESSION } from './parseSessionName.ts'
import type { Eviction, SessionRegistry } from './SessionRegistry.ts'
import { type MockSpec, servedSpecAnswer } from './servedSpecAnswer.ts'

/** How many of a session's newest pets `GET /__mock/session` lists (the inspector page's table). */
export const SESSION_VIEW_PETS = 200
/** Characters of each text field of a pet `GET /__mock/session` shows (then `…`): the view stays small. */
export const SESSION_VIEW_CHARS = 200
/** Recent evictions `GET /__mock/sessions` lists. */
const EVICTIONS_LISTED = 20

/** What the control plane acts on: the request's session among all of them, and the spec. */
export interface ControlContext {
  /** The session the request names (`X-Mock-Session`), already validated. */
  sessionName: string
  sessions: SessionRegistry<MockSession>
  /** A new session as first use would create it; reads of a session not yet used are answered from one. */
  freshSession(name: string): MockSession
  /** The document served, with its file's text (its Pet fields are what a reset seed keeps). */
  spec: MockSpec
  defaultSeed: readonly Pet[]
  /** Hides the accepted keys from journal entries. */
  redact: Redactor
  /** The one router of the document served, under the API's base path (coverage counts what it routes). */
  router: Router
  /** The package's version, for the HAR export's creator. */
  version?: string
  /** The state file's health, when the default session has one: degraded makes its health degraded. */
  storage?: () => { status: 'ok' | 'degraded' }
  /** What all sessions keep, shown by `GET /__mock/sessions`. */
  budget: MemoryBudget
}

/** `GET /__mock/openapi.yaml` and `/__mock/openapi.json`: the document served, whatever the session. */
const SERVED_SPEC = {
  GET: (request: ApiRequest, context: ControlContext) =>
    servedSpecAnswer(request, context.spec, context.router.basePath),
}

/**
 * The mock's control plane (over HTTP and under MSW alike), for end-to-end tests that need a known
 * store, per session (`X-Mock-Session`; none: the default session), the journal views shared with
 * the proxy (serving/journalViews.ts). Every write acts within the request's session; reads never
 * create a session (no state changes on GET), they answer as a fresh one would.
 *
 * @example
 * curl -X POST http://127.0.0.1:4010/__mock/reset -H 'Content-Type: application/json' -H 'X-Mock-Session: worker-1'
 * curl -X POST http://127.0.0.1:4010/__mock/next-response -H 'Content-Type: application/json' -d '{"operation":"listPets","status":401}'
 */
export const MOCK_CONTROL = controlPlane<ControlContext>({
  '': { GET: () => inspectorPage('mock') },
  [SPEC_YAML_PATH.slice(CONTROL_PREFIX.length + 1)]: SERVED_SPEC,
  [SPEC_JSON_PATH.slice(CONTROL_PREFIX.length + 1)]: SERVED_SPEC,
  health: {
    GET: (_request, context) => {
      const pets = readSession(context).store.size
      const storage = context.sessionName === DEFAULT_SESSION ? context.storage?.() : undefined
      // 200 even when degraded: the mock still serves every read, so a probe must not take it away.
      return jsonResponse({ status: storage?.status ?? 'ok', pets, ...(storage && { storage }) })
    },
  },
  export: {
    // Every pet, oldest first: a seed for --seed or for POST /__mock/reset; written as the client reads.
    GET: (_request, context) => {
      const session = readSession(context)
      const version = `export.${session.name}.${session.serial}.${session.store.version}`
      return { ...jsonResponse(session.store.snapshot()), stream: version }
    },
  },
  reset: {
    POST: (request, context) => {
      const seed = parseSeed(request, context.spec.validators)
      if (!seed.ok) return seed.response
      const session = context.sessions.use(context.sessionName)
      try {
        // A session's store may predate the document now served (hot reload): keep its Pet fields.
        session.store.useFields(context.spec.vocabulary.pet.fields)
        // A seed sent here is the client's, so the memory budget counts it; the default one is shared.
        session.store.reset(seed.value ?? context.defaultSeed, seed.value !== undefined)
      } catch (error) {
        if (error instanceof StoreFullError) return errorResponse(507, 'store_full', error.message)
        return errorResponse(400, 'invalid_body', (error as Error).message)
      }
      // Reset makes the session as new: its journal and its forced responses go too.
      session.journal.clear()
      session.forced.clear()
      return jsonResponse({ status: 'reset', pets: session.store.size })
    },
  },
  ...journalViews(
    (context, write) => {
      const session = write ? context.sessions.use(context.sessionName) : readSession(context)
      return {
        entries: () => lazy(session.journal.entries(), (record) => readJournalRecord(record, context.redact)),
        version: `${session.name}.${session.serial}.${session.journal.version}`,
        clear: () => session.journal.clear(),
      }
    },
    (context) => ({
      document: context.spec.document,
      router: context.router,
      version: context.version ?? '0.0.0',
      subject: `the traffic of the mock's session ${context.sessionName}`,
    }),
  ),
  'next-response': {
    GET: (_request, context) => jsonResponse(readSession(context).forced.pending()),
    POST: (request, context) => {
      const force = parseNextResponse(request.body, context.spec.document)
      if (!force.ok) return force.response
      context.sessions.use(context.sessionName).forced.force(force.value.operation, force.value.status)
      return jsonResponse({ status: 'forced', next: force.value })
    },
    DELETE: (_request, context) => {
      context.sessions.use(context.sessionName).forced.clear()
      return { status: 204, headers: {} }
    },
  },
  session: { GET: sessionView },
  sessions: {
    GET: (_request, context) =>
      jsonResponse({
        sessions: context.sessions.list(),
        evicted: context.sessions.evicted,
        recentlyEvicted: context.sessions
          .recentEvictions(EVICTIONS_LISTED)
          .map((eviction) => ({ name: eviction.name, ...evictionView(eviction) })),
        limits: context.sessions.limits,
        memory: { usedBytes: context.budget.used, limitBytes: context.budget.limit },
      }),
  },
})

/** The request's session for reading: the live one, or what a fresh one would show, never created. */
function readSession(context: ControlContext): MockSession {
  return context.sessions.peek(context.sessionName) ?? context.freshSession(context.sessionName)
}

/** Versions of the documents served, so an ETag changes when a hot reload changes the forceable statuses. */
const documentVersions = new WeakMap<object, number>()
let documentsSeen = 0

/**
 * `GET /__mock/session`, what the inspector page shows, with an ETag made of the session's change
 * counters (nothing is serialised to make it): `304 Not Modified` without a body when the request's
 * If-None-Match has it. The page polls every second and gets the session again only when something changed.
 */
function sessionView(request: ApiRequest, context: ControlContext): ApiResponse {
  const live = context.sessions.peek(context.sessionName)
  const documentVersion = documentVersions.get(context.spec.document) ?? ++documentsSeen
  documentVersions.set(context.spec.document, documentVersion)
  // The session's life (made again after an eviction), its pets, its journal and what is forced. A
  // session not made yet shows the seed; whether it was evicted is all that can change.
  const eviction = context.sessions.eviction(context.sessionName)
  const state = live
    ? `${live.serial}.${live.store.version}.${live.journal.version}.${live.forced.version}`
    : `new.${eviction?.at ?? ''}`
  const etag = `"${documentVersion}.${state}"`
  const headers = { etag, 'cache-control': 'no-cache' }
  if (request.header('if-none-match') === etag) return { status: 304, headers }
  const session = live ?? context.freshSession(context.sessionName)
  const body = {
    name: session.name,
    petCount: session.store.size,
    pets: session.store.newest(SESSION_VIEW_PETS).map(clipped),
    pending: session.forced.pending(),
    forceable: forceableOperations(context.spec.document),
    journal: { capacity: session.journal.capacity, dropped: session.journal.dropped },
    ...(eviction && { evicted: evictionView(eviction) }),
  }
  return jsonResponse(body, 200, headers)
}

/** A pet for the inspector's table: long strings clipped, so 200 pets with 64 KiB names are not 13 MB. */
function clipped(pet: Pet): Pet {
  const shown: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(pet))
    shown[field] = typeof value === 'string' ? clip(value, SESSION_VIEW_CHARS) : value
  return shown as unknown as Pet
}

/** An eviction as the views show it: why, and when as an ISO date. */
function evictionView({ reason, at }: Eviction): { reason: Eviction['reason']; at: string } {
  return { reason, at: new Date(at).toISOString() }
}

/** The seed a reset body gives (a JSON array of Pet), or undefined for an empty body (the default seed). */
function parseSeed(request: ApiRequest, validators: SpecValidators): Parsed<Pet[] | undefined> {
  // Unread past the cap, a seed must not read as no seed (which would reset to the default one).
  if (request.bodyTooLarge) return refuse(bodyTooLarge())
  if (!request.body || request.body.trim() === '') return { ok: true, value: undefined }
  const parsed = readJsonText(request.body)
  if (!parsed.ok) return parsed
  const checked = validateExact(parsed.value, validators.schema('Pets'), 'seed')
  if (!checked.ok) return refuse(errorResponse(400, 'invalid_body', checked.message))
  return { ok: true, value: checked.value as Pet[] }
}
