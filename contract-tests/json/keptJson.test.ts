import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { exactJson, parseJsonLossless } from '../../kit/json/exactJson.ts'
import { KEPT_ITEMS_MAX, KEPT_STRING_MAX, keptJson, NOT_KEPT } from './keptJson.ts'

describe('keptJson: the facts of a body, bounded whatever it holds', () => {
  test('what the checks read is kept as it was, exact integers included', () => {
    const body = parseJsonLossless(
      '[{"id":9007199254740993,"name":"Rex","categoryId":-9223372036854775808,"status":"sold"}]',
    )
    expect(exactJson(keptJson(body))).toEqual(exactJson(body))
  })

  test('any JSON value small enough is kept equal', () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 3 }), (text) => {
        const value = JSON.parse(text)
        expect(keptJson(value)).toEqual(value)
      }),
    )
  })

  test('huge bodies keep a bounded copy: items, long strings and depth are cut', () => {
    const huge = Array.from({ length: 350_000 }, () => [])
    expect(keptJson(huge)).toHaveLength(KEPT_ITEMS_MAX)
    const pet = { id: 1, name: 'x'.repeat(KEPT_STRING_MAX + 1) }
    expect(keptJson(pet)).toEqual({ id: 1, name: NOT_KEPT })
    let deep: unknown = 1
    for (let i = 0; i < 1000; i++) deep = { a: deep }
    expect(JSON.stringify(keptJson(deep)).length).toBeLessThan(100)
    const size = { spent: 0 }
    keptJson(huge, size)
    expect(size.spent).toBeLessThan(KEPT_ITEMS_MAX * 2)
  })
})
