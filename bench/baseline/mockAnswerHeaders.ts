import { applyCors, corsPolicy } from '../../kit/guard/cors.ts'
import { apiRequest } from '../../kit/http/ApiRequest.ts'
import { createMockServer } from '../../mocks/server/createMockServer.ts'
import type { RouteHeaders } from './bareServer.ts'

/** What bare sends on its own answers: the mock's answers are compared beyond these. */
const BARE_SENDS = new Set(['content-type', 'content-length', 'location'])

/**
 * The headers the HTTP mock puts on its answer to each bench route beyond those bare sends itself
 * (the CORS `vary`, the deprecated operation's `deprecation`, `sunset` and `link`), taken from the
 * mock's own server layer and CORS writer (as `createHttpMock` applies them to a request without an
 * Origin), so the reference row that sends them cannot drift from what the mock sends.
 *
 * @example
 * mockAnswerHeaders('k').get // { deprecation: '@1767225600', sunset: '…', link: '</v1/pets>; rel="successor-version"', vary: 'Origin' }
 */
export function mockAnswerHeaders(apiKey: string): Required<RouteHeaders> {
  const server = createMockServer({ apiKeys: [apiKey] })
  const header = (name: string): string | undefined =>
    name === 'authorization' ? `Bearer ${apiKey}` : name === 'content-type' ? 'application/json' : undefined
  const answer = (method: string, target: string, body?: string): Record<string, string> => {
    const response = server.handle(apiRequest({ method, target, header, body }))
    if (response instanceof Promise) throw new Error('a mock without a state file answers at once')
    const headers = { ...response.headers }
    applyCors(corsPolicy(), undefined, headers)
    return Object.fromEntries(Object.entries(headers).filter(([name]) => !BARE_SENDS.has(name)))
  }
  return {
    list: answer('GET', '/v1/pets?limit=20'),
    get: answer('GET', '/v1/pets/1'),
    create: answer('POST', '/v1/pets', JSON.stringify({ name: 'Rex', categoryId: 1 })),
  }
}
