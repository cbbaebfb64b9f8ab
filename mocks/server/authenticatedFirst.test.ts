// Interface document, part 5: every operation requires the key, and a request without an accepted
// one is 401 with an Error body. Whatever else an API request carries (a bad parameter or body, an
// undocumented method, `Prefer`, a malformed `X-Mock-Session`), the mock server decides the key
// first. Requests are drawn at random (tests/support/arbitraryRequests.ts); which of them name the
// API is the spec's router's answer, not a list.
import { expect, test } from '@jest/globals'
import fc from 'fast-check'
import { apiRequest } from '../../kit/http/ApiRequest.ts'
import type { ApiResponse } from '../../kit/http/ApiResponse.ts'
import { defaultSpec } from '../../spec/runtime.ts'
import { arbitraryRequest, expectErrorBody } from '../../tests/support/arbitraryRequests.ts'
import { checkBearer } from '../core/checkBearer.ts'
import { DEFAULT_API_KEY } from '../core/createEngine.ts'
import { createMockServer } from './createMockServer.ts'

const router = defaultSpec().router()

/** Whether the mock answers this request before asking for a key, by the document's router. */
function answeredBeforeTheKey(method: string, path: string): boolean {
  const routed = router.route(method, path)
  // Outside the base path nothing is served (404); OPTIONS on a known path only lists its methods.
  return routed.kind === 'outside' || (method === 'OPTIONS' && routed.kind !== 'unknown')
}

test('an API request without an accepted key is 401, whatever else it carries', async () => {
  const server = createMockServer({ selfCheck: true })
  const keyless = arbitraryRequest.filter(
    ({ headers }) => checkBearer(headers.authorization, [DEFAULT_API_KEY]) !== 'ok',
  )
  let judged = 0
  await fc.assert(
    fc.asyncProperty(keyless, async ({ method, url, headers, body }) => {
      const request = apiRequest({
        method,
        target: url,
        header: (name) => headers[name as keyof typeof headers],
        body: body ?? undefined,
      })
      if (answeredBeforeTheKey(request.method, request.path)) return
      judged++
      const response = (await server.handle(request)) as ApiResponse
      expect({ status: response.status, body: response.body }).toMatchObject({ status: 401 })
      if (request.method !== 'HEAD') expectErrorBody(response)
      expect(response.headers['www-authenticate']).toMatch(/^Bearer realm="petstore"/)
    }),
    { numRuns: 500 },
  )
  // Most draws name the API: the property judged requests, not only skipped them.
  expect(judged).toBeGreaterThan(250)
})
