// One knowledge shared in time: a read is bound by what completed before it started, never by what
// overlapped it; two 201s for one id are a fault whatever their timing.
import { describe, expect, test } from '@jest/globals'
import { defaultSpec } from '../spec/runtime.ts'
import { interfaceModelOf } from './interfaceModel.ts'
import { judgeCreate } from './judgeCreate.ts'
import { judgeGet } from './judgeGet.ts'
import { judgeList } from './judgeList.ts'
import { StoreKnowledge } from './StoreKnowledge.ts'

const model = interfaceModelOf(defaultSpec())
const rex = { name: 'Rex', categoryId: 1, status: 'sold' }
const created = (id: number) => ({ status: 201, body: { id, ...rex } })
const notFound = { status: 404, body: { code: 'not_found', message: 'no such pet', status: 404 } }

/** A knowledge where another stream's create of pet 7 was sent at tick 10 and answered at tick 20. */
function afterCreate(): StoreKnowledge {
  const knowledge = new StoreKnowledge(model)
  const problem = judgeCreate(
    model,
    knowledge.asOf({ startedAt: 10, completedAt: 20 }),
    rex,
    created(7),
    'step 1',
  )
  expect(problem).toBeUndefined()
  return knowledge
}

describe('a read is bound by every write that completed before it started', () => {
  test.each([
    ['getPet', (k: StoreKnowledge) => judgeGet(k, 7n, notFound, 'step 2')],
    [
      'listPets',
      (k: StoreKnowledge) => judgeList(model, k, { status: 'sold' }, { status: 200, body: [] }, 'step 2'),
    ],
  ])('%s that started after the 201 must show the pet', (_operation, judge) => {
    const knowledge = afterCreate()
    expect(judge(knowledge.asOf({ startedAt: 21, completedAt: 30 }))?.documented).toMatch(/7|min\(limit/)
  })

  test.each([
    ['getPet', (k: StoreKnowledge) => judgeGet(k, 7n, notFound, 'step 2')],
    [
      'listPets',
      (k: StoreKnowledge) => judgeList(model, k, { status: 'sold' }, { status: 200, body: [] }, 'step 2'),
    ],
  ])('%s that was in flight when the 201 came may miss it', (_operation, judge) => {
    for (const startedAt of [5, 11, 19]) {
      const knowledge = afterCreate()
      expect(judge(knowledge.asOf({ startedAt, completedAt: 25 }))).toBeUndefined()
    }
  })

  test('a pet a read showed binds every read that starts after that read completed', () => {
    const knowledge = new StoreKnowledge(model)
    const listed = { status: 200, body: [{ id: 9, ...rex }] }
    expect(
      judgeList(model, knowledge.asOf({ startedAt: 1, completedAt: 4 }), {}, listed, 's1'),
    ).toBeUndefined()
    expect(judgeGet(knowledge.asOf({ startedAt: 3, completedAt: 6 }), 9n, notFound, 's2')).toBeUndefined()
    expect(judgeGet(knowledge.asOf({ startedAt: 5, completedAt: 8 }), 9n, notFound, 's3')).toBeDefined()
  })

  test('a pet never changes, whenever the readings were', () => {
    const knowledge = afterCreate()
    const renamed = { status: 200, body: { id: 7, ...rex, name: 'Max' } }
    expect(judgeGet(knowledge.asOf({ startedAt: 11, completedAt: 15 }), 7n, renamed, 's2')?.received).toMatch(
      /pet 7 read as/,
    )
  })

  test('a view that started after everything known sees the same pets as the whole knowledge', () => {
    const knowledge = afterCreate()
    expect(knowledge.asOf({ startedAt: 21 }).matching('sold')).toBe(knowledge.matching('sold'))
    expect(knowledge.asOf({ startedAt: 15 }).matching('sold')).toEqual([])
    expect(knowledge.asOf({}).get(7n)?.id).toBe(7n)
  })
})

describe('ids stay unique across streams, whatever the timing', () => {
  test('two 201s carrying one id fail, even when the creates overlapped', () => {
    const knowledge = afterCreate()
    const second = judgeCreate(
      model,
      knowledge.asOf({ startedAt: 12, completedAt: 22 }),
      rex,
      created(7),
      's2',
    )
    expect(second?.received).toMatch(/id 7, which pet/)
  })

  /** Pet 7 listed by a read over `[startedAt, completedAt]`, then a create sent at 10, answered 20, with id 7. */
  const createAfterList = (startedAt: number, completedAt: number) => {
    const knowledge = new StoreKnowledge(model)
    const listed = { status: 200, body: [{ id: 7, ...rex }] }
    expect(judgeList(model, knowledge.asOf({ startedAt, completedAt }), {}, listed, 's1')).toBeUndefined()
    const span = { startedAt: 10, completedAt: 20 }
    return { knowledge, problem: judgeCreate(model, knowledge.asOf(span), rex, created(7), 's2') }
  }

  test('a create whose pet another stream listed while it was in flight is not a duplicate', () => {
    const { knowledge, problem } = createAfterList(11, 14)
    expect(problem).toBeUndefined()
    // Now a write of the ledger: the final sweep looks for it.
    expect(knowledge.created.map((pet) => pet.id)).toEqual([7n])
  })

  test('a 201 with the id of a pet read before the create started fails', () => {
    expect(createAfterList(1, 4).problem?.received).toMatch(/already has/)
  })
})
