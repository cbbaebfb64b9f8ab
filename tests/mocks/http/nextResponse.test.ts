// One-shot forced responses over HTTP (POST /__mock/next-response), driven by the spec: every
// documented error status of every operation can be forced, and nothing else can.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals'
import { forceableOperations } from '../../../mocks/server/nextResponse.ts'
import { openApiDocument } from '../../../spec/runtime.ts'
import { type StartedMock, startMock } from '../../support/startMock.ts'

/** A request that the operation answers successfully when nothing is forced. */
function callOf(it: StartedMock, choice: { method: string; path: string }, session: string) {
  const path = choice.path.replace(/\{[^}]+\}/g, '1')
  return choice.method === 'POST'
    ? fetch(`${it.origin}/v1${path}`, {
        method: 'POST',
        headers: {
          authorization: 'Bearer petstore-dev-key',
          'content-type': 'application/json',
          'x-mock-session': session,
        },
        body: JSON.stringify({ name: 'Forced?', categoryId: 1 }),
      })
    : it.get(session, path)
}

const choices = forceableOperations(openApiDocument)
const cases = choices.flatMap((choice) =>
  choice.statuses.map((status) => [choice.operation, status, choice] as const),
)

describe('POST /__mock/next-response', () => {
  let it: StartedMock
  beforeAll(async () => {
    it = await startMock()
  })
  afterAll(() => it.close())
  beforeEach(async () => {
    for (const session of ['alice', 'bob']) await it.control('POST', 'reset', session)
  })

  test('the spec documents error statuses to force for every operation', () => {
    expect(cases.length).toBeGreaterThanOrEqual(choices.length)
  })

  test.each(cases)('forces %s → %i once, in its session only', async (operation, status, choice) => {
    const forced = await it.control('POST', 'next-response', 'alice', { operation, status })
    expect(forced.status).toBe(200)
    expect(await (await it.control('GET', 'next-response', 'alice')).json()).toEqual([{ operation, status }])
    const other = await callOf(it, choice, 'bob')
    expect(other.status).toBeLessThan(300)
    const hit = await callOf(it, choice, 'alice')
    expect(hit.status).toBe(status)
    expect(await hit.json()).toMatchObject({ status, message: expect.stringContaining('next-response') })
    expect((await callOf(it, choice, 'alice')).status).toBeLessThan(300)
  })

  test('a forced create stores nothing', async () => {
    await it.control('POST', 'next-response', 'alice', { operation: 'createPet', status: 400 })
    const before = (await it.names('alice')).length
    expect((await it.create('alice', 'Never stored')).status).toBe(400)
    expect(await it.names('alice')).toHaveLength(before)
  })

  test.each([
    ['an unknown operation', { operation: 'deletePet', status: 404 }, /"operation" must be one of listPets/],
    [
      'an undocumented status',
      { operation: 'listPets', status: 404 },
      /documented for listPets \(400, 401\)/,
    ],
    ['a success status', { operation: 'getPet', status: 200 }, /documented for getPet/],
    ['a status as text', { operation: 'getPet', status: '404' }, /received "404"/],
    ['not an object', [1], /Send \{"operation"/],
  ])('%s is a 400 that lists the documented choices, and forces nothing', async (_why, body, message) => {
    const response = await it.control('POST', 'next-response', 'alice', body)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      code: 'invalid_body',
      status: 400,
      message: expect.stringMatching(message),
    })
    expect(await (await it.control('GET', 'next-response', 'alice')).json()).toEqual([])
  })

  test('a body that is not JSON is a 400 malformed_json', async () => {
    const response = await fetch(`${it.origin}/__mock/next-response`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    })
    expect(await response.json()).toMatchObject({ code: 'malformed_json', status: 400 })
  })

  test('DELETE drops what is pending; a reset does too', async () => {
    await it.control('POST', 'next-response', 'alice', { operation: 'listPets', status: 401 })
    expect((await it.control('DELETE', 'next-response', 'alice')).status).toBe(204)
    expect((await it.get('alice', '/pets')).status).toBe(200)
    await it.control('POST', 'next-response', 'alice', { operation: 'listPets', status: 401 })
    await it.control('POST', 'reset', 'alice')
    expect((await it.get('alice', '/pets')).status).toBe(200)
  })
})
