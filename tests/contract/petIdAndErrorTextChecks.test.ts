// The checks that hold what a mutant of the mock's petId parser or Error writer changes
// (docs/mutation.md): each passes against the mock and fails against one fault of its kind,
// served in-process by the mock's own MSW handlers with one handler put in front.
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals'
import { HttpResponse, http } from 'msw'
import { errorBodySaysWhy } from '../../contract-tests/checks/errorBodySaysWhy.ts'
import { extremeIdsNotFound } from '../../contract-tests/checks/extremeIdsNotFound.ts'
import { paddedPetIdSamePet } from '../../contract-tests/checks/paddedPetIdSamePet.ts'
import { unknownPetNotFound } from '../../contract-tests/checks/unknownPetNotFound.ts'
import { runContract } from '../../contract-tests/running/runContract.ts'
import { createPetStoreMockServer } from '../../mocks/node.ts'

const BASE_URL = 'http://petstore.petid-checks/v1'
const API_KEY = 'petid-checks-key'
const mock = createPetStoreMockServer({ baseUrl: BASE_URL, apiKeys: [API_KEY] })
beforeAll(() => mock.server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => mock.server.resetHandlers())
afterAll(() => mock.server.close())

const CHECKS = [unknownPetNotFound, extremeIdsNotFound, paddedPetIdSamePet, errorBodySaysWhy]

async function outcomes(): Promise<Record<string, string>> {
  const report = await runContract({ baseUrl: BASE_URL, apiKey: API_KEY, strict: true, checks: CHECKS })
  return Object.fromEntries(
    report.results.filter((r) => r.operation === 'getPet').map((r) => [r.check, r.outcome]),
  )
}

/** Answers getPet for the petIds `when` picks with `answer`; every other request goes to the mock. */
function getPetFault(when: (petId: string) => boolean, answer: () => Response): void {
  mock.server.use(
    http.get(`${BASE_URL}/pets/:petId`, ({ params }) => (when(String(params.petId)) ? answer() : undefined)),
  )
}

const error = (status: number, code: string, message: string) =>
  HttpResponse.json({ code, message, status }, { status })

describe('petId and Error text checks', () => {
  test('the mock passes each of them', async () => {
    expect(await outcomes()).toEqual({
      unknown_pet_not_found: 'pass',
      extreme_ids_not_found: 'pass',
      padded_pet_id_same_pet: 'pass',
      error_body_says_why: 'pass',
    })
  })

  test('a range check off by one at an end of int64 fails extreme_ids_not_found', async () => {
    getPetFault(
      (petId) => BigInt(petId) >= 2n ** 63n - 1n,
      () => error(400, 'invalid_parameter', 'petId out of range'),
    )
    expect((await outcomes()).extreme_ids_not_found).toBe('fail')
  })

  test('a padded id read as no pet fails padded_pet_id_same_pet', async () => {
    getPetFault(
      (petId) => petId.startsWith('0'),
      () => error(404, 'not_found', 'no such pet'),
    )
    expect((await outcomes()).padded_pet_id_same_pet).toBe('fail')
  })

  test('an Error with an empty message fails error_body_says_why', async () => {
    getPetFault(
      (petId) => petId.length > 12,
      () => error(404, 'not_found', ''),
    )
    expect((await outcomes()).error_body_says_why).toBe('fail')
  })
})
