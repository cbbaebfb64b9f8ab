import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { DEFAULT_SESSION } from './parseSessionName.ts'
import { SessionRegistry } from './SessionRegistry.ts'

/** A registry of plain objects named after their session, with a clock the test moves. */
function registry(limits: { maxSessions?: number; idleMs?: number } = {}, hasRoom?: () => boolean) {
  const clock = { now: 0 }
  let created = 0
  const sessions = new SessionRegistry(
    { name: DEFAULT_SESSION, serial: 0 },
    (name) => ({ name, serial: ++created }),
    limits,
    () => clock.now,
    hasRoom,
  )
  return { sessions, clock }
}

describe('SessionRegistry', () => {
  test('each name gets its own session, the same one on every use', () => {
    const { sessions } = registry()
    const a = sessions.use('a')
    expect(sessions.use('b')).not.toBe(a)
    expect(sessions.use('a')).toBe(a)
  })

  test('the default session is held apart: never created, counted or evicted', () => {
    const { sessions, clock } = registry({ maxSessions: 1, idleMs: 10 })
    const shared = sessions.use(DEFAULT_SESSION)
    sessions.use('a')
    sessions.use('b')
    clock.now = 1_000_000
    sessions.use('c')
    expect(sessions.use(DEFAULT_SESSION)).toBe(shared)
    expect(sessions.list().map((s) => s.name)).toEqual(['c'])
  })

  test('past maxSessions the least recently used session is evicted, and comes back fresh', () => {
    const { sessions, clock } = registry({ maxSessions: 2 })
    const a = sessions.use('a')
    clock.now = 1
    sessions.use('b')
    clock.now = 2
    sessions.use('a') // a is now the most recently used
    clock.now = 3
    sessions.use('c') // evicts b
    expect(sessions.list().map((s) => s.name)).toEqual(['a', 'c'])
    expect(sessions.use('a')).toBe(a)
    expect(sessions.evicted).toBe(1)
    expect(sessions.peek('b')).toBeUndefined()
    expect(sessions.use('b').serial).toBe(4)
  })

  test('a session unused for longer than idleMs is gone; one used within it stays', () => {
    const { sessions, clock } = registry({ idleMs: 100 })
    const a = sessions.use('a')
    clock.now = 50
    const b = sessions.use('b')
    clock.now = 100
    expect(sessions.use('a')).toBe(a) // exactly idleMs: still alive, and now used again
    clock.now = 151
    expect(sessions.peek('b')).toBeUndefined()
    expect(sessions.use('b')).not.toBe(b)
    expect(sessions.use('a')).toBe(a)
  })

  test('peek neither creates a session nor marks it used', () => {
    const { sessions, clock } = registry({ maxSessions: 2 })
    expect(sessions.peek('a')).toBeUndefined()
    expect(sessions.list()).toEqual([])
    sessions.use('a')
    clock.now = 1
    sessions.use('b')
    sessions.peek('a')
    sessions.use('c') // a stays least recently used despite the peek
    expect(sessions.list().map((s) => s.name)).toEqual(['b', 'c'])
  })

  test('behaves like a plain LRU model under any sequence of uses and clock steps', () => {
    const step = fc.record({
      name: fc.constantFrom('a', 'b', 'c', 'd', 'e', DEFAULT_SESSION),
      wait: fc.nat(40),
    })
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 60 }),
        fc.array(step),
        (max, idle, steps) => {
          const { sessions, clock } = registry({ maxSessions: max, idleMs: idle })
          // The model: named sessions in use order, each with the serial it was created with.
          let model: { name: string; lastUsed: number; serial: number }[] = []
          let serial = 0
          for (const { name, wait } of steps) {
            clock.now += wait
            const got = sessions.use(name)
            if (name === DEFAULT_SESSION) {
              if (got.serial !== 0) return false
              continue
            }
            model = model.filter((s) => clock.now - s.lastUsed <= idle)
            const found = model.find((s) => s.name === name)
            model = model.filter((s) => s.name !== name)
            if (!found && model.length >= max) model = model.slice(model.length - max + 1)
            const entry = found ?? { name, lastUsed: 0, serial: ++serial }
            model.push({ ...entry, lastUsed: clock.now })
            if (got.serial !== entry.serial) return false
            if (sessions.list().length > max) return false
          }
          const live = model.filter((s) => clock.now - s.lastUsed <= idle).map((s) => s.name)
          return JSON.stringify(sessions.list().map((s) => s.name)) === JSON.stringify(live)
        },
      ),
    )
  })
})

describe('SessionRegistry evictions', () => {
  test('a session evicted for room is remembered until its name is taken once; one evicted for idle is not', () => {
    const { sessions, clock } = registry({ maxSessions: 2, idleMs: 100 })
    const told: string[] = []
    sessions.onEvict((name, value, reason) => told.push(`${name}:${value.name}:${reason}`))
    sessions.use('a')
    sessions.use('b')
    clock.now = 5
    sessions.use('c') // a goes for room
    expect(told).toEqual(['a:a:room'])
    expect(sessions.eviction('a')).toEqual({ name: 'a', reason: 'room', at: 5 })
    expect(sessions.recentEvictions(10).map((e) => e.name)).toEqual(['a'])
    expect(sessions.takeEviction('a')?.reason).toBe('room')
    expect(sessions.takeEviction('a')).toBeUndefined()
    clock.now = 1_000
    sessions.use('d') // b and c idle out
    expect(told).toEqual(['a:a:room', 'b:b:idle', 'c:c:idle'])
    expect(sessions.eviction('b')).toBeUndefined()
  })

  test('no count bounds the sessions by default; a new one that finds no room evicts the least recently used for memory', () => {
    let room = true
    const { sessions } = registry({}, () => room)
    const told: string[] = []
    sessions.onEvict((name, _value, reason) => told.push(`${name}:${reason}`))
    for (let i = 0; i < 1_000; i++) sessions.use(`s${i}`)
    expect(sessions.list()).toHaveLength(1_000)
    expect(told).toEqual([])
    // Room comes back once two sessions are gone.
    let gone = 0
    sessions.onEvict((name, _value, reason) => {
      told.push(`${name}:${reason}`)
      room = ++gone >= 2
    })
    room = false
    sessions.use('new')
    expect(told).toEqual(['s0:memory', 's1:memory'])
    expect(sessions.takeEviction('s0')?.reason).toBe('memory')
    expect(sessions.list()).toHaveLength(999)
    // With nothing left to evict, a session is made all the same (the default one holds the memory).
    const { sessions: lone } = registry({}, () => false)
    expect(lone.use('only').name).toBe('only')
  })

  test('using an evicted name again starts it over and forgets the eviction', () => {
    const { sessions } = registry({ maxSessions: 1 })
    sessions.use('a')
    sessions.use('b')
    expect(sessions.eviction('a')).toBeDefined()
    sessions.use('a')
    expect(sessions.eviction('a')).toBeUndefined()
    expect(sessions.eviction('b')).toBeDefined()
  })
})

describe('SessionRegistry against a reference', () => {
  type Op =
    | { kind: 'use' | 'peek' | 'take'; name: string; wait: number; size: number }
    | { kind: 'clear'; wait: number }
  const names = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', DEFAULT_SESSION)
  const op: fc.Arbitrary<Op> = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('use' as const),
        name: names,
        wait: fc.nat(30),
        size: fc.integer({ min: 1, max: 5 }),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constantFrom('peek' as const, 'take' as const),
        name: names,
        wait: fc.nat(30),
        size: fc.constant(1),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('clear' as const), wait: fc.nat(30) }) },
  )

  test('count, memory and idle evictions, tombstones, peek and clear agree with a plain list', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(op, { maxLength: 80 }),
        (max, idle, capacity, ops) => {
          const clock = { now: 0 }
          let used = 0
          let nextSize = 1
          let serial = 0
          const sessions = new SessionRegistry(
            { name: DEFAULT_SESSION, serial: 0, size: 0 },
            (name) => {
              used += nextSize
              return { name, serial: ++serial, size: nextSize }
            },
            { maxSessions: max, idleMs: idle },
            () => clock.now,
            () => used < capacity,
          )
          sessions.onEvict((_name, value) => {
            used -= value.size
          })
          // The reference: live sessions least recently used first, and evictions for room or memory.
          let live: { name: string; lastUsed: number; serial: number; size: number }[] = []
          const tombstones = new Map<string, string>()
          let modelUsed = 0
          let modelSerial = 0
          let evicted = 0
          const evictOldest = (reason: string) => {
            const [oldest] = live.splice(0, 1)
            if (!oldest) return
            modelUsed -= oldest.size
            evicted++
            tombstones.set(oldest.name, reason)
          }
          for (const step of ops) {
            clock.now += step.wait
            if (step.kind === 'clear') {
              for (const value of sessions.clear()) used -= value.size
              live = []
              modelUsed = 0
              tombstones.clear()
            } else if (step.kind === 'peek') {
              const found = live.find((s) => s.name === step.name && clock.now - s.lastUsed <= idle)
              const got = sessions.peek(step.name)
              expect(got?.serial).toBe(step.name === DEFAULT_SESSION ? 0 : found?.serial)
            } else if (step.kind === 'take') {
              const reason = tombstones.get(step.name)
              tombstones.delete(step.name)
              expect(sessions.takeEviction(step.name)?.reason).toBe(reason)
            } else {
              nextSize = step.size
              const got = sessions.use(step.name)
              if (step.name === DEFAULT_SESSION) {
                expect(got.serial).toBe(0)
                continue
              }
              const idleOnes = live.filter((s) => clock.now - s.lastUsed > idle)
              for (const gone of idleOnes) modelUsed -= gone.size
              evicted += idleOnes.length
              live = live.filter((s) => clock.now - s.lastUsed <= idle)
              const at = live.findIndex((s) => s.name === step.name)
              if (at >= 0) {
                const [found] = live.splice(at, 1)
                live.push({ ...(found as (typeof live)[number]), lastUsed: clock.now })
              } else {
                tombstones.delete(step.name)
                while (live.length >= max) evictOldest('room')
                while (live.length > 0 && modelUsed >= capacity) evictOldest('memory')
                modelUsed += step.size
                live.push({ name: step.name, lastUsed: clock.now, serial: ++modelSerial, size: step.size })
              }
              expect(got.serial).toBe(live[live.length - 1]?.serial)
            }
            expect(sessions.list().map((s) => s.name)).toEqual(
              live.filter((s) => clock.now - s.lastUsed <= idle).map((s) => s.name),
            )
            expect(used).toBe(modelUsed)
            expect(sessions.evicted).toBe(evicted)
            expect(sessions.recentEvictions(100).map((e) => `${e.name}:${e.reason}`)).toEqual(
              [...tombstones].map(([name, reason]) => `${name}:${reason}`),
            )
          }
        },
      ),
      { numRuns: 300 },
    )
  })
})

test('a clock set back never keeps a session that list() calls gone, nor revives it', () => {
  const { sessions, clock } = registry({ idleMs: 10 })
  clock.now = 100
  const a = sessions.use('a')
  clock.now = 0 // the system clock set back
  const b = sessions.use('b')
  clock.now = 15
  const listed = sessions.list().map((s) => s.name)
  // Whatever the registry decides, list(), peek() and use() decide the same for b and for a.
  expect(sessions.peek('b') !== undefined).toBe(listed.includes('b'))
  expect(sessions.use('b') === b).toBe(listed.includes('b'))
  expect(sessions.use('a') === a).toBe(listed.includes('a'))
})
