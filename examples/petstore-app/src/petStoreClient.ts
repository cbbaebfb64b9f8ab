// A plain fetch client for the Pet Store API, written the way an app would write it against the
// real service: it knows a base URL and a key, nothing of the mock.
import type { NewPet, Pet, PetStatus } from 'petstore-mock'

/** An error answer of the API, carrying the fields of its Error body. */
export class PetStoreError extends Error {
  readonly status: number
  readonly code: string

  constructor(status: number, code: string, message: string) {
    super(message)
    this.name = 'PetStoreError'
    this.status = status
    this.code = code
  }
}

/** What a deprecated operation told us in its response headers (RFC 9745 / RFC 8594). */
export interface Deprecation {
  sunset: string | null
  successor: string | null
}

export interface PetStoreClient {
  listPets(query?: { status?: PetStatus; limit?: number }): Promise<Pet[]>
  createPet(pet: Partial<NewPet>): Promise<Pet>
  getPet(petId: string): Promise<{ pet: Pet; deprecation: Deprecation | undefined }>
}

/**
 * @example
 * const client = createPetStoreClient('/v1', () => 'petstore-dev-key')
 * await client.listPets({ status: 'sold' })
 */
export function createPetStoreClient(baseUrl: string, apiKey: () => string): PetStoreClient {
  async function call(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(`${baseUrl}${path}`, {
      ...init,
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${apiKey()}`,
        ...(init.body !== undefined && { 'content-type': 'application/json' }),
      },
    })
    if (!response.ok) throw await errorOf(response)
    return response
  }

  return {
    async listPets(query = {}) {
      const search = new URLSearchParams()
      if (query.status) search.set('status', query.status)
      if (query.limit !== undefined) search.set('limit', String(query.limit))
      const suffix = search.size > 0 ? `?${search}` : ''
      return (await call(`/pets${suffix}`)).json()
    },
    async createPet(pet) {
      return (await call('/pets', { method: 'POST', body: JSON.stringify(pet) })).json()
    },
    async getPet(petId) {
      const response = await call(`/pets/${encodeURIComponent(petId)}`)
      const deprecation = response.headers.has('deprecation')
        ? { sunset: response.headers.get('sunset'), successor: successorOf(response.headers.get('link')) }
        : undefined
      return { pet: await response.json(), deprecation }
    },
  }
}

/** The Error body's message when there is one; the status line otherwise (a proxy's HTML page, say). */
async function errorOf(response: Response): Promise<PetStoreError> {
  const body: unknown = await response.json().catch(() => undefined)
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    const code = 'code' in body && typeof body.code === 'string' ? body.code : 'unknown'
    return new PetStoreError(response.status, code, body.message)
  }
  return new PetStoreError(response.status, 'unknown', `${response.status} ${response.statusText}`.trim())
}

function successorOf(link: string | null): string | null {
  return link?.match(/<([^>]+)>\s*;\s*rel="?successor-version"?/)?.[1] ?? null
}
