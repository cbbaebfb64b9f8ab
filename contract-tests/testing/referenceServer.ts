import { createServer, type IncomingMessage, type Server } from 'node:http'

/** Correct choices where the interface document is silent. Each must pass the required checks. */
export interface Variation {
  /** What an omitted status becomes: stored as given, or not stored at all. */
  defaultStatus?: 'available' | 'pending' | 'none'
  /** How ids are made. */
  ids?: 'sequential' | 'from-1000' | 'random'
  newestFirst?: boolean
  /** What an out-of-range or malformed limit gets. */
  badLimit?: 'reject-400' | 'clamp' | 'reject-422'
}

/** One deliberate violation of the interface document at a time. */
export type Fault =
  | 'default-limit-25'
  | 'ignores-status-filter'
  | 'ignores-limit'
  | 'open-listPets'
  | 'open-createPet'
  | 'open-getPet'
  | 'accepts-wrong-key'
  | 'error-status-mismatch'
  | 'error-without-code'
  | 'accepts-missing-categoryId'
  | 'accepts-missing-name'
  | 'accepts-bad-status'
  | 'no-state'
  | 'duplicate-ids'
  | 'crashes-on-bad-limit'
  | 'getPet-200-for-unknown'
  | 'text-plain-responses'
  | 'create-answers-200'
  | 'drops-submitted-name'
  | 'omits-submitted-status'
  | 'list-not-array'
  | 'hangs-on-unknown-status'

export interface ReferenceOptions extends Variation {
  fault?: Fault
  apiKey?: string
  /** Start with no pets (the suite must then create enough itself to judge limits and filters). */
  empty?: boolean
}

interface Pet {
  id: number
  name: string
  categoryId: number
  status?: string
}

const STATUSES = ['available', 'pending', 'sold']

/**
 * A small, independent implementation of the Pet Store interface document on node:http (it shares
 * no code with the project's mock), with switches for legitimate variations and for faults. The
 * contract suite is tested against it: each fault must fail the right check; each variation pass.
 */
export function createReferenceServer(options: ReferenceOptions = {}): Server {
  const key = options.apiKey ?? 'reference-key'
  const fault = options.fault
  const pets: Pet[] = []
  let nextId = options.ids === 'from-1000' ? 1000 : 1
  const newId = (): number => {
    if (fault === 'duplicate-ids') return 7
    if (options.ids === 'random') return 1 + Math.floor(Math.random() * 2 ** 52)
    return nextId++
  }
  const seeds = options.empty ? [] : ['available', 'pending', 'sold', 'available', 'sold', 'pending']
  for (const [i, status] of seeds.entries()) {
    for (let n = 0; n < 5; n++) pets.push({ id: newId(), name: `seed-${i}-${n}`, categoryId: 1, status })
  }

  const send = (
    res: import('node:http').ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    const type = fault === 'text-plain-responses' ? 'text/plain' : 'application/json'
    res.writeHead(status, { 'content-type': type, ...headers })
    res.end(body === undefined ? undefined : JSON.stringify(body))
  }
  const error = (res: import('node:http').ServerResponse, status: number, code: string, message: string) => {
    const body: Record<string, unknown> = {
      code,
      message,
      status: fault === 'error-status-mismatch' ? 418 : status,
    }
    if (fault === 'error-without-code') delete body.code
    send(res, status, body, status === 401 ? { 'www-authenticate': 'Bearer realm="reference"' } : {})
  }

  return createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://reference')
    const path = url.pathname.replace(/^\/v1/, '')
    const operation =
      req.method === 'GET' && path === '/pets'
        ? 'listPets'
        : req.method === 'POST' && path === '/pets'
          ? 'createPet'
          : req.method === 'GET' && /^\/pets\/[^/]+$/.test(path)
            ? 'getPet'
            : undefined
    const auth = req.headers.authorization
    const open = fault === `open-${operation}`
    if (
      !open &&
      auth !== `Bearer ${key}` &&
      !(fault === 'accepts-wrong-key' && auth?.startsWith('Bearer '))
    ) {
      return error(res, 401, 'unauthorized', 'missing or invalid key')
    }
    if (!operation) return error(res, 404, 'not_found', 'no such route')

    if (operation === 'listPets') {
      const status = url.searchParams.get('status')
      if (status !== null && !STATUSES.includes(status)) {
        if (fault === 'hangs-on-unknown-status') return
        return error(res, 400, 'bad_status', 'unknown status')
      }
      const limitText = url.searchParams.get('limit')
      let limit = fault === 'default-limit-25' ? 25 : 20
      if (limitText !== null) {
        const parsed = Number(limitText)
        const valid = /^\d+$/.test(limitText) && parsed >= 1 && parsed <= 100
        if (!valid && fault === 'crashes-on-bad-limit') return send(res, 500, { oops: 'TypeError: limit' })
        if (!valid && options.badLimit === 'clamp')
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
      let found =
        fault === 'ignores-status-filter' || status === null ? pets : pets.filter((p) => p.status === status)
      if (options.newestFirst) found = [...found].reverse()
      const page = found.slice(0, limit)
      return send(res, 200, fault === 'list-not-array' ? { pets: page } : page)
    }

    if (operation === 'createPet') {
      const body = await readJson(req)
      const valid =
        typeof body === 'object' &&
        body !== null &&
        !Array.isArray(body) &&
        (typeof body.name === 'string' || fault === 'accepts-missing-name') &&
        (Number.isInteger(body.categoryId) ||
          (fault === 'accepts-missing-categoryId' && body.categoryId === undefined)) &&
        (body.status === undefined ||
          STATUSES.includes(body.status as string) ||
          fault === 'accepts-bad-status') &&
        body.id === undefined
      if (!valid) return error(res, 400, 'invalid', 'bad body')
      const status =
        body.status ?? (options.defaultStatus === 'none' ? undefined : (options.defaultStatus ?? 'available'))
      const pet: Pet = {
        id: newId(),
        name: fault === 'drops-submitted-name' ? 'renamed' : ((body.name as string) ?? 'unnamed'),
        categoryId: (body.categoryId as number) ?? 0,
        ...(status !== undefined && { status: status as string }),
      }
      if (fault !== 'no-state') pets.push(pet)
      const answer = fault === 'omits-submitted-status' ? { ...pet, status: undefined } : pet
      return send(res, fault === 'create-answers-200' ? 200 : 201, answer, { location: `/v1/pets/${pet.id}` })
    }

    const id = Number(path.slice('/pets/'.length))
    if (!Number.isSafeInteger(id)) return error(res, 400, 'bad_id', 'petId must be an integer')
    const pet = pets.find((p) => p.id === id)
    const deprecation = {
      deprecation: '@1767225600',
      sunset: 'Thu, 05 Dec 2030 00:00:00 GMT',
      link: '</v1/pets>; rel="successor-version"',
    }
    if (!pet && fault === 'getPet-200-for-unknown')
      return send(res, 200, { id, name: 'ghost', categoryId: 1 }, deprecation)
    if (!pet) return error(res, 404, 'not_found', 'no such pet')
    return send(res, 200, pet, deprecation)
  })
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  let text = ''
  for await (const chunk of req) text += chunk
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
