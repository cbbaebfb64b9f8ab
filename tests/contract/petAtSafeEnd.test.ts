// A store whose first page shows a pet at 2^53 - 1, the highest id a double holds exactly (the second
// store of npm run mutation, docs/mutation.md): unknown_pet_not_found must not take that pet's id for
// an unknown one, and a server whose id range check is off by one there (2^53 - 1 read as beyond what
// it holds, so 404) fails listed_pets_retrievable.
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals'
import { HttpResponse, http } from 'msw'
import { listedPetsRetrievable } from '../../contract-tests/checks/listedPetsRetrievable.ts'
import { unknownPetNotFound } from '../../contract-tests/checks/unknownPetNotFound.ts'
import { runContract } from '../../contract-tests/running/runContract.ts'
import { createPetStoreMockServer, seedPets } from '../../mocks/node.ts'
import type { Pet } from '../../spec/runtime.ts'

const BASE_URL = 'http://petstore.safe-end/v1'
const API_KEY = 'safe-end-key'
const atEnd = { ...(seedPets[0] as Pet), id: Number.MAX_SAFE_INTEGER }
const mock = createPetStoreMockServer({ baseUrl: BASE_URL, apiKeys: [API_KEY], seed: [atEnd, ...seedPets] })
beforeAll(() => mock.server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => mock.server.resetHandlers())
afterAll(() => mock.server.close())

async function outcomes(): Promise<Record<string, string>> {
  const checks = [unknownPetNotFound, listedPetsRetrievable]
  const report = await runContract({ baseUrl: BASE_URL, apiKey: API_KEY, strict: true, checks })
  return Object.fromEntries(report.results.map((r) => [`${r.check} ${r.operation}`, r.outcome]))
}

describe('a pet at 2^53 - 1 on the first page', () => {
  test('the mock passes: the unknown ids are ones no list showed', async () => {
    expect(await outcomes()).toEqual({
      'unknown_pet_not_found getPet': 'pass',
      'listed_pets_retrievable listPets': 'pass',
    })
  })

  test('a range check off by one at 2^53 - 1 fails listed_pets_retrievable', async () => {
    mock.server.use(
      http.get(`${BASE_URL}/pets/:petId`, ({ params }) =>
        String(params.petId) === String(Number.MAX_SAFE_INTEGER)
          ? HttpResponse.json(
              { code: 'not_found', message: 'No pet has that id.', status: 404 },
              { status: 404 },
            )
          : undefined,
      ),
    )
    expect((await outcomes())['listed_pets_retrievable listPets']).toBe('fail')
  })
})
