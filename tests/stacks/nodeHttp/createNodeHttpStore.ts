import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { type IdScheme, idsOf, writeBigint } from '../idsOf.ts'

/**
 * The faults a hand-written node:http service really ships with, one at a time or several at once:
 * - `stale-list-cache`: each list answer is cached for a minute and a create does not clear it;
 * - `key-case-insensitive`: the key is compared with `toLowerCase()` on both sides;
 * - `status-null-when-omitted`: a pet created without status is stored as `status: null`
 *   (the column is nullable);
 * - `name-column-50`: names are cut to a VARCHAR(50) column without a word;
 * - `newest-404-until-list`: getPet reads an id index that only a list rebuilds, so a pet just
 *   created is 404 by id until someone lists;
 * - `name-drops-nul`: U+0000 is removed from names before storing (a PostgreSQL text column refuses
 *   it), yet the create answers 201;
 * - `integer-not-safe`: categoryId checked with `Number.isInteger`, so an integer beyond 2^53 is
 *   accepted and stored as the double `JSON.parse` rounded it to;
 * - `negative-id-400`: a negative petId is refused with 400 (ids start at 1), where the document
 *   answers 404 for an id no pet has;
 * - `get-off-by-one`: getPet reads the pet after the one asked (an index off by one).
 */
export type NodeHttpFault =
  | 'stale-list-cache'
  | 'key-case-insensitive'
  | 'status-null-when-omitted'
  | 'name-column-50'
  | 'newest-404-until-list'
  | 'name-drops-nul'
  | 'integer-not-safe'
  | 'negative-id-400'
  | 'get-off-by-one'

export interface NodeHttpOptions {
  apiKey: string
  fault?: NodeHttpFault | readonly NodeHttpFault[] | undefined
  ids?: IdScheme | undefined
}

interface Pet {
  id: bigint
  name: string
  categoryId: number
  status?: string | null
}

const STATUSES = ['available', 'pending', 'sold']

/**
 * A Pet Store written directly on node:http, as a small team would write it from the interface
 * document: no framework, `JSON.parse`, a Map for the store. Its free choices where the document
 * is silent: an out-of-range or non-numeric limit is clamped to 1..100 (20 when unreadable), an
 * unknown status is 400, a petId that is not digits is 404 (the route does not match), a pet
 * created without status has none, and a categoryId beyond 2^53 is refused (JavaScript numbers).
 * Ids are bigints, written exactly (`ids` chooses the scheme).
 */
export function createNodeHttpStore({ apiKey, fault, ids = 'sequence' }: NodeHttpOptions): Server {
  const faults = new Set([fault].flat())
  const has = (name: NodeHttpFault) => faults.has(name)
  const pets = new Map<bigint, Pet>()
  const nextId = idsOf(ids)
  const cache = new Map<string, { at: number; body: string }>()
  // The id index getPet reads: rebuilt from the store by each list (`newest-404-until-list`).
  let indexed = new Map<bigint, Pet>()

  const send = (res: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body, writeBigint)
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
    res.end(text)
  }
  const fail = (res: ServerResponse, status: number, code: string, message: string) =>
    send(res, status, { code, message, status })

  const authorised = (req: IncomingMessage) => {
    // Node keeps the first of two Authorization field lines: that is what this reads.
    const [scheme, token, ...rest] = (req.headers.authorization ?? '').split(' ')
    if (scheme?.toLowerCase() !== 'bearer' || token === undefined || rest.length > 0) return false
    return has('key-case-insensitive') ? token.toLowerCase() === apiKey.toLowerCase() : token === apiKey
  }

  const list = (res: ServerResponse, query: URLSearchParams) => {
    const status = query.get('status')
    if (status !== null && !STATUSES.includes(status))
      return fail(res, 400, 'invalid_status', `status must be one of ${STATUSES.join(', ')}`)
    const asked = Number.parseInt(query.get('limit') ?? '', 10)
    const limit = Number.isNaN(asked) ? 20 : Math.min(100, Math.max(1, asked))
    const key = `${limit} ${status}`
    const cached = cache.get(key)
    if (has('stale-list-cache') && cached && Date.now() - cached.at < 60_000) {
      res.writeHead(200, { 'content-type': 'application/json' })
      return res.end(cached.body)
    }
    if (has('newest-404-until-list')) indexed = new Map(pets)
    const page = [...pets.values()].filter((pet) => status === null || pet.status === status).slice(0, limit)
    if (has('stale-list-cache')) cache.set(key, { at: Date.now(), body: JSON.stringify(page, writeBigint) })
    send(res, 200, page)
  }

  const create = (res: ServerResponse, text: string) => {
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return fail(res, 400, 'invalid_json', 'the body is not JSON')
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return fail(res, 400, 'invalid_body', 'the body must be a JSON object')
    const { name, categoryId, status } = body as Record<string, unknown>
    if (typeof name !== 'string') return fail(res, 400, 'invalid_body', 'name must be a string')
    const integer = has('integer-not-safe') ? Number.isInteger : Number.isSafeInteger
    if (typeof categoryId !== 'number' || !integer(categoryId))
      return fail(res, 400, 'invalid_body', 'categoryId must be an integer within ±(2^53 - 1)')
    if (status !== undefined && (typeof status !== 'string' || !STATUSES.includes(status)))
      return fail(res, 400, 'invalid_body', `status must be one of ${STATUSES.join(', ')}`)
    const pet: Pet = {
      id: nextId(),
      name: has('name-column-50')
        ? name.slice(0, 50)
        : has('name-drops-nul')
          ? name.replaceAll('\u0000', '')
          : name,
      categoryId,
      ...(status !== undefined ? { status } : has('status-null-when-omitted') ? { status: null } : {}),
    }
    pets.set(pet.id, pet)
    res.setHeader('location', `/v1/pets/${pet.id}`)
    send(res, 201, pet)
  }

  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      if (!authorised(req)) {
        res.setHeader('www-authenticate', 'Bearer')
        return fail(res, 401, 'unauthorized', 'a valid bearer key is required')
      }
      const item = /^\/v1\/pets\/(-?\d+)$/.exec(url.pathname)
      if (url.pathname === '/v1/pets' && req.method === 'GET') return list(res, url.searchParams)
      if (url.pathname === '/v1/pets' && req.method === 'POST')
        return create(res, Buffer.concat(chunks).toString('utf8'))
      if (item && req.method === 'GET') {
        const id = BigInt(item[1] ?? '')
        if (id < 0n) {
          if (has('negative-id-400')) return fail(res, 400, 'invalid_id', 'petId must be a positive integer')
          return fail(res, 404, 'not_found', 'no pet has this id')
        }
        const pet = (has('newest-404-until-list') ? indexed : pets).get(has('get-off-by-one') ? id + 1n : id)
        return pet ? send(res, 200, pet) : fail(res, 404, 'not_found', 'no pet has this id')
      }
      fail(res, 404, 'not_found', `no route for ${req.method} ${url.pathname}`)
    })
  })
}
