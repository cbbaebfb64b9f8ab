import { once } from 'node:events'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { setTimeout as sleep, setImmediate as tick } from 'node:timers/promises'
import { toJsonText } from '../../kit/json/toJsonText.ts'
import { parseJsonBigints } from '../support/parseJsonBigints.ts'

/**
 * Correct choices where the interface document is silent. Each must pass the required checks (the
 * recommended ones may report the difference from the spec's own choices).
 */
export interface Variation {
  /** What an omitted status becomes: stored as given, or not stored at all. */
  defaultStatus?: 'available' | 'pending' | 'none'
  /** How ids are made: 1, 2, 3…; 1000, 1001…; random up to 2^52; from 2^52 upwards with random steps. */
  ids?: 'sequential' | 'from-1000' | 'random' | 'near-2^52'
  /** Order of a list: creation order, newest first, or shuffled anew on every call. */
  order?: 'oldest-first' | 'newest-first' | 'random'
  /** What an out-of-range or malformed limit gets. */
  badLimit?: 'reject-400' | 'clamp' | 'reject-422'
  /** Names longer than this get 400 (the document sets no length limit, so refusing is a legal choice). */
  maxNameLength?: number
  /** Names with characters outside printable ASCII get 400 (the document sets no character limit). */
  asciiNames?: boolean
  /** Integers beyond ±(2^53 − 1) in a body: stored exactly (default) or refused with 400. */
  unsafeIntegers?: 'exact' | 'reject-400'
  /** A client-sent `id`: refused with 400 (default) or ignored (the service still assigns its own). */
  clientId?: 'reject-400' | 'ignore'
  /** No optional header at all: no Location, WWW-Authenticate, Deprecation, Sunset or Link. */
  minimalHeaders?: boolean
  /** Each pet also carries `createdAt`, the time of its create: a field Pet does not declare. */
  createdAt?: boolean
}

/**
 * One deliberate violation of the interface document at a time: the suite must fail each with a
 * required check. Many are mistakes an independent implementation really makes (see the comments).
 */
export type Fault =
  // Lists
  | 'default-limit-25'
  | 'ignores-status-filter'
  | 'ignores-limit'
  /** `limit` capped at 50 (a page size copied from another service). */
  | 'caps-limit-at-50'
  /** The first page of more than 50 pets is cut to 50, then never again: a flaky failure (a cache warming up). */
  | 'caps-limit-at-50-once'
  /** The page is cut to `limit` first, then filtered: `status=X&limit=1` can return nothing. */
  | 'cuts-page-before-filter'
  /** The status filter lives in the branch that handles `limit`. */
  | 'filter-only-with-limit'
  /** With `status`, every matching pet comes back, however many `limit` allows. */
  | 'ignores-limit-with-status'
  /** An out-of-range `limit` returns the whole store. */
  | 'unbounded-on-bad-limit'
  /** An unknown `status` is ignored: every pet comes back. */
  | 'unknown-status-returns-all'
  /** The status filter matches by prefix (`status=avail` lists the available pets). */
  | 'status-filter-prefix'
  | 'list-not-array'
  | 'hangs-on-unknown-status'
  | 'crashes-on-bad-limit'
  // Authentication
  | 'open-listPets'
  | 'open-createPet'
  | 'open-getPet'
  | 'accepts-wrong-key'
  /** `Bearer` with no token (or only spaces) is let in. */
  | 'accepts-empty-bearer'
  /** The scheme is not looked at: `Basic <key>`, `Token <key>` get in. */
  | 'ignores-scheme'
  /** The header is the key itself, with no scheme. */
  | 'accepts-bare-key'
  /** Any token that starts with the key (`startsWith`). */
  | 'accepts-key-prefix'
  /** Routes matched in any case and with a trailing slash, which the key guard (exact paths) lets through. */
  | 'loose-routes-open'
  /** Deprecation and Sunset on every answer, listPets' and createPet's too. */
  | 'deprecation-everywhere'
  /** getPet's Sunset names another day than §9.3's. */
  | 'sunset-wrong-day'
  /** A token the key starts with (compared over the shorter length). */
  | 'accepts-truncated-key'
  /** The key compared case-insensitively. */
  | 'key-case-insensitive'
  /** Whitespace removed before comparing, so `Bearer ke y` gets in. */
  | 'strips-inner-whitespace'
  /** Of several Authorization headers, the first counts (Node's own `req.headers`). */
  | 'first-auth-header-wins'
  /** Of several Authorization headers (or comma-joined values), any valid one lets the request in. */
  | 'any-auth-header-wins'
  /** The key is also taken from an X-API-Key header. */
  | 'accepts-x-api-key'
  /** The token trimmed as JavaScript trims (U+00A0, U+FEFF, U+2003 too) before it is compared. */
  | 'trims-token'
  /** A trailing character that is no letter or digit dropped before comparing (a stray `=` or `.` pasted). */
  | 'drops-trailing-punctuation'
  /** The body parsed before the key is checked: malformed JSON without a key (or with a wrong one) gets 400. */
  | 'parses-json-before-auth'
  // Creation
  | 'accepts-missing-categoryId'
  | 'accepts-missing-name'
  | 'accepts-bad-status'
  /** `status` compared case-insensitively and stored lower-cased. */
  | 'status-case-insensitive'
  /** Types coerced: `"7"` and `true` become numbers, `42` a name, `1.5` is truncated. */
  | 'coerces-types'
  /** A JSON array body: its first element is created. */
  | 'accepts-array-body'
  /** `null` for an optional field counts as omitted. */
  | 'null-status-as-omitted'
  /** Validation after storing: a 400 is answered but the pet is kept. */
  | 'stores-rejected-body'
  /**
   * A refused create is rolled back from the id lookup but not from the list it was appended to
   * (a partial rollback): getPet never finds it; a list shows it only when its page reaches the end
   * of the store, which a page of the default size does only while the store is small.
   */
  | 'refused-create-left-in-list'
  /** A client-sent `id` is used. */
  | 'client-chooses-id'
  /** Two concurrent creates get the same id: an await between reading the next id and storing. */
  | 'race-duplicate-ids'
  | 'duplicate-ids'
  /** The 20th create is answered 201 but never stored. */
  | 'loses-pet-after-20'
  /** An omitted status is stored as none but getPet answers `available`. */
  | 'omitted-status-differs'
  /** Bodies read with plain JSON.parse: a categoryId beyond 2^53 comes back rounded. */
  | 'rounds-categoryId'
  /** A categoryId beyond 2^53 comes back as a JSON string. */
  | 'int64-as-string'
  /** Names trimmed before storing. */
  | 'trims-name'
  /** Names stored in Unicode normalisation form NFC (`e` + combining acute becomes `é`). */
  | 'normalises-name'
  /** A name longer than 200 characters crashes the handler. */
  | 'crashes-on-long-name'
  /** A second pet with a name already used gets 409. */
  | 'unique-names-409'
  | 'no-state'
  | 'create-answers-200'
  | 'drops-submitted-name'
  | 'omits-submitted-status'
  // Responses
  | 'error-status-mismatch'
  | 'error-without-code'
  | 'getPet-200-for-unknown'
  | 'text-plain-responses'
  /** Ids sent as JSON strings. */
  | 'id-as-string'
  /** Input validated before the key: a bad request without a key gets 400, not 401. */
  | 'validates-before-auth'
  /** A page shorter than `limit` is padded by repeating its pets. */
  | 'repeats-pets-in-page'
  /** `limit` below the maximum returns one pet too many (`<=` for `<`). */
  | 'off-by-one-limit'
  /** A name made of digits is stored as a number. */
  | 'numeric-names-as-numbers'
  /** `status` trimmed in a body and in the query: ` sold` is stored, and filtered, as `sold`. */
  | 'trims-status'
  /** Falsy fields dropped when a pet is written out (a "no nulls" serialiser using truthiness): categoryId 0 disappears. */
  | 'drops-falsy-fields'
  /** getPet reads petId as a 1-based index into the store: 0 and -1 answer pets from its end. */
  | 'id-as-index'
  // Invariants broken only on requests sent to look for something else (tests/suite/invariantsEverywhere.test.ts)
  /** A list whose Authorization scheme is spelled `bearer` gets one pet past its limit (a second code path for the spelling). */
  | 'lowercase-bearer-page-one-too-many'
  /** The first three lists asked with `status` ignore it (a cache warming up): the run's census asks them. */
  | 'first-filtered-lists-unfiltered'
  /** Once a create body was refused, an unfiltered list repeats its first pet in place of its last. */
  | 'repeats-pet-after-refusal'
  /** getPet of id 1 answers the first pet, whatever its id (the id read as an index). */
  | 'getPet-1-answers-first-pet'
  /** A create whose name holds a space gets the previous create's id and replaces that pet (an upsert on a stale id). */
  | 'spaced-name-reuses-id'
  /** Lists show a pet whose name holds a space with categoryId + 1 (a list projection's bug); getPet is right. */
  | 'lists-spaced-names-other-category'
  /** A list whose Authorization scheme is spelled `bearer` shows every pet with categoryId + 1 (another read path). */
  | 'lowercase-bearer-other-category'
  /** With `badLimit: 'clamp'`, a clamped list shows every pet with categoryId + 1 (the clamping path reads another copy). */
  | 'clamped-list-other-category'
  // One store, in time and across connections
  /** Created pets kept per connection (a connection-scoped unit of work): another connection never sees them. */
  | 'pets-per-connection'
  /** Each connection's first list snapshots the store, and its lists are answered from it for 3 s. */
  | 'list-cached-per-connection'
  /** A created pet shows in reads only 1.5 s after its 201 (a replica that lags behind the primary). */
  | 'visible-after-delay'
  /**
   * A new connection's first request is routed to a replica 2 s behind (a load balancer pins a
   * connection to the primary only from its second request): only a read on a fresh connection sees it.
   */
  | 'new-connections-lag'
  // Requests in the other forms HTTP allows (tests/suite/requestForms.test.ts)
  /** The body read as `Content-Length` bytes: a chunked body (no Content-Length) crashes the handler. */
  | 'chunked-body-crashes'
  /** The query split by hand, never percent-decoded: `%6C%69%6D%69%74=%35` is not `limit=5`. */
  | 'query-not-percent-decoded'
  /** 406 unless Accept names application/json: a client sending none, or `*∕*`, is refused. */
  | 'json-must-be-accepted'
  /** A HEAD answered with the GET's body after it, which the next answer on the connection starts with. */
  | 'head-with-body'
  /** A HEAD's answer never ends: the next request on its connection waits forever. */
  | 'head-stalls-connection'
  /** HEAD let past the key guard "for health checks": a HEAD without a key answers as its GET would with one. */
  | 'head-open'
  /** An answer to a keyed request sets a session cookie, which then lets a request in without the key. */
  | 'cookie-session'
  /** The name read from the raw body by a pattern (`{"name":"…"` first, unescaped) before parsing. */
  | 'json-read-by-pattern'
  /** The body is its first TCP segment: a body sent in pieces is cut short. */
  | 'body-first-segment-only'

export interface ReferenceOptions extends Variation {
  fault?: Fault
  apiKey?: string
  /** Start with no pets (the suite must then create enough itself to judge limits and filters). */
  empty?: boolean
  /** How many pets the store starts with (30 by default, in runs of five of each status). */
  pets?: number
  /**
   * A fault: names are cut to this many characters without a word, as a VARCHAR(n) column does in
   * MySQL without strict mode (the 201 and every read show the cut name).
   */
  nameColumnWidth?: number
  /** The name of the first seeded pet (`seed0` by default): markup here tests what reports make of a hostile answer. */
  firstPetName?: string
  /** Delay before every answer, in ms: a staging-like round trip. */
  latencyMs?: number
  /**
   * Answer CORS as a staging service that serves a web app does: `Access-Control-Allow-Origin: *`
   * on every answer, and a preflight (OPTIONS with Access-Control-Request-Method) answered 204.
   */
  cors?: boolean
}

/** A stored pet. categoryId is a bigint beyond ±(2^53 − 1), so nothing is rounded. */
interface Pet {
  id: number | string
  name: unknown
  categoryId: unknown
  status?: unknown
  createdAt?: string
}

const STATUSES = ['available', 'pending', 'sold']
const INT64_MIN = -(2n ** 63n)
const INT64_MAX = 2n ** 63n - 1n

/**
 * A small, independent implementation of the Pet Store interface document on node:http (it shares
 * no code with the project's mock, nor with the suite), with switches for legitimate variations and
 * for faults. The contract suite is tested against it: each fault must fail a required check; each
 * variation must pass them all. By default it is correct and reads int64 values exactly.
 *
 * @example
 * const server = createReferenceServer({ fault: 'accepts-key-prefix', apiKey: 'k' })
 * server.listen(0, '127.0.0.1')
 */
export function createReferenceServer(options: ReferenceOptions = {}): Server {
  const key = options.apiKey ?? 'reference-key'
  const fault = options.fault
  const pets: Pet[] = []
  // The faults of one store in time and across connections (see Fault).
  const ownPets = new WeakMap<object, Pet[]>()
  const listSnapshots = new WeakMap<object, { pets: Pet[]; until: number }>()
  const visibleFrom = new WeakMap<Pet, number>()
  const createdAt = new WeakMap<Pet, number>()
  const servedOn = new WeakSet<object>()
  /** The half-made pets of refused creates, for `refused-create-left-in-list`. */
  const ghosts = new WeakSet<object>()
  /** The pets a read on `connection` sees (all of them, but under these faults). */
  const visibleOn = (connection: object, operation: 'listPets' | 'getPet'): Pet[] => {
    if (fault === 'pets-per-connection') return [...pets, ...(ownPets.get(connection) ?? [])]
    if (fault === 'visible-after-delay')
      return pets.filter((pet) => (visibleFrom.get(pet) ?? 0) <= Date.now())
    if (fault === 'new-connections-lag' && !servedOn.has(connection)) {
      servedOn.add(connection)
      return pets.filter((pet) => (createdAt.get(pet) ?? 0) <= Date.now() - 2_000)
    }
    if (fault === 'list-cached-per-connection' && operation === 'listPets') {
      const snapshot = listSnapshots.get(connection)
      if (snapshot && snapshot.until > Date.now()) return snapshot.pets
      listSnapshots.set(connection, { pets: [...pets], until: Date.now() + 3_000 })
    }
    return pets
  }
  let creates = 0
  let cappedOnce = false
  let filteredLists = 0
  let refusedABody = false
  let lastCreated: Pet | undefined
  let nextId = options.ids === 'from-1000' ? 1000 : options.ids === 'near-2^52' ? 2 ** 52 : 1
  const newId = async (): Promise<number> => {
    if (fault === 'duplicate-ids') return 7
    if (options.ids === 'random') return 1 + Math.floor(Math.random() * 2 ** 52)
    const step = options.ids === 'near-2^52' ? 1 + Math.floor(Math.random() * 1000) : 1
    const id = nextId
    // The race: another create reads the same nextId while this one waits.
    if (fault === 'race-duplicate-ids') await tick()
    nextId = id + step
    return id
  }
  let seedId = nextId
  // Runs of five of each status, so the first page of the store is not a sample of every status.
  const count = options.empty ? 0 : (options.pets ?? 30)
  for (let i = 0; i < count; i++) {
    const status = STATUSES[Math.floor(i / 5) % STATUSES.length]
    pets.push({
      id: seedId++,
      name: i === 0 && options.firstPetName !== undefined ? options.firstPetName : `seed${i}`,
      categoryId: 1 + (i % 4),
      status,
    })
  }
  nextId = seedId

  const sessions = new Set<string>()
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const type = fault === 'text-plain-responses' ? 'text/plain' : 'application/json'
    // A deprecation middleware mounted on the whole router, not on getPet's route.
    const marked =
      fault === 'deprecation-everywhere'
        ? { deprecation: '@1767225600', sunset: 'Thu, 05 Dec 2030 00:00:00 GMT' }
        : {}
    const optional = options.minimalHeaders ? {} : { ...marked, ...headers }
    if (fault === 'cookie-session' && status < 300) {
      const session = `s${sessions.size}`
      sessions.add(session)
      res.setHeader('set-cookie', `session=${session}; Path=/; HttpOnly`)
    }
    res.writeHead(status, { 'content-type': type, ...optional })
    const head = res.req.method === 'HEAD'
    if (head && fault === 'head-stalls-connection') return res.flushHeaders()
    const text = body === undefined ? undefined : toJsonText(body)
    res.end(text)
    if (head && fault === 'head-with-body' && text) res.socket?.write(text)
  }
  const error = (res: ServerResponse, status: number, code: string, message: string) => {
    const body: Record<string, unknown> = {
      code,
      message,
      status: fault === 'error-status-mismatch' ? 418 : status,
    }
    if (fault === 'error-without-code') delete body.code
    send(res, status, body, status === 401 ? { 'www-authenticate': 'Bearer realm="reference"' } : {})
  }
  const shown = (pet: Pet, operation: 'listPets' | 'getPet' | 'createPet'): Record<string, unknown> => {
    const out: Record<string, unknown> = { ...pet }
    if (pet.status === undefined) delete out.status
    if (fault === 'omitted-status-differs' && operation !== 'listPets' && pet.status === undefined)
      out.status = 'available'
    if (
      fault === 'lists-spaced-names-other-category' &&
      operation === 'listPets' &&
      String(pet.name).includes(' ') &&
      typeof pet.categoryId === 'number'
    )
      out.categoryId = pet.categoryId + 1
    if (fault === 'id-as-string') out.id = String(pet.id)
    if (fault === 'drops-falsy-fields')
      for (const [field, value] of Object.entries(out)) if (!value) delete out[field]
    if (fault === 'int64-as-string' && typeof pet.categoryId === 'bigint')
      out.categoryId = String(pet.categoryId)
    return out
  }

  return createServer(async (req, res) => {
    if (options.latencyMs) await sleep(options.latencyMs)
    if (options.cors) {
      res.setHeader('access-control-allow-origin', '*')
      res.setHeader('access-control-expose-headers', 'location, deprecation, sunset, link, www-authenticate')
      if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
        res.writeHead(204, {
          'access-control-allow-methods': 'GET, POST',
          'access-control-allow-headers': 'authorization, content-type',
          'access-control-max-age': '600',
        })
        res.end()
        return
      }
    }
    const url = new URL(req.url ?? '/', 'http://reference')
    if (fault === 'query-not-percent-decoded') url.search = url.search.replaceAll('%', '%25')
    // Express's default router (any case, a trailing slash) behind a key guard keyed on exact paths.
    const loose =
      fault === 'loose-routes-open' &&
      /^\/v1\/pets(\/[^/]+)?\/?$/i.test(url.pathname) &&
      !/^\/v1\/pets(\/[^/]+)?$/.test(url.pathname)
    const path = (loose ? url.pathname.toLowerCase().replace(/\/$/, '') : url.pathname).replace(/^\/v1/, '')
    // HEAD is GET without the content (RFC 9110 §9.3.2): node:http leaves the body out.
    const method = req.method === 'HEAD' ? 'GET' : req.method
    const operation =
      method === 'GET' && path === '/pets'
        ? 'listPets'
        : method === 'POST' && path === '/pets'
          ? 'createPet'
          : method === 'GET' && /^\/pets\/[^/]+$/.test(path)
            ? 'getPet'
            : undefined
    const open = fault === `open-${operation}` || loose || (fault === 'head-open' && req.method === 'HEAD')
    const viaApiKey = fault === 'accepts-x-api-key' && req.headers['x-api-key'] === key
    const session = /(?:^|; )session=([^;]*)/.exec(req.headers.cookie ?? '')?.[1]
    const viaCookie = fault === 'cookie-session' && session !== undefined && sessions.has(session)
    let text: Promise<string> | undefined
    const requestText = () =>
      (text ??=
        fault === 'body-first-segment-only'
          ? once(req, 'data').then(([chunk]) => String(chunk))
          : readText(req))
    if (
      fault === 'parses-json-before-auth' &&
      operation === 'createPet' &&
      !read(await requestText(), false).ok
    )
      return error(res, 400, 'invalid', 'the body is not JSON')
    if (!open && !viaApiKey && !viaCookie && !authorized(authorizationLines(req), key, fault)) {
      if (fault === 'validates-before-auth' && (await badInput(operation, url, path, req)))
        return error(res, 400, 'invalid', 'bad input')
      return error(res, 401, 'unauthorized', 'missing or invalid key')
    }
    if (!operation) return error(res, 404, 'not_found', 'no such route')
    if (fault === 'json-must-be-accepted' && !req.headers.accept?.includes('application/json'))
      return error(res, 406, 'not_acceptable', 'this service answers application/json only')

    if (operation === 'listPets') {
      // A parameter given twice: stacks differ on which value counts; the spec's choice is 400.
      for (const name of ['limit', 'status'])
        if (url.searchParams.getAll(name).length > 1)
          return error(res, 400, 'repeated_parameter', `${name} given more than once`)
      const asked = url.searchParams.get('status')
      const status = fault === 'trims-status' && asked !== null ? asked.trim() : asked
      const unknownStatus =
        status !== null && !STATUSES.includes(status) && !(fault === 'status-filter-prefix' && status !== '')
      if (unknownStatus && fault === 'hangs-on-unknown-status') return
      if (unknownStatus && fault !== 'unknown-status-returns-all')
        return error(res, 400, 'bad_status', 'unknown status')
      const limitText = url.searchParams.get('limit')
      let limit = fault === 'default-limit-25' ? 25 : 20
      if (limitText !== null) {
        const parsed = Number(limitText)
        const valid = /^\d+$/.test(limitText) && parsed >= 1 && parsed <= 100
        if (!valid && fault === 'crashes-on-bad-limit') return send(res, 500, { oops: 'TypeError: limit' })
        if (!valid && fault === 'unbounded-on-bad-limit') limit = Number.POSITIVE_INFINITY
        else if (!valid && options.badLimit === 'clamp')
          limit = Number.isFinite(parsed) ? Math.min(100, Math.max(1, Math.trunc(parsed))) : 20
        else if (!valid)
          return error(
            res,
            options.badLimit === 'reject-422' ? 422 : 400,
            'bad_limit',
            'limit must be 1..100',
          )
        else limit = parsed
      }
      if (fault === 'ignores-limit') limit = 1000
      if (fault === 'off-by-one-limit' && limit < 100) limit++
      if (fault === 'caps-limit-at-50') limit = Math.min(limit, 50)
      if (fault === 'ignores-limit-with-status' && status !== null) limit = Number.POSITIVE_INFINITY
      const stored = visibleOn(req.socket, 'listPets')
      let ordered = options.order === 'newest-first' ? [...stored].reverse() : stored
      if (options.order === 'random') ordered = shuffled(stored)
      // The faults that count lists count pages sent: a HEAD's has no content.
      if (status !== null && req.method === 'GET') filteredLists++
      const filtering =
        status !== null &&
        !unknownStatus &&
        fault !== 'ignores-status-filter' &&
        !(fault === 'filter-only-with-limit' && limitText === null) &&
        !(fault === 'first-filtered-lists-unfiltered' && filteredLists <= 3)
      const matches = (pet: Pet) =>
        !filtering ||
        pet.status === status ||
        (fault === 'status-filter-prefix' && String(pet.status).startsWith(status ?? ''))
      const page =
        fault === 'cuts-page-before-filter'
          ? ordered.slice(0, limit).filter(matches)
          : ordered.filter(matches).slice(0, limit)
      if (fault === 'caps-limit-at-50-once' && !cappedOnce && page.length > 50 && req.method === 'GET') {
        page.length = 50
        cappedOnce = true
      }
      const lowercaseBearer = authorizationLines(req)[0]?.startsWith('bearer ') === true
      if (fault === 'lowercase-bearer-page-one-too-many' && lowercaseBearer) {
        const next = ordered.filter(matches)[page.length]
        if (next) page.push(next)
      }
      if (fault === 'repeats-pet-after-refusal' && refusedABody && status === null && page.length > 1)
        page[page.length - 1] = page[0] as Pet
      if (fault === 'repeats-pets-in-page')
        for (let i = 0; page.length > 0 && page.length < limit && i < 1000; i++) page.push(page[i] as Pet)
      const body = page.map((pet) => shown(pet, 'listPets'))
      const clamped = limitText !== null && String(limit) !== limitText
      if (
        (fault === 'lowercase-bearer-other-category' && lowercaseBearer) ||
        (fault === 'clamped-list-other-category' && clamped)
      )
        for (const pet of body) if (typeof pet.categoryId === 'number') pet.categoryId += 1
      return send(res, 200, fault === 'list-not-array' ? { pets: body } : body)
    }

    if (operation === 'createPet') {
      if (fault === 'chunked-body-crashes' && req.headers['content-length'] === undefined)
        return send(res, 500, { oops: 'RangeError: The value of "size" is out of range. Received NaN' })
      // The body is application/json (§4.2): another media type is refused before it is read.
      if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? ''))
        return error(res, 415, 'unsupported_media_type', 'the body must be application/json')
      const text = await requestText()
      if (fault === 'json-read-by-pattern' && !/^\{"name":"(?:[^"\\]|\\.)*"/.test(text))
        return error(res, 400, 'invalid', 'name is required')
      const parsed = read(text, fault === 'rounds-categoryId')
      let body = parsed.ok ? parsed.value : undefined
      if (fault === 'accepts-array-body' && Array.isArray(body)) body = body[0]
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        return error(res, 400, 'invalid', 'the body must be a NewPet object')
      const fields = { ...(body as Record<string, unknown>) }
      if (fault === 'coerces-types') {
        if (typeof fields.name === 'number' || typeof fields.name === 'boolean')
          fields.name = String(fields.name)
        if (typeof fields.categoryId === 'string' || typeof fields.categoryId === 'boolean')
          fields.categoryId = Number(fields.categoryId)
        if (typeof fields.categoryId === 'number') fields.categoryId = Math.trunc(fields.categoryId)
      }
      if (fault === 'status-case-insensitive' && typeof fields.status === 'string')
        fields.status = fields.status.toLowerCase()
      if (fault === 'trims-status' && typeof fields.status === 'string') fields.status = fields.status.trim()
      if (fault === 'null-status-as-omitted' && fields.status === null) delete fields.status
      const problem = invalid(fields, options, fault)
      if (problem && fault === 'stores-rejected-body') {
        pets.push({
          id: await newId(),
          name: fields.name,
          categoryId: fields.categoryId,
          status: fields.status,
        })
      }
      if (problem && fault === 'refused-create-left-in-list') {
        const ghost = {
          id: await newId(),
          name: fields.name,
          categoryId: fields.categoryId,
          status: fields.status,
        }
        pets.push(ghost as Pet)
        ghosts.add(ghost)
      }
      if (problem) refusedABody = true
      if (problem) return error(res, 400, 'invalid', problem)
      if (fault === 'numeric-names-as-numbers' && /^\d+$/.test(String(fields.name)))
        fields.name = Number(fields.name)
      const name = fields.name as string
      if (fault === 'crashes-on-long-name' && name.length > 200)
        return send(res, 500, { oops: 'RangeError: name' })
      if (fault === 'unique-names-409' && pets.some((pet) => pet.name === name))
        return error(res, 409, 'conflict', 'a pet with this name exists')
      const status =
        fields.status ??
        (fault === 'omitted-status-differs' || options.defaultStatus === 'none'
          ? undefined
          : (options.defaultStatus ?? 'available'))
      const clientId = fault === 'client-chooses-id' && Number.isSafeInteger(fields.id)
      const pet: Pet = {
        id: clientId ? (fields.id as number) : await newId(),
        name: cutTo(storedName(name, fault), options.nameColumnWidth),
        categoryId: fields.categoryId,
        ...(status !== undefined && { status }),
        ...(options.createdAt && { createdAt: new Date().toISOString() }),
      }
      creates++
      const reused = fault === 'spaced-name-reuses-id' && name.includes(' ') ? lastCreated : undefined
      if (reused) {
        pet.id = reused.id
        const at = pets.indexOf(reused)
        if (at >= 0) pets.splice(at, 1)
      }
      if (fault === 'pets-per-connection') {
        const own = ownPets.get(req.socket) ?? []
        ownPets.set(req.socket, [...own, pet])
      } else if (fault !== 'no-state' && !(fault === 'loses-pet-after-20' && creates === 20)) pets.push(pet)
      lastCreated = pet
      if (fault === 'visible-after-delay') visibleFrom.set(pet, Date.now() + 1_500)
      if (fault === 'new-connections-lag') {
        createdAt.set(pet, Date.now())
        servedOn.add(req.socket)
      }
      const answer = shown(pet, 'createPet')
      if (fault === 'omits-submitted-status') delete answer.status
      return send(res, fault === 'create-answers-200' ? 200 : 201, answer, { location: `/v1/pets/${pet.id}` })
    }

    const idText = path.slice('/pets/'.length)
    if (!/^-?\d+$/.test(idText) || BigInt(idText) < INT64_MIN || BigInt(idText) > INT64_MAX)
      return error(res, 400, 'bad_id', 'petId must be an int64')
    const stored = visibleOn(req.socket, 'getPet').filter((p) => !ghosts.has(p))
    const pet =
      fault === 'id-as-index'
        ? stored.at(Number(idText) - 1)
        : stored.find((p) => String(p.id) === String(BigInt(idText)))
    const deprecation = {
      deprecation: '@1767225600',
      sunset:
        fault === 'sunset-wrong-day' ? 'Sun, 12 May 2030 00:00:00 GMT' : 'Thu, 05 Dec 2030 00:00:00 GMT',
      link: '</v1/pets>; rel="successor-version"',
    }
    if (fault === 'getPet-1-answers-first-pet' && idText === '1' && pets[0])
      return send(res, 200, shown(pets[0], 'getPet'), deprecation)
    if (!pet && fault === 'getPet-200-for-unknown')
      return send(res, 200, { id: Number(idText), name: 'ghost', categoryId: 1 }, deprecation)
    if (!pet) return error(res, 404, 'not_found', 'no such pet')
    return send(res, 200, shown(pet, 'getPet'), deprecation)
  })
}

/** For the fault that validates before authenticating: whether the request is bad input. */
async function badInput(
  operation: string | undefined,
  url: URL,
  path: string,
  req: IncomingMessage,
): Promise<boolean> {
  if (operation === 'listPets') {
    const limit = url.searchParams.get('limit')
    const status = url.searchParams.get('status')
    return (
      (limit !== null && !/^([1-9]\d?|100)$/.test(limit)) || (status !== null && !STATUSES.includes(status))
    )
  }
  if (operation === 'getPet') return !/^\/pets\/-?\d+$/.test(path)
  if (operation === 'createPet') {
    const parsed = read(await readText(req), false)
    return !parsed.ok || invalid((parsed.value ?? {}) as Record<string, unknown>, {}) !== undefined
  }
  return false
}

/** Why a NewPet is refused, or undefined when it is valid (under the variation's legal choices). */
function invalid(
  fields: Record<string, unknown>,
  options: ReferenceOptions,
  fault?: Fault,
): string | undefined {
  const { name, categoryId, status } = fields
  if (name === undefined && fault !== 'accepts-missing-name') return 'name is required'
  if (name !== undefined && typeof name !== 'string') return 'name must be a string'
  if (categoryId === undefined && fault !== 'accepts-missing-categoryId') return 'categoryId is required'
  if (categoryId !== undefined && !isInt64(categoryId)) return 'categoryId must be an int64'
  if (typeof categoryId === 'bigint' && options.unsafeIntegers === 'reject-400')
    return 'categoryId must be within ±(2^53 − 1)'
  if (status !== undefined && !STATUSES.includes(status as string) && fault !== 'accepts-bad-status')
    return 'status must be a PetStatus'
  if (fields.id !== undefined && options.clientId !== 'ignore' && fault !== 'client-chooses-id')
    return 'the client does not choose id'
  if (typeof name === 'string' && options.maxNameLength !== undefined && name.length > options.maxNameLength)
    return `name is longer than ${options.maxNameLength}`
  if (typeof name === 'string' && options.asciiNames && !/^[\x20-\x7e]*$/.test(name))
    return 'name must be printable ASCII'
  return undefined
}

function isInt64(value: unknown): boolean {
  if (typeof value === 'number' && Number.isInteger(value)) return isInt64(BigInt(value))
  return typeof value === 'bigint' && value >= INT64_MIN && value <= INT64_MAX
}

/** Every Authorization field line as sent (Node's `req.headers` keeps only the first). */
function authorizationLines(req: IncomingMessage): string[] {
  const lines: string[] = []
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i]?.toLowerCase() === 'authorization') lines.push(req.rawHeaders[i + 1] ?? '')
  }
  return lines
}

/**
 * The credential check. Correct: exactly one Authorization line, scheme `Bearer` in any case
 * (RFC 9110), one or more spaces, and a token equal to the key. The faults are real mistakes.
 */
function authorized(lines: string[], key: string, fault?: Fault): boolean {
  const matches = (value: string): boolean => {
    const [, scheme = '', token = ''] = /^(\S*)\s*(.*)$/.exec(value) ?? []
    const bearer = scheme.toLowerCase() === 'bearer'
    if (fault === 'accepts-wrong-key' && bearer && token !== '') return true
    if (fault === 'accepts-empty-bearer' && bearer && token.trim() === '') return true
    if (fault === 'ignores-scheme' && token === key) return true
    if (fault === 'accepts-bare-key' && value === key) return true
    if (fault === 'accepts-key-prefix' && bearer && token.startsWith(key)) return true
    if (fault === 'accepts-truncated-key' && bearer && token !== '' && key.startsWith(token)) return true
    if (fault === 'key-case-insensitive' && bearer && token.toLowerCase() === key.toLowerCase()) return true
    if (fault === 'trims-token' && bearer && token.trim() === key) return true
    if (fault === 'drops-trailing-punctuation' && bearer && token.replace(/[^A-Za-z0-9]$/, '') === key)
      return true
    if (
      fault === 'strips-inner-whitespace' &&
      value.replace(/\s+/g, '').toLowerCase() === `bearer${key}`.toLowerCase()
    )
      return true
    return bearer && /^ *$/.test(value.slice(scheme.length, value.length - token.length)) && token === key
  }
  if (fault === 'first-auth-header-wins') return lines[0] !== undefined && matches(lines[0])
  if (fault === 'any-auth-header-wins')
    return lines
      .flatMap((line) => line.split(','))
      .some((value) => matches(value.replace(/^[ \t]+|[ \t]+$/g, '')))
  return lines.length === 1 && matches(lines[0] as string)
}

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j] as T, copy[i] as T]
  }
  return copy
}

function read(text: string, lossy: boolean): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: lossy ? JSON.parse(text) : parseJsonBigints(text) }
  } catch {
    return { ok: false }
  }
}

/**
 * The body decoded once it is whole: a character may come in two TCP segments. A client that goes
 * away mid-body (a timeout during a slow upload) makes `req` fail with "aborted": nobody is left to
 * answer, so what came is read, and the 400 it gets goes nowhere. Not caught, it would reject the
 * handler, and the test with it.
 */
async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  try {
    for await (const chunk of req) chunks.push(chunk as Buffer)
  } catch {
    req.socket.destroy()
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** A name as a column `width` characters wide keeps it (the whole name when there is no width). */
function cutTo(name: unknown, width: number | undefined): unknown {
  return width === undefined || typeof name !== 'string' ? name : [...name].slice(0, width).join('')
}

/** What the faults that alter a name store (a correct server stores it exactly as sent). */
function storedName(name: string, fault: Fault | undefined): string {
  if (fault === 'drops-submitted-name') return 'renamed'
  if (fault === 'trims-name') return name.trim()
  if (fault === 'normalises-name') return name.normalize('NFC')
  return name
}
