// challenge_without_error_code (RFC 6750 §3.1) and bearer_spellings_accepted (RFC 9110 §11.1,
// RFC 6750 §2.1) pass against the mock, and each fails against a server with one fault of its kind.
import { afterAll, afterEach, beforeAll, expect, test } from '@jest/globals'
import { HttpResponse, http } from 'msw'
import { bearerSpellingsAccepted } from '../../contract-tests/checks/bearerSpellingsAccepted.ts'
import { challengeWithoutErrorCode } from '../../contract-tests/checks/challengeWithoutErrorCode.ts'
import { missingKeyRejected } from '../../contract-tests/checks/missingKeyRejected.ts'
import { runContract } from '../../contract-tests/running/runContract.ts'
import { createPetStoreMockServer } from '../../mocks/node.ts'

const BASE_URL = 'http://petstore.challenge-check/v1'
const API_KEY = 'challenge-check-key'
const mock = createPetStoreMockServer({ baseUrl: BASE_URL, apiKeys: [API_KEY] })
beforeAll(() => mock.server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => mock.server.resetHandlers())
afterAll(() => mock.server.close())

async function outcomes(): Promise<string[]> {
  const checks = [missingKeyRejected, challengeWithoutErrorCode]
  const report = await runContract({ baseUrl: BASE_URL, apiKey: API_KEY, strict: true, checks })
  return report.results
    .filter((r) => r.check === challengeWithoutErrorCode.name)
    .map((r) => `${r.operation} ${r.outcome}`)
}

test('the mock challenges a request with no key plainly', async () => {
  expect(await outcomes()).toEqual(['listPets pass', 'createPet pass', 'getPet pass'])
})

test('an error code in the challenge to a request with no key fails it', async () => {
  mock.server.use(
    http.get(`${BASE_URL}/pets`, ({ request }) =>
      request.headers.has('authorization')
        ? undefined
        : HttpResponse.json(
            { code: 'unauthorized', message: 'Missing API key.', status: 401 },
            { status: 401, headers: { 'www-authenticate': 'Bearer realm="x", error="invalid_request"' } },
          ),
    ),
  )
  expect(await outcomes()).toContain('listPets fail')
})

test('the mock accepts the key in the spellings HTTP allows', async () => {
  const report = await runContract({
    baseUrl: BASE_URL,
    apiKey: API_KEY,
    strict: true,
    checks: [bearerSpellingsAccepted],
  })
  expect(report.results.map((r) => `${r.check} ${r.outcome}`)).toEqual(['bearer_spellings_accepted pass'])
})

test('a server that takes one space only fails bearer_spellings_accepted', async () => {
  mock.server.use(
    http.get(`${BASE_URL}/pets`, ({ request }) =>
      /^bearer {2}/i.test(request.headers.get('authorization') ?? '')
        ? HttpResponse.json(
            { code: 'unauthorized', message: 'Invalid API key.', status: 401 },
            { status: 401, headers: { 'www-authenticate': 'Bearer realm="x", error="invalid_token"' } },
          )
        : undefined,
    ),
  )
  const report = await runContract({
    baseUrl: BASE_URL,
    apiKey: API_KEY,
    strict: true,
    checks: [bearerSpellingsAccepted],
  })
  expect(report.results.map((r) => `${r.check} ${r.outcome}`)).toEqual(['bearer_spellings_accepted fail'])
})
