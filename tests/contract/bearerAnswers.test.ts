// challenge_without_error_code (RFC 6750 §3.1), bearer_spellings_accepted (RFC 9110 §11.1,
// RFC 6750 §2.1) and the empty Authorization header of auth_variants_rejected pass against the mock,
// and each fails against a server with one fault of its kind.
import { afterAll, afterEach, beforeAll, expect, test } from '@jest/globals'
import { HttpResponse, http } from 'msw'
import {
  authVariantsRejected,
  bearerSpellingsAccepted,
  missingKeyRejected,
} from '../../contract-tests/checks/authVariantsRejected.ts'
import { challengeWithoutErrorCode } from '../../contract-tests/checks/challengeWithoutErrorCode.ts'
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

/** The outcome of each check per operation, after auth_variants_rejected sent its variants (an empty header among them). */
async function variantOutcomes(): Promise<string[]> {
  const checks = [authVariantsRejected, challengeWithoutErrorCode]
  const report = await runContract({ baseUrl: BASE_URL, apiKey: API_KEY, strict: true, checks })
  return report.results.map((r) => `${r.check} ${r.operation} ${r.outcome}`)
}

/** Answers listPets for a request whose Authorization field is there and empty; others go to the mock. */
function emptyAuthorization(answer: () => Response): void {
  mock.server.use(
    http.get(`${BASE_URL}/pets`, ({ request }) =>
      request.headers.get('authorization')?.trim() === '' ? answer() : undefined,
    ),
  )
}

test('the mock refuses an empty Authorization header with a plain challenge', async () => {
  expect(await variantOutcomes()).toEqual([
    'auth_variants_rejected listPets pass',
    'auth_variants_rejected createPet pass',
    'auth_variants_rejected getPet pass',
    'challenge_without_error_code listPets pass',
    'challenge_without_error_code createPet pass',
    'challenge_without_error_code getPet pass',
  ])
})

test('an error code in the challenge to an empty Authorization header fails challenge_without_error_code', async () => {
  emptyAuthorization(() =>
    HttpResponse.json(
      { code: 'unauthorized', message: 'Malformed Authorization header.', status: 401 },
      { status: 401, headers: { 'www-authenticate': 'Bearer realm="x", error="invalid_request"' } },
    ),
  )
  const outcomes = await variantOutcomes()
  expect(outcomes).toContain('challenge_without_error_code listPets fail')
  expect(outcomes).toContain('auth_variants_rejected listPets pass')
})

test('a server that lets an empty Authorization header in fails auth_variants_rejected', async () => {
  emptyAuthorization(() => HttpResponse.json([]))
  expect(await variantOutcomes()).toContain('auth_variants_rejected listPets fail')
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
