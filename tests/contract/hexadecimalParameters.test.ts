// An integer parameter written in hexadecimal (`limit=0x1`, `/pets/0x1`) is no integer's decimal
// text: parameter_violations_rejected (recommended) asks 400 for it, as for `abc` or `1.5`. The
// mock passes; a server that hands the text to its language's number parser (JavaScript's
// Number('0x1') is 1) fails, naming the value (docs/mutation.md: the parseListQuery spelling mutants).
import { afterAll, afterEach, beforeAll, expect, test } from '@jest/globals'
import { HttpResponse, http } from 'msw'
import { parameterViolationsRejected } from '../../contract-tests/checks/parameterViolations.ts'
import { runContract } from '../../contract-tests/running/runContract.ts'
import { createPetStoreMockServer, seedPets } from '../../mocks/node.ts'

const BASE_URL = 'http://petstore.hexadecimal/v1'
const API_KEY = 'hexadecimal-key'
const mock = createPetStoreMockServer({ baseUrl: BASE_URL, apiKeys: [API_KEY] })
beforeAll(() => mock.server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => mock.server.resetHandlers())
afterAll(() => mock.server.close())

/** Each operation's outcome and the values its findings name. */
async function outcomes(): Promise<Record<string, string>> {
  const report = await runContract({
    baseUrl: BASE_URL,
    apiKey: API_KEY,
    strict: true,
    checks: [parameterViolationsRejected],
  })
  return Object.fromEntries(
    report.results.map((r) => [
      r.operation,
      `${r.outcome}${r.findings.filter((f) => f.message.includes('0x1')).length > 0 ? ' 0x1' : ''}`,
    ]),
  )
}

test('the mock refuses an integer parameter written in hexadecimal', async () => {
  expect(await outcomes()).toEqual({ listPets: 'pass', getPet: 'pass' })
})

test('a server that reads limit=0x1 and petId 0x1 as 1 fails, naming the value', async () => {
  mock.server.use(
    http.get(`${BASE_URL}/pets`, ({ request }) =>
      new URL(request.url).searchParams.get('limit') === '0x1'
        ? HttpResponse.json(seedPets.slice(0, 1))
        : undefined,
    ),
    http.get(`${BASE_URL}/pets/:petId`, ({ params }) =>
      params.petId === '0x1' ? HttpResponse.json(seedPets[0]) : undefined,
    ),
  )
  expect(await outcomes()).toEqual({ listPets: 'fail 0x1', getPet: 'fail 0x1' })
})
