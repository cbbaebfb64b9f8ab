import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { HELD_BYTES } from '../../kit/memory/heldBytes.ts'
import { MemoryBudget, PET_OVERHEAD_BYTES, textBytes } from '../../kit/memory/MemoryBudget.ts'
import type { Pet } from '../../spec/runtime.ts'
import { DEFAULT_STATUS, PetStore, StoreFullError } from './PetStore.ts'

const seed: Pet[] = [
  { id: 1, name: 'Rex', categoryId: 1, status: 'available' },
  { id: 2, name: 'Tom', categoryId: 2, status: 'sold' },
  { id: 5, name: 'Ann', categoryId: 1, status: 'available' },
]

describe('PetStore', () => {
  test('create assigns the id after the highest seeded one and keeps the submitted fields', () => {
    const store = new PetStore(seed)
    expect(store.create({ name: 'Zed', categoryId: 9, status: 'pending' })).toEqual({
      id: 6,
      name: 'Zed',
      categoryId: 9,
      status: 'pending',
    })
    expect(store.create({ name: 'Amy', categoryId: 3 }).id).toBe(7)
  })

  test(`an omitted status is stored as '${DEFAULT_STATUS}'`, () => {
    expect(new PetStore().create({ name: 'Zed', categoryId: 1 }).status).toBe('available')
  })

  test('create keeps only the fields of NewPet', () => {
    const pet = new PetStore().create({ name: 'Zed', categoryId: 1, extra: 'x' } as never)
    expect(Object.keys(pet).sort()).toEqual(['categoryId', 'id', 'name', 'status'])
  })

  test('get finds by id and misses unknown ids', () => {
    const store = new PetStore(seed)
    expect(store.get(5)?.name).toBe('Ann')
    expect(store.get(3)).toBeUndefined()
  })

  test('list honours limit, keeps creation order and filters by status', () => {
    const store = new PetStore(seed)
    store.create({ name: 'Zed', categoryId: 1, status: 'available' })
    expect(store.list({ limit: 2 }).map((p) => p.id)).toEqual([1, 2])
    expect(store.list({ limit: 10, status: 'available' }).map((p) => p.id)).toEqual([1, 5, 6])
    expect(store.list({ limit: 10, status: 'pending' })).toEqual([])
  })

  test('list returns copies of the index, so a caller cannot reorder the store', () => {
    const store = new PetStore(seed)
    store.list({ limit: 10 }).reverse()
    expect(store.list({ limit: 1 })[0]?.id).toBe(1)
  })

  test('reset empties the store, reloads the seed and restarts ids', () => {
    const store = new PetStore(seed)
    store.create({ name: 'Zed', categoryId: 1 })
    store.reset([])
    expect(store.size).toBe(0)
    expect(store.create({ name: 'First', categoryId: 1 }).id).toBe(1)
  })

  test.each([
    ['a duplicate id', [seed[0], seed[0]], /twice/],
    ['a non-positive id', [{ ...seed[0], id: 0 }], /positive safe integer/],
    ['an unsafe id', [{ ...seed[0], id: 2 ** 53 }], /positive safe integer/],
  ])('reset rejects a seed with %s', (_name, bad, message) => {
    expect(() => new PetStore(bad as Pet[])).toThrow(message)
  })

  test('snapshot holds every pet, oldest first', () => {
    const store = new PetStore(seed)
    store.create({ name: 'Zed', categoryId: 1 })
    expect(store.snapshot().map((p) => p.id)).toEqual([1, 2, 5, 6])
  })
})

test('a rejected seed leaves the store as it was', () => {
  const store = new PetStore(seed)
  expect(() => store.reset([seed[0], seed[0]] as Pet[])).toThrow(/twice/)
  expect(store.size).toBe(3)
})

describe('PetStore fields come from the Pet schema', () => {
  test('a field the schema declares is kept by create and reset; one it does not is dropped', () => {
    const store = new PetStore([], ['name', 'categoryId', 'status', 'nickname', 'id'])
    const created = store.create({ name: 'Zed', categoryId: 1, nickname: 'Z', extra: 1 } as never)
    expect(created).toEqual({ id: 1, name: 'Zed', categoryId: 1, status: 'available', nickname: 'Z' })
    store.reset([{ id: 4, name: 'Ann', categoryId: 2, nickname: 'A', extra: 2 } as never])
    expect(store.get(4)).toEqual({ id: 4, name: 'Ann', categoryId: 2, status: 'available', nickname: 'A' })
  })
})

describe('PetStore.newest', () => {
  test('the most recently added pets, oldest of them first; all when there are fewer', () => {
    const store = new PetStore(seed)
    const zed = store.create({ name: 'Zed', categoryId: 1 })
    expect(store.newest(2)).toEqual([seed[2], zed])
    expect(store.newest(10)).toHaveLength(4)
    expect(store.newest(0)).toEqual([])
  })
})

describe('PetStore limits (--max-pets)', () => {
  test('refusal says why once the store holds maxPets; a seed beyond the cap is kept', () => {
    const store = new PetStore(seed, undefined, { maxPets: 4 })
    expect(store.refusal({ name: 'Zed', categoryId: 1 })).toBeUndefined()
    store.create({ name: 'Zed', categoryId: 1 })
    expect(store.refusal({ name: 'Amy', categoryId: 1 })).toMatch(/maximum of 4 pets/)
    expect(new PetStore(seed, undefined, { maxPets: 1 }).size).toBe(3)
  })

  test('refusal counts the characters of every stored string, so long names cannot outgrow memory', () => {
    const store = new PetStore([], undefined, { maxTextChars: 30 })
    store.create({ name: 'abcdef', categoryId: 1, status: 'sold' }) // 10 characters of text
    // Costed as stored: the status a create adds when none is sent (`available`, 9 characters) counts too.
    expect(store.refusal({ name: 'x'.repeat(11), categoryId: 1 })).toBeUndefined()
    expect(store.refusal({ name: 'x'.repeat(12), categoryId: 1 })).toMatch(/exceed 30 characters/)
    expect(store.refusal({ name: 'x'.repeat(16), categoryId: 1, status: 'sold' })).toBeUndefined()
    store.reset([])
    expect(store.refusal({ name: 'x'.repeat(21), categoryId: 1 })).toBeUndefined()
    expect(store.refusal({ name: 'x'.repeat(22), categoryId: 1 })).toMatch(/exceed 30 characters/)
  })
})

describe("PetStore.createUnlessRefused (the mock's createPet: the pet costed once)", () => {
  test('is what asking refusal and then creating does, on any sequence of pets and any limits', () => {
    const newPet = fc.record(
      {
        name: fc.string({ maxLength: 12 }),
        categoryId: fc.integer({ min: 1, max: 9 }),
        status: fc.constantFrom('available', 'pending', 'sold'),
        tags: fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
      },
      { requiredKeys: ['name', 'categoryId'] },
    )
    fc.assert(
      fc.property(
        fc.array(newPet, { maxLength: 12 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 0, max: 3_000 }),
        (pets, maxPets, maxTextChars, budgetBytes) => {
          const limits = () => ({ maxPets, maxTextChars, budget: new MemoryBudget(budgetBytes) })
          const asked = new PetStore(seed, undefined, limits())
          const once = new PetStore(seed, undefined, limits())
          for (const pet of pets as Parameters<PetStore['create']>[0][]) {
            const refused = asked.refusal(pet)
            const expected = refused ?? asked.create(pet)
            expect(once.createUnlessRefused(pet)).toEqual(expected)
          }
          expect(once.snapshot()).toEqual(asked.snapshot())
          expect(once.version).toBe(asked.version)
        },
      ),
      { numRuns: 200 },
    )
  })
})

describe('PetStore changes (what the state file logs)', () => {
  test('onChange hears every create and reset, in order, until unsubscribed', () => {
    const store = new PetStore(seed)
    const heard: unknown[] = []
    const unsubscribe = store.onChange((change) => heard.push(change))
    const zed = store.create({ name: 'Zed', categoryId: 1 })
    store.reset([seed[1] as Pet])
    unsubscribe()
    store.create({ name: 'Unheard', categoryId: 1 })
    expect(heard).toEqual([
      { kind: 'create', pet: zed },
      { kind: 'reset', pets: [seed[1]] },
    ])
  })

  test('undoCreates takes back the latest creates from every index; ids are not handed out again', () => {
    const store = new PetStore(seed)
    const kept = store.create({ name: 'Kept', categoryId: 1, status: 'sold' })
    const undone = [
      store.create({ name: 'A', categoryId: 1, status: 'sold' }),
      store.create({ name: 'B', categoryId: 1 }),
    ]
    expect(store.undoCreates(undone)).toBe(true)
    expect(store.size).toBe(4)
    expect(undone.map((pet) => store.get(pet.id))).toEqual([undefined, undefined])
    expect(store.list({ limit: 100, status: 'sold' }).at(-1)).toBe(kept)
    expect(store.list({ limit: 100 }).at(-1)).toBe(kept)
    expect(store.create({ name: 'Next', categoryId: 1 }).id).toBe(9)
  })

  test('undoCreates refuses pets that are not the latest, and changes nothing', () => {
    const store = new PetStore(seed)
    const first = store.create({ name: 'First', categoryId: 1 })
    store.create({ name: 'Second', categoryId: 1 })
    expect(store.undoCreates([first])).toBe(false)
    expect(store.size).toBe(5)
  })
})

describe('PetStore sharing a seed and one memory budget (the HTTP mock sessions)', () => {
  const bigSeed: Pet[] = Array.from({ length: 50_000 }, (_, i) => ({
    id: i + 1,
    name: `pet ${i}`,
    categoryId: 1,
    status: i % 2 ? 'sold' : 'available',
  }))

  test('stores given the same sharedSeed do not copy it: 200 of them over 50,000 pets cost under 8 MB of heap', () => {
    const keep: PetStore[] = [new PetStore(bigSeed, undefined, { sharedSeed: bigSeed })]
    global.gc?.()
    const before = process.memoryUsage().heapUsed
    for (let i = 0; i < 200; i++) keep.push(new PetStore(bigSeed, undefined, { sharedSeed: bigSeed }))
    const grown = process.memoryUsage().heapUsed - before
    // One copy of the index alone is several MB; 200 copies would be hundreds.
    expect(grown).toBeLessThan(8 * 1024 * 1024)
    expect(keep.every((store) => store.size === bigSeed.length)).toBe(true)
  })

  test('a reset after the fields were given again (an equal array, as each petShape call makes) still shares the seed', () => {
    const fields = ['name', 'categoryId', 'status', 'id']
    const a = new PetStore(bigSeed, fields, { sharedSeed: bigSeed })
    const b = new PetStore(bigSeed, [...fields], { sharedSeed: bigSeed })
    b.useFields([...fields])
    b.reset(bigSeed)
    expect(b.get(7)).toBe(a.get(7))
    expect(b.list({ limit: 1, status: 'sold' })[0]).toBe(a.list({ limit: 1, status: 'sold' })[0])
  })

  test('what one store creates over the shared seed, no other store sees; order, status lists, get and newest follow', () => {
    const a = new PetStore(seed, undefined, { sharedSeed: seed })
    const b = new PetStore(seed, undefined, { sharedSeed: seed })
    const zed = a.create({ name: 'Zed', categoryId: 1, status: 'sold' })
    expect(zed.id).toBe(6)
    expect(a.get(6)).toBe(zed)
    expect(b.get(6)).toBeUndefined()
    expect(a.list({ limit: 10, status: 'sold' }).map((p) => p.id)).toEqual([2, 6])
    expect(a.list({ limit: 2 }).map((p) => p.id)).toEqual([1, 2])
    expect(a.list({ limit: 4 }).map((p) => p.id)).toEqual([1, 2, 5, 6])
    expect(a.newest(2).map((p) => p.id)).toEqual([5, 6])
    expect(a.snapshot().map((p) => p.id)).toEqual([1, 2, 5, 6])
    expect(b.snapshot().map((p) => p.id)).toEqual([1, 2, 5])
    a.reset(seed)
    expect(a.size).toBe(3)
  })

  test('creates across stores share one budget: refused with the reason once full, room again when a store is released', () => {
    // Every value counts: the id and categoryId, the name and the status a create stores (`available`).
    const cost = PET_OVERHEAD_BYTES + 2 * HELD_BYTES.NUMBER + 2 * HELD_BYTES.STRING + textBytes(10 + 9)
    const budget = new MemoryBudget(cost * 3)
    const a = new PetStore(seed, undefined, { sharedSeed: seed, budget })
    const b = new PetStore(seed, undefined, { sharedSeed: seed, budget })
    const pet = { name: 'x'.repeat(10), categoryId: 1 }
    expect(budget.used).toBe(0) // the shared seed is not charged
    a.create(pet)
    b.create(pet)
    a.create(pet)
    expect(a.refusal(pet)).toMatch(/memory budget .* is full/)
    expect(b.refusal(pet)).toMatch(/memory budget .* is full/)
    b.release()
    expect(a.refusal(pet)).toBeUndefined()
    expect(budget.used).toBe(2 * cost)
    const last = a.create(pet)
    expect(a.undoCreates([last])).toBe(true)
    a.reset(seed)
    expect(budget.used).toBe(0)
  })

  test('under a Pet with array and object fields, every value a pet holds is charged, at any depth', () => {
    const budget = new MemoryBudget(Number.POSITIVE_INFINITY)
    const store = new PetStore([], ['id', 'name', 'categoryId', 'status', 'tags', 'extra'], { budget })
    const plain = { name: 'Rex', categoryId: 1 }
    store.create(plain)
    const base = budget.used
    // 10,000 empty objects in an array, a 5-level nest of 1,000-character strings, 500 member names.
    const tags = Array.from({ length: 10_000 }, () => ({}))
    let nest: unknown = 'y'.repeat(1000)
    for (let level = 0; level < 5; level++) nest = [nest, { deeper: nest }]
    const names = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i]))
    store.create({ ...plain, tags, extra: { nest, names } } as unknown as Parameters<typeof store.create>[0])
    const second = budget.used - base
    expect(second).toBeGreaterThanOrEqual(10_000 * HELD_BYTES.OBJECT + 500 * HELD_BYTES.MEMBER)
    // The string is reached 2^5 times through the nest: each time counted by its length.
    expect(second).toBeGreaterThan(32 * textBytes(1000))
    // The same pet refused once the budget lacks room for its values (it used to cost 200 bytes).
    const tight = new MemoryBudget(base * 4)
    const small = new PetStore([], ['id', 'name', 'categoryId', 'status', 'tags'], { budget: tight })
    expect(small.refusal({ ...plain, tags } as unknown as Parameters<typeof store.create>[0])).toMatch(
      /memory budget/,
    )
    expect(small.refusal(plain)).toBeUndefined()
  })

  test('a seed given with charge is charged, refused whole (store unchanged) when it does not fit', () => {
    // Rex available, Tom sold: names and statuses.
    const twoPets =
      2 * (PET_OVERHEAD_BYTES + 2 * HELD_BYTES.NUMBER + 2 * HELD_BYTES.STRING) + textBytes(3 + 9 + 3 + 4)
    const budget = new MemoryBudget(twoPets + PET_OVERHEAD_BYTES)
    const store = new PetStore(seed, undefined, { sharedSeed: seed, budget })
    store.reset(seed.slice(0, 2), true)
    expect(budget.used).toBe(twoPets)
    expect(() => store.reset(bigSeed.slice(0, 4), true)).toThrow(StoreFullError)
    expect(store.size).toBe(2)
    expect(budget.used).toBe(twoPets)
    store.reset(seed)
    expect(budget.used).toBe(0)
  })

  test('a store over the shared seed is made even when the budget is past its limit: the seed costs nothing', () => {
    // Journals may pass the budget by an entry; a new session's store must still be made (it was a 500).
    const budget = new MemoryBudget(0)
    budget.force(1)
    expect(new PetStore(seed, undefined, { sharedSeed: seed, budget }).size).toBe(seed.length)
    expect(() => new PetStore(seed.slice(0, 1), undefined, { budget }).reset(seed.slice(0, 1), true)).toThrow(
      StoreFullError,
    )
  })
})
