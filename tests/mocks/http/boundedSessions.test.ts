// Every store of the HTTP mock bounded (decisions/019-every-store-bounded.md): one memory budget for
// all sessions, sessions made only by authenticated requests, an evicted session that says so,
// bounded error bodies, a journal that shows bodies and forced responses, and an inspector that
// gets only what changed.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals'
import { seedPets } from '../../../fixtures/seedPets.ts'
import type { JournalEntry } from '../../../kit/journal/RequestJournal.ts'
import { NAMED_PROBLEMS } from '../../../spec/describeAjvErrors.ts'
import { KEY, type StartedMock, startMock } from '../../support/startMock.ts'

const journal = async (it: StartedMock, session?: string) =>
  (await (await it.control('GET', 'requests', session)).json()) as JournalEntry[]

describe('sessions are made only by requests that pass authentication', () => {
  let it: StartedMock
  const lines: string[] = []
  beforeAll(async () => {
    it = await startMock({ sessions: { maxSessions: 3 }, log: (line) => lines.push(line) })
  })
  afterAll(() => it.close())

  test('100 key-less requests, each naming a new session, make none and evict none', async () => {
    for (const name of ['a', 'b', 'c']) expect((await it.create(name, `${name}'s pet`)).status).toBe(201)
    for (let i = 0; i < 100; i++) {
      const response = await it.get(`stranger-${i}`, i % 2 ? '/pets' : '/pets/1', { authorization: '' })
      expect(response.status).toBe(401)
    }
    const listed = (await (await it.control('GET', 'sessions')).json()) as {
      sessions: { name: string }[]
      evicted: number
    }
    expect(listed.sessions.map((session) => session.name).sort()).toEqual(['a', 'b', 'c'])
    expect(listed.evicted).toBe(0)
    for (const name of ['a', 'b', 'c']) expect((await it.names(name)).at(-1)).toBe(`${name}'s pet`)
  })

  test('a 401 in a live session is journaled there without marking it used', async () => {
    await it.get('a', '/pets')
    await it.get('b', '/pets')
    await it.get('c', '/pets') // a is now the least recently used
    await it.get('a', '/pets', { authorization: 'Bearer wrong' })
    await it.create('d', 'D') // evicts the least recently used: still a
    expect((await journal(it, 'a')).length).toBe(0)
    const told = await it.get('a', '/pets')
    expect(await told.json()).toMatchObject({ status: 400, code: 'session_evicted' })
    expect(lines.some((line) => /^session a evicted: 3 sessions/.test(line))).toBe(true)
  })
})

describe('one memory budget for every session', () => {
  test('creates in many sessions get 507 store_full once the budget is used, and an eviction gives room back', async () => {
    const it = await startMock({ maxMemoryMiB: 1, sessions: { maxSessions: 4 } })
    try {
      const name = 'n'.repeat(20_000) // ~40 KB of budget each: 1 MiB holds about 26
      let created = 0
      let full: Response | undefined
      for (let i = 0; i < 60 && !full; i++) {
        const response = await it.create(`s${i % 3}`, name)
        if (response.status === 201) created++
        else full = response
      }
      expect(full?.status).toBe(507)
      expect(await full?.json()).toMatchObject({
        code: 'store_full',
        message: expect.stringMatching(/memory budget/),
      })
      expect(created).toBeGreaterThan(10)
      expect(created).toBeLessThan(30)
      expect(it.mock.budget.used).toBeLessThanOrEqual(it.mock.budget.limit)
      // Two more sessions: s0, the least recently used, is evicted and its pets give their room back.
      await it.names('s3')
      await it.names('s4')
      expect((await it.create('s4', name)).status).toBe(201)
    } finally {
      await it.close()
    }
  })

  test('a seed sent to POST /__mock/reset is counted: past the budget it is 507 and the session is unchanged', async () => {
    const it = await startMock({ maxMemoryMiB: 0 })
    try {
      const seed = [{ id: 1, name: 'Rex', categoryId: 1 }]
      const response = await it.control('POST', 'reset', 'big', seed)
      expect(response.status).toBe(507)
      expect(await response.json()).toMatchObject({ code: 'store_full' })
      expect(await it.names('big')).toEqual(seedPets.map((pet) => pet.name))
      // Past the body cap a seed is refused whole, never read as no seed (the default one).
      const huge = [{ id: 1, name: 'x'.repeat(70_000), categoryId: 1 }]
      expect((await it.control('POST', 'reset', 'big', huge)).status).toBe(413)
    } finally {
      await it.close()
    }
  })
})

describe('the journals count against the same budget', () => {
  test('requests of the worst shape (1,200 distinct query names) in many sessions stop at the budget, never past it by more than an entry a session', async () => {
    const it = await startMock({ maxMemoryMiB: 1, journalSize: 500 })
    try {
      const query = Array.from({ length: 1_200 }, (_, i) => `q${i}=`).join('&')
      for (let i = 0; i < 600; i++) expect((await it.get(`j${i % 5}`, `/pets?i=${i}&${query}`)).ok).toBe(true)
      const { used, limit } = it.mock.budget
      expect(used).toBeLessThanOrEqual(limit + 5 * 12 * 1024)
      // The journals gave up their oldest entries, and still hold the newest.
      const kept = await journal(it, 'j4')
      expect(kept.length).toBeGreaterThan(10)
      expect(kept.length).toBeLessThan(120)
      expect(kept.at(-1)?.query.i).toBe('599')
    } finally {
      await it.close()
    }
  })
})

describe('bounded answers, a journal that tells more, an inspector that gets only what changed', () => {
  let it: StartedMock
  beforeAll(async () => {
    it = await startMock()
  })
  afterAll(() => it.close())
  beforeEach(async () => {
    await it.control('POST', 'reset', 'alice')
  })

  test('POST /__mock/reset with 63 KB of [{},{},...] names the first problems and counts the rest', async () => {
    const body = `[${Array.from({ length: 21_000 }, () => '{}').join(',')}]`
    const response = await fetch(`${it.origin}/__mock/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    expect(response.status).toBe(400)
    const text = await response.text()
    expect(text.length).toBeLessThan(4 * 1024)
    const { message } = JSON.parse(text) as { message: string }
    expect(message.split('; ').length).toBe(NAMED_PROBLEMS + 1)
    expect(message).toMatch(/and \d{4,} more problems$/)
  })

  test('the journal keeps request bodies, credential fields hidden, and marks forced responses', async () => {
    await fetch(`${it.origin}/v1/pets`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${KEY}`,
        'content-type': 'application/json',
        'x-mock-session': 'alice',
      },
      body: JSON.stringify({ name: 'Rex', categoryId: 1, password: 'hunter2', token: KEY }),
    })
    await it.control('POST', 'next-response', 'alice', { operation: 'listPets', status: 401 })
    await it.get('alice', '/pets')
    await it.get('alice', '/pets', { prefer: 'code=400' })
    await it.get('alice', '/pets')
    const entries = await journal(it, 'alice')
    expect(JSON.parse(entries[0]?.body as string)).toEqual({
      name: 'Rex',
      categoryId: 1,
      password: '***',
      token: '***',
    })
    expect(entries.map((entry) => [entry.status, entry.forced])).toEqual([
      [201, undefined],
      [401, 'next-response'],
      [400, 'prefer'],
      [200, undefined],
    ])
  })

  test('GET /__mock/session and /__mock/requests answer 304 to their ETag until something changes', async () => {
    for (const path of ['session', 'requests']) {
      const first = await it.control('GET', path, 'alice')
      const etag = first.headers.get('etag') as string
      expect(etag).toMatch(/^".+"$/)
      const again = await fetch(`${it.origin}/__mock/${path}`, {
        headers: { 'x-mock-session': 'alice', 'if-none-match': etag },
      })
      expect(again.status).toBe(304)
      expect(await again.text()).toBe('')
      await it.create('alice', 'Changes it')
      const changed = await fetch(`${it.origin}/__mock/${path}`, {
        headers: { 'x-mock-session': 'alice', 'if-none-match': etag },
      })
      expect(changed.status).toBe(200)
      expect(changed.headers.get('etag')).not.toBe(etag)
    }
  })

  test('the session view clips long names, so 200 long-named pets are not megabytes', async () => {
    for (let i = 0; i < 20; i++) await it.create('alice', 'L'.repeat(60_000))
    const text = await (await it.control('GET', 'session', 'alice')).text()
    expect(text.length).toBeLessThan(20 * 1_000)
  })
})
