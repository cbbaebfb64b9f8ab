// Sessions of the HTTP mock (`X-Mock-Session`), over real HTTP: isolation of stores, resets and
// forced responses; the bounds; bad names; CORS. The pure registry is tested in mocks/core.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals'
import { seedPets } from '../../../fixtures/seedPets.ts'
import { MAX_SESSION_NAME_LENGTH } from '../../../mocks/server/parseSessionName.ts'
import { sendRaw } from '../../support/rawHttp.ts'
import { KEY, type StartedMock, startMock as start } from '../../support/startMock.ts'

const seedNames = seedPets.map((pet) => pet.name)

describe('X-Mock-Session', () => {
  let it: StartedMock
  beforeAll(async () => {
    it = await start()
  })
  afterAll(() => it.close())
  beforeEach(async () => {
    for (const session of [undefined, 'alice', 'bob']) await it.control('POST', 'reset', session)
  })

  test('a session starts from the seed and keeps its own pets; others, default included, never see them', async () => {
    expect(await it.names('alice')).toEqual(seedNames)
    expect((await it.create('alice', 'Only Alice')).status).toBe(201)
    expect((await it.names('alice')).at(-1)).toBe('Only Alice')
    expect(await it.names('bob')).toEqual(seedNames)
    expect(await it.names()).toEqual(seedNames)
    expect(it.mock.store.size).toBe(seedPets.length)
  })

  test('X-Mock-Session: default names the shared store a request without the header uses', async () => {
    expect((await it.create('default', 'Shared')).status).toBe(201)
    expect((await it.names()).at(-1)).toBe('Shared')
    expect(it.mock.store.snapshot().at(-1)?.name).toBe('Shared')
  })

  test('ids are per session: each session numbers from its own seed', async () => {
    const a = (await (await it.create('alice', 'A')).json()) as { id: number }
    const b = (await (await it.create('bob', 'B')).json()) as { id: number }
    expect(a.id).toBe(b.id)
  })

  test('POST /__mock/reset acts within its session only', async () => {
    await it.create('alice', 'Alice keeps me')
    await it.create('bob', 'Bob loses me')
    await it.create(undefined, 'Default keeps me')
    expect((await it.control('POST', 'reset', 'bob')).status).toBe(200)
    expect(await it.names('bob')).toEqual(seedNames)
    expect((await it.names('alice')).at(-1)).toBe('Alice keeps me')
    expect((await it.names()).at(-1)).toBe('Default keeps me')
  })

  test('a reset with a seed body seeds only that session', async () => {
    await it.control('POST', 'reset', 'alice', [{ id: 9, name: 'Seeded for Alice', categoryId: 2 }])
    expect(await it.names('alice')).toEqual(['Seeded for Alice'])
    expect(await it.names('bob')).toEqual(seedNames)
  })

  test('Prefer forcing answers within the session and changes nothing anywhere', async () => {
    const forced = await it.get('alice', '/pets', { prefer: 'code=401' })
    expect(forced.status).toBe(401)
    expect((await it.get('alice', '/pets')).status).toBe(200)
    expect((await it.get('bob', '/pets')).status).toBe(200)
  })

  test('only the default session’s writes reach the state file', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'petstore-sessions-state-')), 'pets.db')
    const first = await start({ stateFile: { path } })
    await first.create('alice', 'memory only')
    await first.control('POST', 'reset', 'alice', [])
    expect((await first.create(undefined, 'kept')).status).toBe(201)
    await first.close()
    const second = await start({ stateFile: { path } })
    try {
      expect(await second.names()).toEqual([...seedNames, 'kept'].slice(0, 100))
      expect(await second.names('alice')).toEqual(seedNames)
    } finally {
      await second.close()
    }
  })

  test.each([
    ['empty', ''],
    ['too long', 'x'.repeat(MAX_SESSION_NAME_LENGTH + 1)],
    ['with a space', 'two words'],
  ])(
    'a session name that is %s is a 400 Error body, on the API and the control plane',
    async (_why, name) => {
      for (const response of [await it.get(name, '/pets'), await it.control('POST', 'reset', name)]) {
        expect(response.status).toBe(400)
        expect(await response.json()).toMatchObject({ code: 'invalid_parameter', status: 400 })
      }
    },
  )

  test('a repeated header, a tab or non-ASCII bytes in the name are 400 too (sent raw)', async () => {
    for (const header of [
      'X-Mock-Session: a\r\nX-Mock-Session: b',
      'X-Mock-Session: a\tb',
      'X-Mock-Session: café',
    ]) {
      const request = `GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${KEY}\r\n${header}\r\nConnection: close\r\n\r\n`
      const response = await sendRaw(it.port, request)
      expect(response.status).toBe(400)
      expect(JSON.parse(response.body)).toMatchObject({ code: 'invalid_parameter', status: 400 })
    }
  })

  test('a CORS preflight allows the header; DELETE only where the control plane has it', async () => {
    const preflight = (path: string) =>
      fetch(`${it.origin}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:5173',
          'access-control-request-method': 'DELETE',
          'access-control-request-headers': 'x-mock-session',
        },
      })
    const api = await preflight('/v1/pets')
    expect(api.status).toBe(204)
    expect(api.headers.get('access-control-allow-headers')).toContain('x-mock-session')
    expect(api.headers.get('access-control-allow-methods')).not.toContain('DELETE')
    const journal = await preflight('/__mock/requests')
    expect(journal.headers.get('access-control-allow-methods')).toBe('GET, HEAD, DELETE')
  })

  test('reading the control plane never creates a session', async () => {
    expect(await (await it.control('GET', 'requests', 'just-looking')).json()).toEqual([])
    const view = (await (await it.control('GET', 'session', 'just-looking')).json()) as { petCount: number }
    expect(view.petCount).toBe(seedPets.length)
    const { sessions } = (await (await it.control('GET', 'sessions')).json()) as {
      sessions: { name: string }[]
    }
    expect(sessions.map((session) => session.name)).not.toContain('just-looking')
  })
})

describe('session bounds', () => {
  test('past --max-sessions the least recently used session is evicted: its next request gets 400 session_evicted, then it starts over', async () => {
    const it = await start({ sessions: { maxSessions: 2 } })
    try {
      await it.create('one', 'One’s pet')
      await it.create('two', 'Two’s pet')
      await it.names('one') // two is now the least recently used
      await it.create('three', 'Three’s pet')
      expect((await it.names('one')).at(-1)).toBe('One’s pet')
      const view = (await (await it.control('GET', 'session', 'two')).json()) as {
        evicted?: { reason: string }
      }
      expect(view.evicted?.reason).toBe('room')
      const listed = (await (await it.control('GET', 'sessions')).json()) as {
        evicted: number
        recentlyEvicted: { name: string }[]
      }
      expect(listed.evicted).toBeGreaterThanOrEqual(1)
      expect(listed.recentlyEvicted.map((eviction) => eviction.name)).toEqual(['two'])
      const told = await it.get('two', '/pets/1')
      expect(told.status).toBe(400)
      expect(await told.json()).toMatchObject({ code: 'session_evicted', status: 400 })
      expect(await it.names('two')).toEqual(seedNames)
    } finally {
      await it.close()
    }
  })

  test('a session idle for longer than its limit is evicted; the default session never is', async () => {
    const it = await start({ sessions: { idleMs: 30 } })
    try {
      await it.create('sleepy', 'Gone after a nap')
      await it.create(undefined, 'Default stays')
      await new Promise((resolve) => setTimeout(resolve, 120))
      expect(await it.names('sleepy')).toEqual(seedNames)
      expect((await it.names()).at(-1)).toBe('Default stays')
    } finally {
      await it.close()
    }
  })
})
