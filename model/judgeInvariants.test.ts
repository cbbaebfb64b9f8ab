// The invariants, judged on generated exchanges: a correct store's answers, in any order and by any
// route, break none of them (no false verdict); each kind of break is named by its invariant.
import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { defaultSpec } from '../spec/runtime.ts'
import { InvariantMemory } from './InvariantMemory.ts'
import { interfaceModelOf } from './interfaceModel.ts'
import { INVARIANT_NAMES, INVARIANTS } from './invariantRules.ts'
import { judgeInvariants } from './judgeInvariants.ts'

const model = interfaceModelOf(defaultSpec())
const { limit } = model

type Pet = { id: bigint; name: string; categoryId: bigint; status?: string }

const petArbitrary = (id: bigint): fc.Arbitrary<Pet> =>
  fc.record(
    {
      id: fc.constant(id),
      name: fc.string({ maxLength: 12 }),
      categoryId: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
      status: fc.constantFrom(...model.statuses),
    },
    { requiredKeys: ['id', 'name', 'categoryId'] },
  )

/** A store of pets with distinct int64 ids, some beyond 2^53 (read exactly, never rounded). */
const storeArbitrary = fc
  .uniqueArray(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), { minLength: 1, maxLength: 40 })
  .chain((ids) => fc.tuple(...ids.map(petArbitrary)))

/** One request a client may make, answered by a correct server from `store`. */
type Call =
  | { kind: 'list'; limit?: number; status?: string; skip: number }
  | { kind: 'get'; index: number }
  | { kind: 'create'; index: number }
  | { kind: 'error'; status: number }
const callArbitrary: fc.Arbitrary<Call> = fc.oneof(
  fc.record(
    {
      kind: fc.constant('list' as const),
      limit: fc.integer({ min: limit.minimum, max: limit.maximum }),
      status: fc.constantFrom(...model.statuses),
      skip: fc.nat(50),
    },
    { requiredKeys: ['kind', 'skip'] },
  ),
  fc.record({ kind: fc.constant('get' as const), index: fc.nat() }),
  fc.record({ kind: fc.constant('create' as const), index: fc.nat() }),
  fc.record({ kind: fc.constant('error' as const), status: fc.constantFrom(400, 401, 404) }),
)

/** Runs `call` against a correct server over `store`: the exchange the invariants judge. */
function exchangeOf(store: readonly Pet[], call: Call, created: Set<bigint>) {
  const at = (index: number) => store[index % store.length] as Pet
  switch (call.kind) {
    case 'list': {
      const query = new URLSearchParams()
      if (call.limit !== undefined) query.set('limit', String(call.limit))
      if (call.status !== undefined) query.set('status', call.status)
      const matching = store.filter((pet) => call.status === undefined || pet.status === call.status)
      // Any order, any window: the document fixes neither.
      const page = matching.slice(call.skip % (matching.length + 1)).slice(0, call.limit ?? limit.default)
      return { operation: 'listPets', request: { query }, answer: { status: 200, body: page } }
    }
    case 'get': {
      const pet = at(call.index)
      return {
        operation: 'getPet',
        request: { params: { petId: String(pet.id) } },
        answer: { status: 200, body: { ...pet } },
      }
    }
    case 'create': {
      // Each pet is created once: the 201 of a pet already created is a read here.
      const pet = at(call.index)
      if (created.has(pet.id))
        return {
          operation: 'getPet',
          request: { params: { petId: String(pet.id) } },
          answer: { status: 200, body: { ...pet } },
        }
      created.add(pet.id)
      const { id: _id, ...body } = pet
      return { operation: 'createPet', request: { body }, answer: { status: 201, body: { ...pet } } }
    }
    case 'error':
      return {
        operation: 'getPet',
        request: { params: { petId: 'abc' } },
        answer: { status: call.status, body: { code: 'x', message: 'y', status: call.status } },
      }
  }
}

test('a correct store breaks no invariant, whatever the order and route of its answers', () => {
  fc.assert(
    fc.property(storeArbitrary, fc.array(callArbitrary, { maxLength: 40 }), (store, calls) => {
      const memory = new InvariantMemory(model)
      const created = new Set<bigint>()
      for (const [i, call] of calls.entries()) {
        const { operation, request, answer } = exchangeOf(store, call, created)
        expect(judgeInvariants(model, memory, operation, request, answer, `step ${i}`)).toEqual([])
      }
    }),
    { numRuns: 200 },
  )
})

const invariantsOf = (...args: Parameters<typeof judgeInvariants>) =>
  judgeInvariants(...args).map((problem) => problem.invariant)

/** The invariants a page breaks, judged with a fresh memory. */
const pageJudged = (query: string, page: unknown[]) =>
  invariantsOf(
    model,
    new InvariantMemory(model),
    'listPets',
    { query: new URLSearchParams(query) },
    { status: 200, body: page },
    's',
  )

describe('each break is named by its invariant', () => {
  test('page_within_limit: one pet past the limit, or past the default when limit is omitted', () => {
    fc.assert(
      fc.property(fc.integer({ min: limit.minimum, max: limit.maximum }), fc.boolean(), (asked, omitted) => {
        const size = (omitted ? limit.default : asked) + 1
        const page = Array.from({ length: size }, (_, i) => ({ id: i, name: 'n', categoryId: 1 }))
        expect(pageJudged(omitted ? '' : `limit=${asked}`, page)).toEqual(['page_within_limit'])
      }),
    )
  })

  test('page_matches_filter: a pet of another status in a filtered page', () => {
    fc.assert(
      fc.property(fc.constantFrom(...model.statuses), fc.constantFrom(...model.statuses), (asked, other) => {
        fc.pre(asked !== other)
        const page = [
          { id: 1, name: 'a', categoryId: 1, status: asked },
          { id: 2, name: 'b', categoryId: 1, status: other },
        ]
        expect(pageJudged(`status=${asked}`, page)).toEqual(['page_matches_filter'])
      }),
    )
  })

  test('page_ids_distinct: the same id twice in a page, exactly (ids past 2^53 are not rounded together)', () => {
    const big = 2n ** 53n + 1n
    const page = (second: bigint) => [
      { id: big, name: 'a', categoryId: 1 },
      { id: second, name: 'a', categoryId: 1 },
    ]
    const judged = (second: bigint) =>
      invariantsOf(
        model,
        new InvariantMemory(model),
        'listPets',
        {},
        { status: 200, body: page(second) },
        's',
      )
    expect(judged(big)).toEqual(['page_ids_distinct'])
    expect(judged(big + 1n)).toEqual([])
  })

  test('fetched_pet_is_asked: a getPet 200 of another id; a petId the document leaves open is not judged', () => {
    const answer = { status: 200, body: { id: 8, name: 'a', categoryId: 1 } }
    const judged = (petId: string) =>
      invariantsOf(model, new InvariantMemory(model), 'getPet', { params: { petId } }, answer, 's')
    expect(judged('7')).toEqual(['fetched_pet_is_asked'])
    expect(judged('8')).toEqual([])
    expect(judged('1.5')).toEqual([])
  })

  test('created_ids_unique: two 201s with one id, whatever was read of it in between', () => {
    const memory = new InvariantMemory(model)
    const created = { status: 201, body: { id: 5n, name: 'a', categoryId: 1 } }
    const body = { name: 'a', categoryId: 1 }
    expect(invariantsOf(model, memory, 'createPet', { body }, created, 'first')).toEqual([])
    expect(
      invariantsOf(model, memory, 'listPets', {}, { status: 200, body: [created.body] }, 'list'),
    ).toEqual([])
    expect(invariantsOf(model, memory, 'createPet', { body }, created, 'second')).toEqual([
      'created_ids_unique',
    ])
  })

  test('pet_reads_same: one id read otherwise by any other route, int64 values exact', () => {
    const pet = { id: 3, name: 'a', categoryId: 2n ** 53n + 1n, status: 'sold' }
    const changes = [{ categoryId: 2n ** 53n }, { name: 'b' }, { status: undefined }]
    type Route = (
      p: object,
    ) => [string, { params?: Record<string, string> }, { status: number; body: unknown }]
    const routes: Route[] = [
      (p) => ['listPets', {}, { status: 200, body: [p] }],
      (p) => ['getPet', { params: { petId: '3' } }, { status: 200, body: p }],
    ]
    for (const change of changes)
      for (const first of routes)
        for (const then of routes) {
          const memory = new InvariantMemory(model)
          const changed: Record<string, unknown> = { ...pet, ...change }
          if ('status' in change) delete changed.status
          expect(invariantsOf(model, memory, ...first(pet), 'a')).toEqual([])
          expect(invariantsOf(model, memory, ...then(changed), 'b')).toEqual(['pet_reads_same'])
        }
  })

  test("pet_reads_same: a field a 201 left out (not sent) is the server's to show later, then fixed", () => {
    const created = { id: 5, name: 'Rex', categoryId: 1 }
    const get = (
      body: object,
    ): [string, { params: Record<string, string> }, { status: number; body: unknown }] => [
      'getPet',
      { params: { petId: '5' } },
      { status: 200, body },
    ]
    const memory = new InvariantMemory(model)
    // An echo of the request in the 201, the stored default shown by reads: both conforming (4.2.2, gap 3.2).
    expect(invariantsOf(model, memory, 'createPet', {}, { status: 201, body: created }, 'a')).toEqual([])
    const [status, other] = model.statuses as [string, string]
    expect(invariantsOf(model, memory, ...get({ ...created, status }), 'b')).toEqual([])
    // Once shown, it reads the same: another value, or the field gone again, is a change.
    expect(invariantsOf(model, memory, ...get({ ...created, status: other }), 'c')).toEqual([
      'pet_reads_same',
    ])
    expect(invariantsOf(model, memory, ...get(created), 'd')).toEqual(['pet_reads_same'])
    // A field the 201 showed (it was sent, or chosen and shown) stays: a read without it is a change.
    const shown = new InvariantMemory(model)
    expect(
      invariantsOf(model, shown, 'createPet', {}, { status: 201, body: { ...created, status } }, 'a'),
    ).toEqual([])
    expect(invariantsOf(model, shown, ...get(created), 'b')).toEqual(['pet_reads_same'])
    // A required field is never the server's to leave out.
    const noName = new InvariantMemory(model)
    expect(
      invariantsOf(model, noName, 'listPets', {}, { status: 200, body: [{ id: 5, categoryId: 1 }] }, 'a'),
    ).toEqual([])
    expect(invariantsOf(model, noName, ...get(created), 'b')).toEqual(['pet_reads_same'])
  })

  test('error_status_matches: an Error whose status is not the HTTP status', () => {
    const error = (status: number) => ({ status: 404, body: { code: 'x', message: 'y', status } })
    const judged = (status: number) =>
      invariantsOf(
        model,
        new InvariantMemory(model),
        'getPet',
        { params: { petId: '1' } },
        error(status),
        's',
      )
    expect(judged(400)).toEqual(['error_status_matches'])
    expect(judged(404)).toEqual([])
  })
})

test('the memory starts over past its bounds: forgetting weakens a verdict, never makes one', () => {
  const memory = new InvariantMemory(model, { pets: 2, chars: 1_000 })
  for (const id of [1, 2, 3]) expect(memory.read({ id, name: 'a', categoryId: 1 }, 'x')).toBeUndefined()
  expect(memory.size).toBeLessThanOrEqual(2)
})

test('the memory counts what a pet holds at any depth: a field of 10,000 numbers cannot pass its bound', () => {
  const memory = new InvariantMemory(model, { pets: 1_000, chars: 100_000 })
  const name = Array.from({ length: 10_000 }, () => 0)
  for (let id = 1; id <= 100; id++) memory.read({ id, name, categoryId: 1 }, 'x')
  // Each pet holds about 320 KB: the memory starts over at every one, never keeps a hundred.
  expect(memory.size).toBeLessThanOrEqual(2)
})

test('the memory counts where it learned each pet: 10,000-character targets cannot pass its bound', () => {
  const memory = new InvariantMemory(model, { pets: 1_000, chars: 100_000 })
  const where = `created in POST /v1/pets?${'x'.repeat(10_000)}`
  for (let id = 1; id <= 100; id++) memory.read({ id, name: 'Rex', categoryId: 1 }, where, true)
  // Each pet holds about 10,000 characters of where: the memory starts over every ten.
  expect(memory.size).toBeLessThanOrEqual(10)
})

test('never throws, whatever the answer holds, and names each invariant at most once', () => {
  const memory = new InvariantMemory(model, { pets: 50, chars: 10_000 })
  const value = fc.anything({
    withBigInt: true,
    withNullPrototype: true,
    withObjectString: true,
    withSparseArray: true,
    key: fc.constantFrom('id', 'name', 'categoryId', 'status', 'code', 'message', '__proto__', 'x'),
  })
  const body = fc.oneof(
    value,
    fc.array(value, { maxLength: 30 }),
    fc.array(fc.record({ id: value, status: value }), { maxLength: 30 }),
  )
  fc.assert(
    fc.property(
      fc.constantFrom('listPets', 'createPet', 'getPet', 'other'),
      fc.constantFrom(200, 201, 400, 401, 404, 429, 500, 503),
      fc.oneof(fc.constantFrom('1', '-0', '007', '9223372036854775808', '1e3', ''), fc.string()),
      fc.string(),
      body,
      (operation, status, petId, query, answerBody) => {
        const problems = judgeInvariants(
          model,
          memory,
          operation,
          { params: { petId }, query: new URLSearchParams(query), body: answerBody },
          { status, body: answerBody },
          'step',
        )
        const names = problems.map((p) => p.invariant)
        expect(new Set(names).size).toBe(names.length)
      },
    ),
    { numRuns: 2_000 },
  )
})

test('every invariant is described from the model and judged by the operations it names', () => {
  for (const name of INVARIANT_NAMES) {
    expect(INVARIANTS[name].sentence(model)).toMatch(/§/)
    expect(INVARIANTS[name].operations.length).toBeGreaterThan(0)
  }
  expect(INVARIANTS.page_within_limit.sentence({ limit: { ...limit, default: 7 } })).toContain(
    '7 when omitted',
  )
})
