import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { MemoryBudget } from '../memory/MemoryBudget.ts'
import { type JournalEntry, RequestJournal } from './RequestJournal.ts'

const entry = (n: number): JournalEntry => ({
  method: 'GET',
  path: `/v1/pets/${n}`,
  query: {},
  status: 200,
  operation: 'getPet',
  time: new Date(n).toISOString(),
})

describe('RequestJournal', () => {
  test('keeps the newest `capacity` entries, newest last, for any count and capacity', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.nat(60), (capacity, count) => {
        const journal = new RequestJournal(capacity)
        const all = Array.from({ length: count }, (_, i) => entry(i))
        for (const e of all) journal.record(e)
        expect(journal.entries()).toEqual(all.slice(Math.max(0, count - capacity)))
        expect(journal.dropped).toBe(Math.max(0, count - capacity))
      }),
    )
  })

  test('clear empties it and it fills again from the start', () => {
    const journal = new RequestJournal(2)
    for (const n of [1, 2, 3]) journal.record(entry(n))
    journal.clear()
    expect(journal.entries()).toEqual([])
    journal.record(entry(4))
    expect(journal.entries()).toEqual([entry(4)])
    expect(journal.dropped).toBe(0)
  })

  test('a capacity below 1 is refused', () => {
    expect(() => new RequestJournal(0)).toThrow('capacity must be 1 or more')
  })
})

describe('RequestJournal within a memory budget', () => {
  test('for any costs, the journal keeps a newest run of entries, charges exactly what it keeps, and goes over the budget by at most one entry', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 100 }),
        fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 40 }),
        (capacity, limit, costs) => {
          const budget = new MemoryBudget(limit)
          const journal = new RequestJournal<number>(capacity, { budget, cost: (n) => costs[n] ?? 0 })
          costs.forEach((_, n) => {
            journal.record(n)
            const kept = journal.entries()
            // The newest entries, in order, ending with the one just recorded.
            expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => n - kept.length + 1 + i))
            expect(kept.length).toBeLessThanOrEqual(capacity)
            const charged = kept.reduce((sum, k) => sum + (costs[k] ?? 0), 0)
            expect(budget.used).toBe(charged)
            if (kept.length > 1) expect(charged).toBeLessThanOrEqual(limit)
          })
          journal.clear()
          expect(budget.used).toBe(0)
        },
      ),
    )
  })
})
