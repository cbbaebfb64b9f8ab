import type { ApiRequest } from '../../kit/http/ApiRequest.ts'
import type { ApiResponse } from '../../kit/http/ApiResponse.ts'
import { errorResponse, JSON_HEADERS } from '../../kit/http/errorResponse.ts'
import { preferredStatus } from '../../kit/http/parsePrefer.ts'
import { needsKey } from '../../spec/needsKey.ts'
import {
  type CompiledSpec,
  defaultSpec,
  errorCodeFor,
  isDocumentedStatus,
  type OperationId,
  type SpecOperation,
  type SpecValidators,
  type SpecVocabulary,
} from '../../spec/runtime.ts'
import { answerFromSpec, undocumented } from './answerFromSpec.ts'
import { BEARER_CHALLENGES, BEARER_REALM, checkBearer } from './checkBearer.ts'
import { deprecationHeaders } from './deprecationHeaders.ts'
import type { PetStore } from './PetStore.ts'
import { pageText } from './pageText.ts'
import { listQueryParser } from './parseListQuery.ts'
import { parseNewPet } from './parseNewPet.ts'
import { petIdParser } from './parsePetId.ts'
import { petText } from './petText.ts'

/** The default API key for local use. Anyone can read it here: it protects nothing but the habit. */
export const DEFAULT_API_KEY = 'petstore-dev-key'

export interface EngineOptions {
  store: PetStore
  /** Accepted bearer keys; [DEFAULT_API_KEY] when omitted. */
  apiKeys?: readonly string[]
  /** The compiled document; `defaultSpec()` (the generated, validated document) when omitted. */
  spec?: CompiledSpec
  /** Path prefix of the API, `/v1` by default (the interface document's version segment). */
  basePath?: string
  /** Check every response against the spec and throw on a mismatch (the project's own tests). */
  selfCheck?: boolean
}

/** What one request is served from when it is not the engine's own store: a mock server's session. */
export interface EngineSession {
  store: PetStore
  /** One-shot forced responses (the server's ForcedResponses): the status forced for the next call of an operation, taken. */
  forced?: { take(operationId: string): number | undefined }
}

/**
 * Gives the engine a request's session only once the request passed authentication (or needs no
 * key), so one answered 401 never makes or touches a session; a response instead is the answer (a
 * session evicted for room). `name` is what the caller handed `handle`: one source serves them all.
 */
export type SessionSource = (request: ApiRequest, name: string) => EngineSession | ApiResponse

/** A request handler over one store: request data in, response data out. No I/O. */
export interface Engine {
  /** Answers `request` from `session`'s store (the engine's own when omitted; a source gets `name`). */
  handle(request: ApiRequest, session?: EngineSession | SessionSource, name?: string): ApiResponse
  readonly store: PetStore
  readonly basePath: string
  /** The operations answered from the store, in document order. */
  readonly stateful: readonly string[]
  /** The operations answered from the spec (examples or generated values), in document order. */
  readonly specDriven: readonly string[]
  /** Every method some path of the document allows, with HEAD and OPTIONS. */
  readonly methods: string
  /** The `Allow` of the document's path at `path` (the one router): what a CORS preflight may allow there. */
  allowAt(path: string): string | undefined
}

type OperationHandler = (
  store: PetStore,
  request: ApiRequest,
  /** The path parameters, decoded by the router. */
  params: Readonly<Record<string, string>>,
) => ApiResponse

/**
 * Builds the request engine: routing from the spec's paths (most specific first), bearer auth before
 * anything else, then the operation's own rules. The operations the mock knows (listPets, createPet,
 * getPet) are answered from the store; every other operation of the document is answered from the
 * spec (`answerFromSpec`), so a path added to the spec works without code. Every failure is an Error
 * body with a 4xx status; nothing throws.
 *
 * @example
 * const engine = createEngine({ store: new PetStore(seedPets) })
 * engine.handle({ method: 'GET', url: '/v1/pets?limit=2', header: (n) => n === 'authorization' ? 'Bearer petstore-dev-key' : undefined })
 * // { status: 200, headers: { 'content-type': 'application/json' }, body: [pet1, pet2] }
 */
export function createEngine(options: EngineOptions): Engine {
  const { store: ownStore, selfCheck = false } = options
  const apiKeys = options.apiKeys?.length ? options.apiKeys : [DEFAULT_API_KEY]
  const spec = options.spec ?? defaultSpec()
  const { document, validators, vocabulary } = spec
  // The store keeps what this document's Pet schema declares (a hot reload may add a field).
  ownStore.useFields(vocabulary.pet.fields)
  const router = spec.router(options.basePath ?? vocabulary.basePath)
  const basePath = router.basePath
  const byId = vocabulary.operations

  const handlers = statefulHandlers(vocabulary, validators, basePath)
  const signals = new Map<string, Record<string, string>>()
  for (const operation of spec.operations) {
    const successor = operation['x-successor'] ? byId.get(operation['x-successor']) : undefined
    const headers = deprecationHeaders(operation, successor && `${basePath}${successor.path}`)
    if (Object.keys(headers).length > 0) signals.set(operation.operationId, headers)
  }

  // Whether each operation needs the key, decided once per document rather than per request.
  const keyNeeded = new Map(
    spec.operations.map((operation) => [operation.operationId, needsKey(operation, document)]),
  )

  function route(
    request: ApiRequest,
    source: EngineSession | SessionSource,
    name: string,
  ): { response: ApiResponse; operation?: SpecOperation } {
    const { method, path } = request
    const routed = router.route(method, path)
    if (routed.kind === 'outside') {
      const message = `Nothing is served at ${path}; the API lives under ${basePath}.`
      return { response: errorResponse(404, 'route_not_found', message) }
    }
    // OPTIONS on a known path needs no key (it only lists methods); an unknown path falls through to
    // auth like any other request, so no path is revealed without a key.
    if (method === 'OPTIONS' && routed.kind !== 'unknown')
      return { response: { status: 204, headers: { allow: routed.allow } } }
    const operation = routed.kind === 'operation' ? routed.operation : undefined

    if (!operation || (keyNeeded.get(operation.operationId) ?? needsKey(operation, document))) {
      const verdict = checkBearer(request.header('authorization'), apiKeys)
      if (verdict !== 'ok') {
        const { message, challenge } = BEARER_CHALLENGES[verdict]
        const response = errorResponse(401, 'unauthorized', message, { 'www-authenticate': challenge })
        return { response, operation }
      }
    }
    const session = typeof source === 'function' ? source(request, name) : source
    if (!('store' in session)) return { response: session, operation }
    if (routed.kind === 'unknown')
      return { response: errorResponse(404, 'route_not_found', `No route ${path} under ${basePath}.`) }
    if (routed.kind === 'method') {
      const message = `${method} is not allowed on ${path}; allowed: ${routed.allow}.`
      return { response: errorResponse(405, 'method_not_allowed', message, { allow: routed.allow }) }
    }
    const { operation: called, params } = routed
    const preferred = preferredResponse(called, request.header('prefer'))
    if (preferred) return { response: preferred, operation: called }
    const forcedStatus = session.forced?.take(called.operationId)
    if (forcedStatus !== undefined) {
      const reason = `Forced by POST /__mock/next-response for the next ${called.operationId} call.`
      const response = forcedError(called, forcedStatus, reason)
      response.forced = 'next-response'
      return { response, operation: called }
    }
    const handler = handlers.get(called.operationId)
    if (!handler) return { response: answerFromSpec(called, request, routed, validators), operation: called }
    return { response: handler(session.store, request, params), operation: called }
  }

  function handle(
    request: ApiRequest,
    session: EngineSession | SessionSource = { store: ownStore },
    name = '',
  ): ApiResponse {
    const { response, operation } = route(request, session, name)
    if (operation) {
      response.operationId = operation.operationId
      const deprecation = signals.get(operation.operationId)
      // One builtin copy, not a keyed store per header: this runs on every answer of a deprecated operation.
      if (deprecation) Object.assign(response.headers, deprecation)
      if (selfCheck) assertDocumented(operation, response, validators)
    }
    if (request.method === 'HEAD') delete response.body
    return response
  }

  const stateful = spec.operations.filter((o) => handlers.has(o.operationId)).map((o) => o.operationId)
  const specDriven = spec.operations.filter((o) => !handlers.has(o.operationId)).map((o) => o.operationId)
  const allowAt = (path: string): string | undefined => {
    const routed = router.route('OPTIONS', path)
    return routed.kind === 'method' || routed.kind === 'operation' ? routed.allow : undefined
  }
  return { handle, store: ownStore, basePath, stateful, specDriven, methods: router.methods, allowAt }
}

/**
 * The operations the mock answers from its store, for those of them the document has. A document
 * without one of them is served all the same: that operation is simply not there.
 */
function statefulHandlers(
  vocabulary: SpecVocabulary,
  validators: SpecValidators,
  basePath: string,
): Map<string, OperationHandler> {
  const handlers = new Map<OperationId, OperationHandler>()
  const { limit, item } = vocabulary
  const listPets = vocabulary.operations.get('listPets')
  if (listPets) {
    // A page needs its size when `limit` is omitted: a document that does not give it cannot be served.
    if (!limit)
      throw new Error("listPets needs a 'limit' parameter with a numeric minimum, maximum and default")
    const parseListQuery = listQueryParser(listPets, validators)
    // Keyed by the query as sent: it decides the page's limit and status, so one session listing
    // the same page again gets the text already made (a different store's page is told apart by its pets).
    const listText = pageText()
    handlers.set('listPets', (store, request) => {
      const parsed = parseListQuery(request.query)
      if (!parsed.ok) return parsed.response
      const page = store.list(parsed.value)
      const response = json(200, page)
      // A HEAD answer carries no body, and so no text (the engine drops its body below).
      if (request.method !== 'HEAD') response.text = listText(request.search, page)
      return response
    })
  }
  if (vocabulary.operations.has('createPet')) {
    handlers.set('createPet', (store, request) => {
      const parsed = parseNewPet(request, validators, vocabulary)
      if (!parsed.ok) return parsed.response
      store.useFields(vocabulary.pet.fields) // a session's store may predate this document
      const pet = store.createUnlessRefused(parsed.value)
      if (typeof pet === 'string') return errorResponse(507, 'store_full', pet)
      // Where a created pet lives, from the document: the item path under createPet's path.
      const location = item && `${basePath}${item.template.replace(`{${item.parameter}}`, String(pet.id))}`
      return json(201, pet, location || undefined)
    })
  }
  const getPet = vocabulary.operations.get('getPet')
  // The id parameter is the document's (`petId` today): its one path parameter.
  const idParameter = getPet?.parameters.find((parameter) => parameter.in === 'path')
  if (getPet && idParameter) {
    const parsePetId = petIdParser(getPet, idParameter, validators)
    const textOf = petText()
    handlers.set('getPet', (store, request, params) => {
      const text = params[idParameter.name] ?? ''
      const lookup = parsePetId(text)
      if (!lookup.ok) return lookup.response
      const pet = lookup.value === 'absent' ? undefined : store.get(lookup.value.id)
      if (!pet) return errorResponse(404, 'not_found', `No pet has id ${text}.`)
      const response = json(200, pet)
      if (request.method !== 'HEAD') response.text = textOf(pet)
      return response
    })
  }
  return handlers
}

function json(status: number, body: unknown, location?: string): ApiResponse {
  // Built as a literal rather than spread from JSON_HEADERS: this runs on every answer of the hot path.
  const headers: Record<string, string> = { 'content-type': JSON_HEADERS['content-type'] as string }
  if (location !== undefined) headers.location = location
  return { status, headers, body }
}

/** `Prefer: code=NNN` for a documented error status of the operation; an undocumented one is a 400. */
function preferredResponse(operation: SpecOperation, prefer: string | undefined): ApiResponse | undefined {
  const status = preferredStatus(prefer)
  if (status === undefined || status < 400) return undefined
  if (!isDocumentedStatus(operation, status)) return undocumented(operation, `Prefer: code=${status}`)
  const response = forcedError(operation, status, `Forced by 'Prefer: code=${status}'.`)
  response.forced = 'prefer'
  return response
}

/**
 * The error statuses an operation documents with an exact code, which the mock can force by name
 * (Prefer, next-response); a `4XX` or `default` response also accepts any status of its range.
 *
 * @example
 * documentedErrorStatuses(operationById(document, 'getPet')) // [400, 401, 404]
 */
export function documentedErrorStatuses(operation: SpecOperation): number[] {
  return Object.keys(operation.responses)
    .filter((key) => /^\d{3}$/.test(key))
    .map(Number)
    .filter((status) => status >= 400)
    .sort((a, b) => a - b)
}

/**
 * The Error response a forced status gets, its `code` from the spec's example for that response
 * (`errorCodeFor`), else `http_<status>`. The caller has checked that the spec documents it.
 */
function forcedError(operation: SpecOperation, status: number, reason: string): ApiResponse {
  const code = errorCodeFor(operation, status) ?? `http_${status}`
  return errorResponse(status, code, reason, status === 401 ? { 'www-authenticate': BEARER_REALM } : {})
}

/** The project's own tests run the engine with `selfCheck`, so a response the spec does not allow fails loudly. */
function assertDocumented(operation: SpecOperation, response: ApiResponse, validators: SpecValidators): void {
  if (!isDocumentedStatus(operation, response.status))
    throw new Error(`${operation.operationId} answered ${response.status}, which the spec does not document`)
  const validate = validators.response(operation.operationId, response.status)
  // Validated as a client reads it off the wire: an int64 kept as raw JSON digits is a number there.
  const onTheWire = response.body === undefined ? undefined : JSON.parse(JSON.stringify(response.body))
  if (validate && !validate(onTheWire)) {
    throw new Error(
      `${operation.operationId} ${response.status} body breaks the spec: ${JSON.stringify(validate.errors)}`,
    )
  }
}

/**
 * One line for people: which operations the mock answers from its store and which from the spec.
 *
 * @example
 * describeOperations(engine) // 'stateful: listPets, createPet, getPet; from the spec: listMyPets'
 */
export function describeOperations(engine: Pick<Engine, 'stateful' | 'specDriven'>): string {
  const list = (ids: readonly string[]) => (ids.length > 0 ? ids.join(', ') : 'none')
  return `stateful: ${list(engine.stateful)}; from the spec: ${list(engine.specDriven)}`
}
