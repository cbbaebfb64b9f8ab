import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'

/**
 * A second implementation of the interface document, written from the document alone (it shares no
 * code with `mocks/` nor with `referenceServer.ts`), so the suite is also measured against
 * mistakes its own authors did not think of. Each fault is one departure a real implementation
 * makes; each variation is a choice the document leaves open.
 */
export type BlindFault =
  // §2 fields as returned
  /** The list leaves `categoryId` out of its items (a "summary" projection). */
  | 'list-omits-categoryId'
  /** Every response spells the field `category_id` (a snake_case serializer). */
  | 'renames-categoryId'
  /** `categoryId` always comes back as a JSON string, small values included. */
  | 'categoryId-always-string'
  /** `status` comes back upper-cased (an enum's Java name). */
  | 'status-upper-case'
  /** Names are HTML-escaped before storing (`<b>` becomes `&lt;b&gt;`), answered 201. */
  | 'html-escapes-name'
  /** Names are cut at 16 characters, answered 201 (a VARCHAR(16) column in a lax database). */
  | 'truncates-name-at-16'
  /** The body is decoded as Latin-1: any non-ASCII name comes back as mojibake. */
  | 'decodes-latin1'
  // §4.1 lists
  /** `limit=100` returns 99 pets (`limit - 1` at the maximum, a half-open range). */
  | 'limit-100-gives-99'
  /** `limit=1` is ignored (`limit > 1 ? limit : 20`). */
  | 'limit-1-ignored'
  /** With `status` and no `limit`, every matching pet comes back: the default lives in the unfiltered branch. */
  | 'no-default-limit-with-status'
  /** The filter scans only the first 60 pets of the store. */
  | 'filter-scans-first-60'
  /** `status=sold` is not filtered (a switch without that case). */
  | 'sold-filter-ignored'
  /** The list holds pets of another tenant that getPet cannot find. */
  | 'lists-other-tenant'
  /** A created pet shows up in lists only 5 s later (a read replica). */
  | 'stale-list-after-create'
  /** getPet answers 404 for 5 s after the create (a read replica). */
  | 'stale-get-after-create'
  // §4.2 creation
  /** 201 without an `id`. */
  | 'created-without-id'
  /** 201 whose body is the previously created pet (a wrong variable in the handler). */
  | 'created-body-of-previous'
  /** 204 with no body. */
  | 'create-answers-204'
  /** A missing name is accepted when `status` is present (validation in the wrong branch). */
  | 'name-optional-with-status'
  /** `name: null` is accepted and stored as null. */
  | 'accepts-null-name'
  /** `categoryId: 1.5` is accepted and stored as 1.5. */
  | 'accepts-float-categoryId'
  /** `status: "sold"` refused on creation (a business rule the document does not have). */
  | 'refuses-sold-on-create'
  /** `status` required on creation. */
  | 'requires-status'
  /** An omitted status answers 201 with `available` but is stored without status. */
  | 'created-status-not-stored'
  /** Ids are `Date.now()`: creates within one millisecond share an id, the later one overwrites. */
  | 'timestamp-ids'
  /** Read-modify-write of the whole store across an await: parallel creates lose pets. */
  | 'lost-update-parallel'
  /** Ids counted in doubles from 2^53 − 4: past 2^53 they collide. */
  | 'double-ids-past-2^53'
  // §4.3 getPet
  /** An unknown pet gets 410 Gone. */
  | 'unknown-410'
  /** An unknown pet gets 404 with `{"error":"not found"}`. */
  | '404-wrong-body'
  /** A valid int64 above 2^31 − 1 gets 400 (parsed into an int32). */
  | 'big-petId-400'
  /** getPet answers the pet stored after the asked one (an off-by-one index). */
  | 'getPet-neighbour'
  // §5 authentication
  /** After one success, any key is accepted (a process-wide "authenticated" flag). */
  | 'any-key-after-success'
  /** A wrong key gets 403 (a missing one still 401). */
  | 'wrong-key-403'
  /** A wrong key gets 401 with an empty body. */
  | '401-without-body'
  /** The key is also taken from `?api_key=`. */
  | 'key-in-query'
  /** The key is also taken from a `Cookie: api_key=` (a browser session shortcut). */
  | 'key-in-cookie'
  /** getPet looks the pet up before checking the key: an unknown id without a key gets 404. */
  | 'lookup-before-auth'
  /** Ids start at 0 and getPet tests the id for truthiness: pet 0 is never found. */
  | 'falsy-id-zero'
  /** Only the newest 140 pets are kept (an LRU cache in front of nothing). */
  | 'evicts-beyond-140'
  /** GET operations check the key; POST does not look at a wrong one (only a missing one). */
  | 'post-accepts-any-key'
  // §7 errors
  /** Error.status is a JSON string. */
  | 'error-status-string'
  /** Error.code is a number. */
  | 'error-code-number'
  /** Errors are served as text/html (a framework's error page content type). */
  | 'error-html-content-type'
  /** Error bodies lack `message`. */
  | 'error-without-message'
  /** A 400 for a bad body is answered 422. */
  | 'bad-body-422'

/** Choices where the document is silent: each must pass the required level. */
export interface BlindVariation {
  /** Out-of-range or malformed `limit`: 400 (default), 422, or clamped into 1..100. */
  badLimit?: 400 | 422 | 'clamp'
  /** Omitted status: stored as this value, or absent (default `none`). */
  defaultStatus?: 'available' | 'pending' | 'sold' | 'none'
  /** Names longer than this get 400. */
  maxNameLength?: number
  /** The empty name gets 400. */
  refuseEmptyName?: boolean
  /** Negative categoryIds get 400 (the category range is not shown). */
  positiveCategoryIds?: boolean
  /** Ids: 1, 2, 3 (default); huge safe integers with random steps; negative descending. */
  ids?: 'sequential' | 'huge' | 'negative'
  /** Lists newest first. */
  newestFirst?: boolean
  /** Extra response headers and extra fields (`createdAt`) on every pet. */
  extras?: boolean
  /** Error codes of its own vocabulary (`E1001`…). */
  ownCodes?: boolean
  /** `bearer` (any case) accepted as the scheme name: RFC 9110 makes schemes case-insensitive. */
  schemeAnyCase?: boolean
  /** `application/json; charset=utf-8` on every response. */
  charset?: boolean
}

export interface BlindOptions extends BlindVariation {
  apiKey: string
  fault?: BlindFault
  /** Pets in the store at start, statuses in turn. */
  pets?: number
}

interface StoredPet {
  id: number | bigint
  name: unknown
  categoryId: unknown
  status?: string
}

const STATUS_VALUES = ['available', 'pending', 'sold'] as const

/** JSON.parse keeping every integer literal as a bigint and the rest as numbers (Node 24 reviver source). */
function parseKeepingIntegers(text: string): unknown {
  return JSON.parse(text, (_key, value, context?: { source?: string }) =>
    typeof value === 'number' && context?.source !== undefined && /^-?\d+$/.test(context.source)
      ? BigInt(context.source)
      : value,
  )
}

/** JSON text with bigints written as integer literals. */
function serialize(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `\u0000${v}\u0000` : v)).replace(
    /"\\u0000(-?\d+)\\u0000"/g,
    '$1',
  )
}

function readBody(req: IncomingMessage, latin1: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString(latin1 ? 'latin1' : 'utf8')))
    req.on('error', reject)
  })
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * Start nothing: returns a node:http server implementing the interface document under `/v1`, with
 * at most one fault switched on.
 *
 * @example
 * const server = createBlindServer({ apiKey: 'k', fault: 'limit-1-ignored', pets: 130 })
 * server.listen(0, '127.0.0.1')
 */
export function createBlindServer(options: BlindOptions): Server {
  const { apiKey, fault } = options
  let store: StoredPet[] = []
  const visibleFrom = new Map<StoredPet, number>()
  let counter = 0
  let authenticatedOnce = false
  const nextId = (): number | bigint => {
    counter++
    if (fault === 'timestamp-ids') return Date.now()
    if (fault === 'double-ids-past-2^53') return 2 ** 53 - 4 + counter
    if (fault === 'falsy-id-zero') return counter - 1
    if (options.ids === 'huge') return 2 ** 50 + counter * 7919 + Math.floor(Math.random() * 7000)
    if (options.ids === 'negative') return -counter
    return counter
  }
  for (let i = 0; i < (options.pets ?? 0); i++) {
    store.push({ id: nextId(), name: `b${i}`, categoryId: BigInt(1 + (i % 3)), status: STATUS_VALUES[i % 3] })
  }
  const otherTenant: StoredPet[] =
    fault === 'lists-other-tenant'
      ? [{ id: 900_000, name: 'other', categoryId: 1n, status: 'available' }]
      : []
  let lastCreated: StoredPet | undefined

  const contentType = (isError: boolean) =>
    isError && fault === 'error-html-content-type'
      ? 'text/html'
      : options.charset
        ? 'application/json; charset=utf-8'
        : 'application/json'
  const reply = (res: ServerResponse, status: number, body?: unknown) => {
    const headers: Record<string, string> = { 'content-type': contentType(status >= 400) }
    if (options.extras)
      Object.assign(headers, { 'x-request-id': String(Math.random()), 'cache-control': 'no-store' })
    res.writeHead(status, headers)
    res.end(body === undefined ? undefined : serialize(body))
  }
  const codes: Record<number, string> = {
    400: 'bad_request',
    401: 'unauthorized',
    403: 'forbidden',
    404: 'not_found',
    410: 'gone',
    422: 'unprocessable',
  }
  const fail = (res: ServerResponse, status: number, message: string) => {
    if (status === 401 && fault === '401-without-body' && message === 'wrong key') {
      res.writeHead(401)
      res.end()
      return
    }
    const code: unknown =
      fault === 'error-code-number' ? status * 10 : options.ownCodes ? `E${status}1` : codes[status]
    const body: Record<string, unknown> = {
      code,
      message,
      status: fault === 'error-status-string' ? String(status) : status,
    }
    if (fault === 'error-without-message') delete body.message
    reply(res, status, body)
  }
  const view = (pet: StoredPet): Record<string, unknown> => {
    const out: Record<string, unknown> = { id: pet.id, name: pet.name, categoryId: pet.categoryId }
    if (pet.status !== undefined)
      out.status = fault === 'status-upper-case' ? pet.status.toUpperCase() : pet.status
    if (fault === 'categoryId-always-string') out.categoryId = String(pet.categoryId)
    if (fault === 'renames-categoryId') {
      out.category_id = out.categoryId
      delete out.categoryId
    }
    if (options.extras) out.createdAt = '2026-01-01T00:00:00Z'
    return out
  }

  const authorised = (req: IncomingMessage, url: URL, method: string): 'ok' | 'missing' | 'wrong' => {
    if (fault === 'key-in-query' && url.searchParams.get('api_key') === apiKey) return 'ok'
    if (fault === 'key-in-cookie' && (req.headers.cookie ?? '').split(/; */).includes(`api_key=${apiKey}`))
      return 'ok'
    const values = req.headersDistinct.authorization ?? []
    if (values.length === 0) return 'missing'
    if (fault === 'any-key-after-success' && authenticatedOnce) return 'ok'
    if (fault === 'post-accepts-any-key' && method === 'POST') return 'ok'
    if (values.length !== 1) return 'wrong'
    const match = /^(\S+) (.*)$/s.exec(values[0] ?? '')
    if (!match) return 'wrong'
    const scheme = match[1] ?? ''
    const schemeOk = options.schemeAnyCase ? scheme.toLowerCase() === 'bearer' : scheme === 'Bearer'
    return schemeOk && match[2] === apiKey ? 'ok' : 'wrong'
  }

  const listPets = (res: ServerResponse, url: URL) => {
    const rawLimit = url.searchParams.get('limit')
    const rawStatus = url.searchParams.get('status')
    let limit = 20
    if (rawLimit !== null) {
      const n = /^\d{1,6}$/.test(rawLimit) ? Number(rawLimit) : Number.NaN
      if (!(n >= 1 && n <= 100)) {
        if (options.badLimit === 'clamp') limit = Number.isNaN(n) ? 20 : Math.min(100, Math.max(1, n))
        else return fail(res, options.badLimit ?? 400, `limit must be an integer from 1 to 100`)
      } else limit = n
      if (fault === 'limit-1-ignored' && limit === 1) limit = 20
      if (fault === 'limit-100-gives-99' && limit === 100) limit = 99
    }
    if (rawStatus !== null && !(STATUS_VALUES as readonly string[]).includes(rawStatus))
      return fail(res, 400, 'status must be available, pending or sold')
    if (fault === 'no-default-limit-with-status' && rawStatus !== null && rawLimit === null) limit = Infinity
    const now = Date.now()
    let pets = [...otherTenant, ...store].filter((p) => (visibleFrom.get(p) ?? 0) <= now)
    if (options.newestFirst) pets.reverse()
    if (rawStatus !== null && !(fault === 'sold-filter-ignored' && rawStatus === 'sold')) {
      const scanned = fault === 'filter-scans-first-60' ? pets.slice(0, 60) : pets
      pets = scanned.filter((p) => p.status === rawStatus)
    }
    const page = pets.slice(0, limit).map(view)
    if (fault === 'list-omits-categoryId') for (const pet of page) delete pet.categoryId
    reply(res, 200, page)
  }

  const createPet = async (req: IncomingMessage, res: ServerResponse) => {
    let body: unknown
    try {
      body = parseKeepingIntegers(await readBody(req, fault === 'decodes-latin1'))
    } catch {
      return fail(res, 400, 'body is not JSON')
    }
    const bad = (message: string) => fail(res, fault === 'bad-body-422' ? 422 : 400, message)
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return bad('body must be an object')
    const { name, categoryId, status } = body as Record<string, unknown>
    const nameOk =
      typeof name === 'string' ||
      (fault === 'accepts-null-name' && name === null) ||
      (fault === 'name-optional-with-status' && name === undefined && status !== undefined)
    if (!nameOk) return bad('name must be a string')
    const catOk =
      typeof categoryId === 'bigint' ||
      (fault === 'accepts-float-categoryId' && typeof categoryId === 'number' && Number.isFinite(categoryId))
    if (!catOk) return bad('categoryId must be an integer')
    if (typeof categoryId === 'bigint' && (categoryId < -(2n ** 63n) || categoryId >= 2n ** 63n))
      return bad('categoryId must be an int64')
    if (
      status !== undefined &&
      !(typeof status === 'string' && (STATUS_VALUES as readonly string[]).includes(status))
    )
      return bad('status must be available, pending or sold')
    if (fault === 'refuses-sold-on-create' && status === 'sold') return bad('a new pet cannot be sold')
    if (fault === 'requires-status' && status === undefined) return bad('status is required')
    if (typeof name === 'string') {
      if (options.maxNameLength !== undefined && [...name].length > options.maxNameLength)
        return bad('name too long')
      if (options.refuseEmptyName && name === '') return bad('name is empty')
    }
    if (options.positiveCategoryIds && typeof categoryId === 'bigint' && categoryId < 0n)
      return bad('categoryId must be positive')
    let storedName = name
    if (typeof name === 'string' && fault === 'html-escapes-name') storedName = escapeHtml(name)
    if (typeof name === 'string' && fault === 'truncates-name-at-16')
      storedName = [...name].slice(0, 16).join('')
    const chosen =
      status ??
      (options.defaultStatus && options.defaultStatus !== 'none' ? options.defaultStatus : undefined)
    const pet: StoredPet = { id: nextId(), name: storedName, categoryId }
    if (typeof chosen === 'string' && !(fault === 'created-status-not-stored' && status === undefined))
      pet.status = chosen
    if (fault === 'stale-list-after-create' || fault === 'stale-get-after-create')
      visibleFrom.set(pet, Date.now() + 5000)
    if (fault === 'lost-update-parallel') {
      const snapshot = [...store]
      await sleep(1)
      store = [...snapshot, pet]
    } else if (fault === 'timestamp-ids') {
      store = store.filter((p) => p.id !== pet.id)
      store.push(pet)
    } else store.push(pet)
    if (fault === 'evicts-beyond-140' && store.length > 140) store = store.slice(-140)
    const previous = lastCreated
    lastCreated = pet
    if (fault === 'create-answers-204') {
      res.writeHead(204)
      return res.end()
    }
    const shown = view(fault === 'created-body-of-previous' && previous ? previous : pet)
    if (fault === 'created-status-not-stored' && status === undefined) shown.status = 'available'
    if (fault === 'created-without-id') delete shown.id
    reply(res, 201, shown)
  }

  const getPet = (res: ServerResponse, raw: string) => {
    if (!/^-?\d{1,19}$/.test(raw)) return fail(res, 400, 'petId must be an integer')
    const asked = BigInt(raw)
    if (fault === 'falsy-id-zero' && asked === 0n) return fail(res, 404, 'no such pet')
    if (fault === 'big-petId-400' && (asked > 2147483647n || asked < -2147483648n))
      return fail(res, 400, 'petId out of range')
    const index = store.findIndex((p) => BigInt(p.id) === asked)
    const at = fault === 'getPet-neighbour' && index >= 0 && index + 1 < store.length ? index + 1 : index
    const pet = store[at]
    const visible =
      pet !== undefined && (fault !== 'stale-get-after-create' || (visibleFrom.get(pet) ?? 0) <= Date.now())
    if (!visible) {
      if (fault === 'unknown-410') return fail(res, 410, 'gone')
      if (fault === '404-wrong-body') return reply(res, 404, { error: 'not found' })
      return fail(res, 404, 'no such pet')
    }
    reply(res, 200, view(pet))
  }

  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://blind')
    const method = req.method ?? 'GET'
    const route = /^\/v1\/pets(?:\/([^/]*))?$/.exec(url.pathname)
    const handle = async () => {
      if (!route || (method !== 'GET' && method !== 'POST') || (method === 'POST' && route[1] !== undefined))
        return fail(res, 404, 'no such route')
      if (fault === 'lookup-before-auth' && method === 'GET' && route[1] !== undefined) {
        const raw = decodeURIComponent(route[1])
        if (/^\d+$/.test(raw) && !store.some((p) => String(p.id) === raw))
          return fail(res, 404, 'no such pet')
      }
      const auth = authorised(req, url, method)
      if (auth !== 'ok') {
        req.resume()
        return fail(
          res,
          auth === 'wrong' && fault === 'wrong-key-403' ? 403 : 401,
          auth === 'missing' ? 'missing key' : 'wrong key',
        )
      }
      authenticatedOnce = true
      if (method === 'POST') return createPet(req, res)
      if (route[1] !== undefined) return getPet(res, decodeURIComponent(route[1]))
      return listPets(res, url)
    }
    handle().catch(() => {
      if (!res.headersSent) fail(res, 500, 'internal')
    })
  })
}
