import { describe, expect, test } from '@jest/globals'
import { findRefCycle } from './findRefCycle.ts'

describe('findRefCycle (on a document dereferenced with the cycles left as $refs)', () => {
  test('a document without $refs left has none', () => {
    const shared = { type: 'string' }
    expect(findRefCycle({ a: shared, b: [shared, shared], c: null })).toBeUndefined()
  })

  test('a schema that refers to itself', () => {
    const document = { components: { schemas: { Tree: { items: { $ref: '#/components/schemas/Tree' } } } } }
    expect(findRefCycle(document)).toStrictEqual({
      chain: ['#/components/schemas/Tree', '#/components/schemas/Tree'],
    })
  })

  test('a chain through several schemas, in the order they refer to each other', () => {
    const document = {
      A: { properties: { b: { $ref: '#/B' } } },
      B: { properties: { c: { $ref: '#/C' } } },
      C: { allOf: [{ $ref: '#/A' }] },
    }
    expect(findRefCycle(document)).toStrictEqual({ chain: ['#/A', '#/B', '#/C', '#/A'] })
  })

  test('pointers with escapes (~1 for /, ~0 for ~, percent-encoding) are followed', () => {
    const document = { paths: { '/a~b c': { get: { x: { $ref: '#/paths/~1a~0b%20c' } } } } }
    expect(findRefCycle(document)).toStrictEqual({ chain: ['#/paths/~1a~0b%20c', '#/paths/~1a~0b%20c'] })
  })

  test('a reference into another file is named as written', () => {
    expect(findRefCycle({ a: { $ref: 'tree.yaml#/Tree' } })).toStrictEqual({ refs: ['tree.yaml#/Tree'] })
  })

  test('a long chain does not overflow the stack', () => {
    const document: Record<string, unknown> = {}
    const length = 20_000
    for (let i = 0; i < length; i++) document[`s${i}`] = { next: { $ref: `#/s${(i + 1) % length}` } }
    const found = findRefCycle(document)
    expect(found && 'chain' in found && found.chain.length).toBe(length + 1)
  })
})
