import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { jsonShapeProblem } from './jsonShape.ts'

const wide = { maxDepth: 1000, maxContainers: 1_000_000, maxValues: 1_000_000 }

/** The containers, the deepest nesting and the values and names of parsed JSON, counted by walking it. */
function shapeOf(value: unknown, depth = 0): { depth: number; containers: number; values: number } {
  if (typeof value !== 'object' || value === null) return { depth, containers: 0, values: 1 }
  const children = Array.isArray(value) ? value : Object.values(value)
  const names = Array.isArray(value) ? 0 : children.length
  const shape = { depth: depth + 1, containers: 1, values: 1 + names }
  for (const child of children) {
    const inner = shapeOf(child, depth + 1)
    shape.depth = Math.max(shape.depth, inner.depth)
    shape.containers += inner.containers
    shape.values += inner.values
  }
  return shape
}

describe('jsonShapeProblem', () => {
  test('never counts fewer containers, levels or values than the parsed JSON holds', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value)
        const real = shapeOf(value)
        // Each limit set just below the real count is exceeded; at the real count all fit.
        const exact = { maxDepth: real.depth, maxContainers: real.containers, maxValues: real.values + 1 }
        expect(jsonShapeProblem(text, { ...wide, maxDepth: real.depth })).toBeUndefined()
        if (real.depth > 0)
          expect(jsonShapeProblem(text, { ...wide, maxDepth: real.depth - 1 })).toMatch(/deeper/)
        if (real.containers > 0)
          expect(jsonShapeProblem(text, { ...wide, maxContainers: real.containers - 1 })).toMatch(/objects/)
        expect(jsonShapeProblem(text, { ...wide, maxValues: real.values - 1 })).toMatch(/values/)
        expect(jsonShapeProblem(Buffer.from(text), exact)).toBe(jsonShapeProblem(text, exact))
      }),
    )
  })

  test('brackets, commas and colons inside strings, escaped quotes included, are not structure', () => {
    const text = JSON.stringify({ a: '[[[{,:,:}]]] \\" [[', b: ['"'] })
    expect(jsonShapeProblem(text, { maxDepth: 2, maxContainers: 2, maxValues: 6 })).toBeUndefined()
  })

  test('stops at the first limit passed: a 64 MiB text of empty arrays is refused early', () => {
    const text = `[${'[],'.repeat(200_000)}[]]`
    expect(jsonShapeProblem(text, { maxDepth: 64, maxContainers: 1000, maxValues: 10_000 })).toBe(
      'more than 1000 objects and arrays',
    )
  })
})
