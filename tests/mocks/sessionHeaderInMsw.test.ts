// Decision (docs/sessions.md): the MSW handlers ignore X-Mock-Session. In the browser each tab runs
// its own handlers and store; setupServer runs one store per test process (Jest and Vitest workers
// are separate), so the isolation sessions give the HTTP mock already exists there.
import { afterAll, beforeAll, expect, test } from '@jest/globals'
import { setupServer } from 'msw/node'
import { createPetStoreHandlers } from '../../mocks/handlers.ts'

const base = 'http://sessions.msw.test/v1'
const mock = createPetStoreHandlers({ baseUrl: base, selfCheck: true })
const server = setupServer(...mock.handlers)
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

test('X-Mock-Session changes nothing under MSW: one store, whatever the header', async () => {
  const headers = (session: string) => ({
    authorization: 'Bearer petstore-dev-key',
    'content-type': 'application/json',
    'x-mock-session': session,
  })
  const created = await fetch(`${base}/pets`, {
    method: 'POST',
    headers: headers('alice'),
    body: JSON.stringify({ name: 'Seen by all', categoryId: 1 }),
  })
  expect(created.status).toBe(201)
  const { id } = (await created.json()) as { id: number }
  expect((await fetch(`${base}/pets/${id}`, { headers: headers('bob') })).status).toBe(200)
  expect(mock.store.get(id)?.name).toBe('Seen by all')
  expect((await fetch(`${base}/pets`, { headers: headers('a b') })).status).toBe(200)
})
