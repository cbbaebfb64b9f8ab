import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { defaultSpec, operations } from '../spec/runtime.ts'
import { coverageOf, type Observation } from './coverageOf.ts'
import { coverageUniverse } from './coverageUniverse.ts'
import { missedCoverage, parseMinCoverage } from './minCoverage.ts'
import { percentOf, percentShort, reaches } from './percentOf.ts'

const { document } = defaultSpec()
const universe = coverageUniverse(document)

/** Observations drawn from the document's own operations, statuses and enum values, and a few strays. */
const observation: fc.Arbitrary<Observation> = fc.oneof(
  fc
    .record({
      operation: fc.constantFrom(...operations(document)),
      status: fc.constantFrom(200, 201, 400, 401, 404, 413, 415, 418, 500, 507, 0),
      id: fc.integer({ min: 1, max: 99 }),
      limit: fc.option(fc.integer({ min: 0, max: 150 }), { nil: undefined }),
      status2: fc.option(fc.constantFrom('available', 'pending', 'sold', 'lost'), { nil: undefined }),
    })
    .map(({ operation, status, id, limit, status2 }) => ({
      method: operation.method.toUpperCase(),
      path: operation.path.replace(/\{[^}]+\}/, String(id)),
      query: [
        ...(limit === undefined ? [] : [['limit', String(limit)] as const]),
        ...(status2 === undefined ? [] : [['status', status2] as const]),
      ],
      ...(operation.method === 'post'
        ? { body: { name: 'Rex', categoryId: 1, status: status2 ?? 'sold' } }
        : {}),
      status,
    })),
  fc.record({
    method: fc.constantFrom('GET', 'DELETE'),
    path: fc.constantFrom('/orders', '/pets/1/toys', '/'),
    query: fc.constant([]),
    status: fc.constant(404),
  }),
)

/** A call of a status item's operation, answered with that status. */
function answeredWith(item: { operationId: string; key: string }): Observation {
  const operation = operations(document).find((o) => o.operationId === item.operationId)
  if (!operation) throw new Error('no operation')
  return {
    method: operation.method,
    path: operation.path.replace(/\{[^}]+\}/, '1'),
    query: [],
    status: Number(item.key),
  }
}

describe('coverage', () => {
  test('its universe is the document: every operation, each documented status, parameter and enum value', () => {
    for (const operation of operations(document)) {
      const statuses = universe
        .filter((item) => item.operationId === operation.operationId && item.dimension === 'statuses')
        .map((item) => item.key)
      expect(statuses).toEqual(Object.keys(operation.responses))
    }
    const enums = universe
      .filter((item) => item.dimension === 'enumValues')
      .map((i) => `${i.operationId} ${i.key}`)
    expect(enums).toEqual(
      expect.arrayContaining([
        'listPets status=sold',
        'createPet body.status=pending',
        'listPets status=available',
      ]),
    )
    expect(universe.filter((item) => item.dimension === 'operations')).toHaveLength(
      operations(document).length,
    )
  })

  test('nothing observed covers nothing; percentages stay within 0..100', () => {
    const none = coverageOf(document, [])
    for (const tally of Object.values(none.dimensions)) expect(tally.covered).toBe(0)
    fc.assert(
      fc.property(fc.array(observation, { maxLength: 40 }), (observed) => {
        const coverage = coverageOf(document, observed)
        return Object.values(coverage.dimensions).every(
          (t) => t.covered <= t.total && t.percent >= 0 && t.percent <= 100,
        )
      }),
    )
  })

  test('is monotone in what was observed, and independent of its order', () => {
    fc.assert(
      fc.property(
        fc.array(observation, { maxLength: 30 }),
        fc.array(observation, { maxLength: 10 }),
        (a, b) => {
          const before = coverageOf(document, a)
          const after = coverageOf(document, [...a, ...b])
          const reversed = coverageOf(document, [...b, ...a].reverse())
          return Object.entries(after.dimensions).every(
            ([dimension, tally]) =>
              tally.covered >= before.dimensions[dimension as keyof typeof before.dimensions].covered &&
              tally.covered === reversed.dimensions[dimension as keyof typeof reversed.dimensions].covered,
          )
        },
      ),
    )
  })

  test('an undocumented status is counted apart, never as covered; a path of no operation is unmatched', () => {
    const coverage = coverageOf(document, [
      { method: 'GET', path: '/pets', query: [], status: 418 },
      { method: 'GET', path: '/orders', query: [], status: 404 },
      { method: 'GET', path: '/pets/7', query: [], status: 404 },
    ])
    expect(coverage.undocumented).toEqual([{ operationId: 'listPets', status: 418, seen: 1 }])
    expect(coverage.unmatched).toBe(1)
    const seen = coverage.items
      .filter((item) => item.seen > 0)
      .map((i) => `${i.dimension} ${i.operationId} ${i.key}`)
    expect(seen).toEqual(
      expect.arrayContaining([
        'statuses getPet 404',
        'parameters getPet petId',
        'parameters listPets limit omitted',
      ]),
    )
    expect(seen.some((line) => line.includes('418'))).toBe(false)
  })
})

describe('--min-coverage', () => {
  test('reads name=percent pairs or one percentage, and refuses anything else naming it', () => {
    expect(parseMinCoverage('statuses=100,operations=90.5')).toEqual({ statuses: 100, operations: 90.5 })
    expect(parseMinCoverage('80')).toEqual({ operations: 80, statuses: 80, parameters: 80, enumValues: 80 })
    expect(parseMinCoverage('documented-statuses=100,enumValues=50')).toEqual({
      documentedStatuses: 100,
      enumValues: 50,
    })
    for (const bad of [
      'statuses=101',
      'status=100',
      'statuses',
      '',
      'statuses=-1',
      '100%',
      'documented_statuses=1',
    ])
      expect(() => parseMinCoverage(bad)).toThrow(/--min-coverage/)
  })

  test('names each documented status never observed, and passes when all were', () => {
    const all = universe.filter((item) => item.dimension === 'statuses').map(answeredWith)
    expect(missedCoverage(coverageOf(document, all), { statuses: 100 })).toEqual([])
    const without415 = all.filter((o) => !(o.method === 'post' && o.status === 415))
    expect(missedCoverage(coverageOf(document, without415), { statuses: 100 })).toEqual([
      expect.stringMatching(/^statuses \d+(\.\d+)?% \(12\/13\) < 100%: createPet 415 never observed$/),
    ])
  })

  test('documented-statuses counts only what the interface document lists; added-statuses the rest', () => {
    const listed = universe.filter((item) => item.dimension === 'statuses' && !item.added)
    expect(listed.map((item) => `${item.operationId} ${item.key}`)).toEqual([
      'listPets 200',
      'listPets 401',
      'createPet 201',
      'createPet 400',
      'createPet 401',
      'getPet 200',
      'getPet 401',
      'getPet 404',
    ])
    const observed = listed.map(answeredWith)
    const coverage = coverageOf(document, observed)
    const gate = parseMinCoverage('documented-statuses=100,operations=100')
    expect(gate).toEqual({ documentedStatuses: 100, operations: 100 })
    expect(missedCoverage(coverage, gate)).toEqual([])
    expect(coverage.dimensions.documentedStatuses).toEqual({ covered: 8, total: 8, percent: 100 })
    expect(missedCoverage(coverage, parseMinCoverage('statuses=100'))).toEqual([
      expect.stringMatching(
        /^statuses 61\.54% \(8\/13\) < 100%: listPets 400, createPet 413, createPet 415, createPet 507, getPet 400 never observed$/,
      ),
    ])
    expect(missedCoverage(coverage, parseMinCoverage('addedStatuses=1'))).toEqual([
      expect.stringMatching(/^added-statuses 0% \(0\/5\) < 1%: /),
    ])
    expect(missedCoverage(coverage, { statuses: 100 }, 2)).toEqual([
      expect.stringMatching(/: listPets 400, createPet 413, and 3 more never observed$/),
    ])
    const without404 = coverageOf(
      document,
      observed.filter((o) => o.status !== 404),
    )
    expect(missedCoverage(without404, gate)).toEqual([
      'documented-statuses 87.5% (7/8) < 100%: getPet 404 never observed',
    ])
  })

  test('percentages never round up past a gate: 2/3 is 66.67% and fails 66.7, and a miss never prints as a pass', () => {
    expect(percentOf(2, 3)).toBe(66.67)
    expect(reaches(2, 3, 66.7)).toBe(false)
    expect(reaches(2, 3, 66.66)).toBe(true)
    expect(percentShort(2, 3, 66.7)).toBe('66.67')
    expect(percentShort(2, 3, 66.67)).toBe('66.66')
    expect(percentOf(199_999, 200_000)).toBe(99.99)
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 100_000 })
          .chain((total) =>
            fc.tuple(
              fc.integer({ min: 0, max: total }),
              fc.constant(total),
              fc.double({ min: 0, max: 100, noNaN: true }),
            ),
          ),
        ([covered, total, wanted]) => {
          const shown = percentOf(covered, total)
          if (covered < total && shown >= 100) return false
          if (reaches(covered, total, wanted)) return covered / total >= wanted / 100 - 1e-12
          return Number(percentShort(covered, total, wanted)) < wanted
        },
      ),
    )
  })
})
