// The states a run should visit come from the interface model: the limit rule and the status
// enumeration of the document given, so an evolved spec (tests/support/evolveSpec.ts) gives others.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from '@jest/globals'
import { bundleSpec, compileSpec, defaultSpec, loadSpec } from '../spec/index.ts'
import { EVOLUTION, evolveSpec } from '../tests/support/evolveSpec.ts'
import { boundaryStatesOf, pageClassesOf, storeBounds } from './boundaryStates.ts'
import { interfaceModelOf } from './interfaceModel.ts'
import { StateCoverage } from './StateCoverage.ts'

const model = interfaceModelOf(defaultSpec())
const dir = await mkdtemp(join(tmpdir(), 'petstore-states-'))
afterAll(() => rm(dir, { recursive: true, force: true }))
await writeFile(join(dir, 'openapi.json'), JSON.stringify(evolveSpec(await bundleSpec())))
const evolved = interfaceModelOf(compileSpec(await loadSpec(join(dir, 'openapi.json')), { lazy: true }))
const { limit, statuses } = model
const ids = (m: typeof model) => boundaryStatesOf(m).map((state) => state.id)
const pets = (count: number, status: unknown, from = 1) =>
  Array.from({ length: count }, (_, i) => ({ id: BigInt(from + i), status }))

describe('boundaryStatesOf', () => {
  test('a state on each side of every bound, named from the vocabulary', () => {
    const states = ids(model)
    for (const bound of [limit.default, limit.maximum])
      for (const side of ['below', 'at', 'above']) expect(states).toContain(`store/${bound}/${side}`)
    for (const status of statuses)
      expect(states).toEqual(expect.arrayContaining([`filter/${status}/none`, `filter/${status}/some`]))
    for (const limitCase of ['default', 'given'])
      for (const pageClass of ['none', 'one', 'short', 'full', 'beyond'])
        expect(states).toContain(`page/${limitCase}/${pageClass}`)
    expect(states).toEqual(
      expect.arrayContaining([
        'first-answers/listPets',
        'first-answers/getPet',
        'id/unassigned',
        'id/assigned-later',
      ]),
    )
    expect(new Set(states).size).toBe(states.length)
  })

  test('only a store of exactly the maximum is unobservable: no page is larger', () => {
    const unobservable = boundaryStatesOf(model).filter((state) => state.unobservable)
    expect(unobservable.map((state) => state.id)).toEqual([`store/${limit.maximum}/at`])
  })

  test('an evolved spec (another limit, a fourth status) changes the states', () => {
    expect(storeBounds(evolved)).toEqual([EVOLUTION.limit.default, EVOLUTION.limit.maximum])
    const before = new Set(ids(model))
    const after = new Set(ids(evolved))
    const added = [...after].filter((id) => !before.has(id))
    const removed = [...before].filter((id) => !after.has(id))
    expect(added.sort()).toEqual(
      [
        `filter/${EVOLUTION.status}/none`,
        `filter/${EVOLUTION.status}/some`,
        ...['below', 'at', 'above'].flatMap((side) => [
          `store/${EVOLUTION.limit.default}/${side}`,
          `store/${EVOLUTION.limit.maximum}/${side}`,
        ]),
      ].sort(),
    )
    expect(removed.every((id) => id.startsWith('store/'))).toBe(true)
    const described = boundaryStatesOf(evolved).find((state) => state.id === 'page/default/full')
    expect(described?.description).toContain(String(EVOLUTION.limit.default))
    expect(described?.description).not.toContain(String(limit.default))
  })
})

describe('pageClassesOf', () => {
  test.each([
    ['an empty page', 0, limit.default, 0, ['none']],
    ['one pet under a larger limit', 1, limit.default, 1, ['one']],
    ['one short of the limit', limit.default - 1, limit.default, limit.default - 1, ['short']],
    ['a full page, nothing more known', limit.default, limit.default, limit.default, ['full']],
    ['a full page while more are known', limit.default, limit.default, limit.default + 1, ['full', 'beyond']],
    ['a page of one under a limit of one', 1, 1, 1, ['full']],
    ['a page of one under a limit of two', 1, 2, 1, ['one', 'short']],
  ])('%s', (_name, size, pageLimit, known, want) => {
    expect(pageClassesOf(size, pageLimit, known)).toEqual(want)
  })
})

describe('StateCoverage', () => {
  const [first = '', second = ''] = statuses

  test('an empty store, then a write: the first answers, the empty side of each bound', () => {
    const states = new StateCoverage(model)
    states.see({ operation: 'listPets', status: first, page: [] })
    states.see({ operation: 'listPets', limit: limit.maximum, page: [] })
    states.see({ operation: 'getPet', id: 1n, answered: 404 })
    states.writing()
    states.see({ operation: 'createPet', id: 1n, status: first })
    states.see({ operation: 'getPet', id: 1n, answered: 200, status: first })
    const visited = new Set(
      states
        .report()
        .states.filter((s) => s.seen > 0)
        .map((s) => s.id),
    )
    expect([...visited].sort()).toEqual(
      [
        'first-answers/listPets',
        'first-answers/getPet',
        'page/default/none',
        'page/given/none',
        `filter/${first}/none`,
        `store/${limit.default}/below`,
        `store/${limit.maximum}/below`,
        'id/unassigned',
        'id/assigned-later',
      ].sort(),
    )
  })

  test('a seeded store: the small states are not reached, each with why', () => {
    const states = new StateCoverage(model)
    const seeded = statuses.flatMap((status, i) => pets(10, status, 1 + 10 * i))
    states.see({ operation: 'listPets', limit: limit.maximum, page: seeded })
    states.see({ operation: 'listPets', limit: 5, status: second, page: seeded.slice(10, 15) })
    const report = states.report()
    const byId = new Map(report.states.map((s) => [s.id, s]))
    expect(byId.get(`store/${limit.default}/above`)?.seen).toBe(1)
    expect(byId.get('page/given/full')?.seen).toBe(1)
    expect(byId.get('page/given/beyond')?.seen).toBe(1)
    expect(byId.get(`store/${limit.default}/below`)?.reason).toMatch(
      /saw 30 pets in the store before it ended.*no delete/,
    )
    expect(byId.get(`filter/${second}/none`)?.reason).toMatch(/saw 10 pets with status .* before it ended/)
    expect(byId.get('page/given/one')?.reason).toMatch(/already matched more than 1 pet before the run ended/)
    expect(byId.get('page/given/short')?.reason).toBe('no listPets answer the run judged showed it')
    expect(byId.get(`store/${limit.maximum}/at`)?.reason).toMatch(/cannot be told/)
    expect(byId.get('first-answers/getPet')?.reason).toBe('the run sent no getPet it could judge')
    expect(report.visited).toBe(report.states.filter((s) => s.seen > 0).length)
    expect(report.states.every((s) => s.seen > 0 !== (s.reason !== undefined))).toBe(true)
  })

  test('answers after the first write are not first answers; an id seen before is not unassigned', () => {
    const states = new StateCoverage(model)
    states.writing()
    states.see({ operation: 'createPet', id: 7n, status: first })
    expect(states.see({ operation: 'getPet', id: 7n, answered: 404 })).toEqual([])
    expect(states.visited('first-answers/getPet')).toBe(false)
    expect(states.report().states.find((s) => s.id === 'first-answers/getPet')?.reason).toMatch(
      /after its first write/,
    )
  })

  test('knowledge beyond a bound is a store above it, even with no page', () => {
    const states = new StateCoverage(model)
    states.writing()
    for (const pet of pets(limit.maximum + 1, first)) states.see({ operation: 'createPet', ...pet })
    expect(states.visited(`store/${limit.maximum}/above`)).toBe(true)
    expect(states.visited(`store/${limit.maximum}/below`)).toBe(false)
    expect(states.missedSince(BigInt(limit.maximum + 1))).toEqual([])
  })
})
