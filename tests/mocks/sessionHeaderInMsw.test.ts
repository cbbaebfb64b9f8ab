// Decision (docs/sessions.md): the MSW handlers serve X-Mock-Session, the journal and the control
// plane as the HTTP mock does, from the same transport-free mock server (mocks/server): the control
// endpoints live under the base URL's origin.
import { afterAll, beforeAll, expect, test } from '@jest/globals'
import { setupServer } from 'msw/node'
import { createPetStoreHandlers } from '../../mocks/msw/handlers.ts'

const origin = 'http://sessions.msw.test'
const base = `${origin}/v1`
const mock = createPetStoreHandlers({ baseUrl: base, selfCheck: true })
const server = setupServer(...mock.handlers)
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

test('X-Mock-Session gives each name a store of its own under MSW, and a bad name is 400', async () => {
  const headers = (session: string) => ({
    authorization: 'Bearer petstore-dev-key',
    'content-type': 'application/json',
    'x-mock-session': session,
  })
  const created = await fetch(`${base}/pets`, {
    method: 'POST',
    headers: headers('alice'),
    body: JSON.stringify({ name: 'Seen by alice only', categoryId: 1 }),
  })
  expect(created.status).toBe(201)
  const { id } = (await created.json()) as { id: number }
  expect((await fetch(`${base}/pets/${id}`, { headers: headers('alice') })).status).toBe(200)
  expect((await fetch(`${base}/pets/${id}`, { headers: headers('bob') })).status).toBe(404)
  expect(mock.store.get(id)).toBeUndefined()
  expect(mock.sessions.peek('alice')?.store.get(id)?.name).toBe('Seen by alice only')
  expect((await fetch(`${base}/pets`, { headers: headers('a b') })).status).toBe(400)

  // The journal and the control plane, per session, under the base URL's origin.
  const journal = await fetch(`${origin}/__mock/requests`, { headers: headers('alice') })
  expect(((await journal.json()) as { operation: string }[]).map((entry) => entry.operation)).toEqual([
    'createPet',
    'getPet',
  ])
  const forced = await fetch(`${origin}/__mock/next-response`, {
    method: 'POST',
    headers: headers('bob'),
    body: JSON.stringify({ operation: 'listPets', status: 401 }),
  })
  expect(forced.status).toBe(200)
  expect((await fetch(`${base}/pets`, { headers: headers('bob') })).status).toBe(401)
  expect((await fetch(`${base}/pets`, { headers: headers('alice') })).status).toBe(200)

  // reset() makes every session new.
  mock.reset()
  expect(mock.sessions.peek('alice')).toBeUndefined()
})
