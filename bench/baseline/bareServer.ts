// The bare node:http baseline: the practical ceiling a mock of this API can reach on this machine.
// It does what every server here must do (route, check the bearer key, read and parse the JSON body,
// answer JSON) and nothing a mock adds on top: no spec, no validation, no Error-body module, no CORS.
// Kept beside the bench so the ceiling is measured in the same run as the servers it judges.
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { parseArgs } from 'node:util'

interface BarePet {
  id: number
  name: unknown
  categoryId: unknown
  status: unknown
}

const PREFIX = '/v1/pets'

/** Headers to add to the answers of each route (list, get by id, create): none for the baseline. */
export type RouteHeaders = Partial<Record<'list' | 'get' | 'create', Record<string, string>>>

/**
 * Builds (does not listen) the baseline server over `seed`, accepting `Authorization: Bearer <apiKey>`.
 * With `headers`, each route's answers carry those headers too: the bench's reference row that sends
 * what the mock sends beyond bare's own (`mockAnswerHeaders`), never the baseline.
 *
 * @example
 * createBareServer({ apiKey: 'k', seed: [] }).listen(0, '127.0.0.1')
 */
export function createBareServer({
  apiKey,
  seed,
  headers,
}: {
  apiKey: string
  seed: readonly BarePet[]
  headers?: RouteHeaders
}): Server {
  const pets = new Map<number, BarePet>()
  for (const pet of seed) pets.set(pet.id, pet)
  let nextId = Math.max(0, ...pets.keys()) + 1
  const expected = `Bearer ${apiKey}`

  function send(
    response: ServerResponse,
    status: number,
    body: unknown,
    extra?: Record<string, string>,
  ): void {
    const text = JSON.stringify(body)
    const head: Record<string, string | number> = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
    }
    if (extra) Object.assign(head, extra)
    response.writeHead(status, head)
    response.end(text)
  }

  function list(url: string, response: ServerResponse): void {
    const query = new URLSearchParams(url.slice(url.indexOf('?') + 1))
    const limit = Number(query.get('limit') ?? 20)
    const status = query.get('status')
    const page: BarePet[] = []
    for (const pet of pets.values()) {
      if (page.length >= limit) break
      if (status === null || pet.status === status) page.push(pet)
    }
    send(response, 200, page, headers?.list)
  }

  function create(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      let input: { name?: unknown; categoryId?: unknown; status?: unknown }
      try {
        input = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      } catch {
        send(response, 400, { code: 'invalid_body', message: 'body is not JSON', status: 400 })
        return
      }
      const pet = {
        id: nextId++,
        name: input.name,
        categoryId: input.categoryId,
        status: input.status ?? 'available',
      }
      pets.set(pet.id, pet)
      response.setHeader('location', `${PREFIX}/${pet.id}`)
      send(response, 201, pet, headers?.create)
    })
  }

  return createServer((request, response) => {
    if (request.headers.authorization !== expected) {
      send(response, 401, { code: 'unauthorized', message: 'missing or invalid key', status: 401 })
      return
    }
    const url = request.url ?? '/'
    const path = url.split('?', 1)[0]
    if (path === PREFIX) {
      if (request.method === 'GET') return list(url, response)
      if (request.method === 'POST') return create(request, response)
    } else if (path?.startsWith(`${PREFIX}/`) && request.method === 'GET') {
      const pet = pets.get(Number(path.slice(PREFIX.length + 1)))
      if (pet) return send(response, 200, pet, headers?.get)
      return send(response, 404, { code: 'not_found', message: 'no such pet', status: 404 }, headers?.get)
    }
    send(response, 404, { code: 'not_found', message: 'no such route', status: 404 })
  })
}

// Run directly (by the bench), it serves the project's seed pets and prints one line the way the
// mock's CLI does, so both are started and found the same way.
if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      'api-key': { type: 'string', default: 'bench-key' },
      // JSON of RouteHeaders: the reference row's (benchServers.ts), never the baseline's.
      'route-headers': { type: 'string' },
    },
  })
  const seed = JSON.parse(
    readFileSync(new URL('../../fixtures/seed-pets.json', import.meta.url), 'utf8'),
  ) as BarePet[]
  const routeHeaders = values['route-headers']
  const server = createBareServer({
    apiKey: values['api-key'],
    seed,
    ...(routeHeaders !== undefined && { headers: JSON.parse(routeHeaders) as RouteHeaders }),
  })
  server.listen(Number(values.port), '127.0.0.1', () => {
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    console.log(`bare baseline listening on http://127.0.0.1:${port}/v1 (${seed.length} pets)`)
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0))
}
