// A team's 1,000 parallel test sessions on one mock with its defaults: the memory budget bounds the
// sessions, not a count (docs/sessions.md). Each session writes, then reads, while all 1,000 are
// live, interleaved 50 requests at a time; none is evicted and each sees only its own writes.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { seedPets } from '../../fixtures/seedPets.ts'
import type { HttpMockOptions } from '../../mocks/http/createHttpMock.ts'
import { type StartedMock, startMock } from '../support/startMock.ts'

const SESSIONS = 1_000
const AT_ONCE = 50
const names = Array.from({ length: SESSIONS }, (_, i) => `team-${i}`)

/** Runs `each` for every session, AT_ONCE at a time, and gives back the results in order. */
async function everySession<T>(each: (name: string) => Promise<T>): Promise<T[]> {
  const results: T[] = []
  for (let from = 0; from < names.length; from += AT_ONCE)
    results.push(...(await Promise.all(names.slice(from, from + AT_ONCE).map(each))))
  return results
}

/** Every session creates a pet named after itself, then reads it back and lists: the statuses seen. */
async function teamRun(it: StartedMock) {
  const created = await everySession(async (name) => {
    const response = await it.create(name, `pet of ${name}`)
    return { status: response.status, body: (await response.json()) as { id?: number; code?: string } }
  })
  const read = await everySession(async (name) => {
    const id = created[names.indexOf(name)]?.body.id ?? 0
    const one = await it.get(name, `/pets/${id}`)
    const listed = await it.get(name, '/pets?limit=100')
    return {
      statuses: [one.status, listed.status],
      name: ((await one.json()) as { name?: string }).name,
      listed: (await listed.json()) as { name: string }[],
    }
  })
  const sessions = (await (await it.control('GET', 'sessions')).json()) as {
    sessions: unknown[]
    evicted: number
    memory: { usedBytes: number; limitBytes: number }
  }
  return { created, read, sessions }
}

describe(`${SESSIONS} sessions at once, with the default memory budget and no count`, () => {
  let it: StartedMock
  let run: Awaited<ReturnType<typeof teamRun>>
  beforeAll(async () => {
    it = await startMock()
    run = await teamRun(it)
  }, 120_000)
  afterAll(() => it.close())

  test('none is evicted, every request is answered as its session expects', () => {
    expect(run.sessions.evicted).toBe(0)
    expect(run.sessions.sessions).toHaveLength(SESSIONS)
    expect(run.created.map((c) => c.status)).toEqual(names.map(() => 201))
    expect(run.read.flatMap((r) => r.statuses)).toEqual(names.flatMap(() => [200, 200]))
  })

  test('each session sees its own writes and no other session’s: every first create got the same id', () => {
    const firstId = seedPets.length + 1
    expect(run.created.map((c) => c.body.id)).toEqual(names.map(() => firstId))
    expect(run.read.map((r) => r.name)).toEqual(names.map((name) => `pet of ${name}`))
    for (const [i, read] of run.read.entries()) {
      expect(read.listed).toHaveLength(seedPets.length + 1)
      expect(read.listed.at(-1)?.name).toBe(`pet of ${names[i]}`)
    }
    // The journals too: three requests each, their own.
    for (const name of names) expect(it.mock.sessions.peek(name)?.journal.entries()).toHaveLength(3)
  })

  test('all of it within the budget, far from full', () => {
    expect(run.sessions.memory.usedBytes).toBeLessThan(run.sessions.memory.limitBytes / 10)
    expect(it.mock.budget.used).toBe(run.sessions.memory.usedBytes)
  })
})

describe('the same run under a count of 100 sessions (the old default) evicts them', () => {
  test('sessions are evicted, and their next requests say so with 400 session_evicted', async () => {
    const options: HttpMockOptions = { sessions: { maxSessions: 100 } }
    const it = await startMock(options)
    try {
      const run = await teamRun(it)
      expect(run.sessions.evicted).toBeGreaterThan(0)
      expect(run.read.flatMap((r) => r.statuses)).toContain(400)
    } finally {
      await it.close()
    }
  }, 120_000)
})
