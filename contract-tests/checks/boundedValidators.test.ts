import { describe, expect, test } from '@jest/globals'
import { defaultSpec } from '../../spec/runtime.ts'
import { ALL_ERRORS_NODES_MAX, boundedValidators, nodesUpTo } from './boundedValidators.ts'

const spec = defaultSpec()
const validators = boundedValidators(spec.document, spec.validators)

describe('boundedValidators: the same verdicts, a bounded cost for huge bodies', () => {
  test('a small body lists every error, as the spec validators do', () => {
    const body = [{ id: 'x' }, { id: 1 }]
    const all = spec.validators.response('listPets', 200)
    const bounded = validators.response('listPets', 200)
    expect(bounded?.(body)).toBe(all?.(body))
    expect(bounded?.errors?.length).toBe(all?.errors?.length)
    expect(bounded?.errors?.length).toBeGreaterThan(1)
  })

  test('a body of 350,000 bad items fails with the first error only', () => {
    const huge = Array.from({ length: 350_000 }, () => [])
    const bounded = validators.response('listPets', 200)
    expect(bounded?.(huge)).toBe(false)
    expect(bounded?.errors).toHaveLength(1)
    expect(bounded?.errors?.[0]?.message).toMatch(/first error only/)
    const pets = Array.from({ length: 20_000 }, (_, id) => ({ id, name: 'Rex', categoryId: 1 }))
    expect(validators.response('listPets', 200)?.(pets)).toBe(true)
  })

  test('nodesUpTo stops counting at the bound', () => {
    expect(nodesUpTo([1, [2, 3], { a: 4 }], 100)).toBe(7)
    expect(
      nodesUpTo(
        Array.from({ length: 1e6 }, () => 0),
        ALL_ERRORS_NODES_MAX,
      ),
    ).toBe(ALL_ERRORS_NODES_MAX)
  })
})
