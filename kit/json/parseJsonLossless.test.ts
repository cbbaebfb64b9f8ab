import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { exactJson, parseJsonLossless } from './parseJsonLossless.ts'
import { toJsonText } from './toJsonText.ts'

const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n }

describe('parseJsonLossless', () => {
  test.each([
    ['9007199254740993', 9007199254740993n],
    ['-9223372036854775808', -(2n ** 63n)],
    ['9223372036854775807', 2n ** 63n - 1n],
    ['9007199254740992', 2n ** 53n],
  ])('%s reads exactly through exactJson, and as the rounded number otherwise', (literal, exact) => {
    const parsed = parseJsonLossless(`{"categoryId":${literal},"list":[${literal}]}`)
    expect(parsed).toEqual(JSON.parse(`{"categoryId":${literal},"list":[${literal}]}`))
    expect(exactJson(parsed)).toEqual({ categoryId: exact, list: [exact] })
  })

  test('safe integers, fractions and exponents stay numbers', () => {
    const parsed = parseJsonLossless('{"a":9007199254740991,"b":1.5,"c":1e21,"d":-0}')
    expect(exactJson(parsed)).toEqual({ a: 9007199254740991, b: 1.5, c: 1e21, d: -0 })
  })

  test('empty text and text that is not JSON give undefined', () => {
    expect(parseJsonLossless('')).toBeUndefined()
    expect(parseJsonLossless('{"a":')).toBeUndefined()
  })

  test('any int64 survives toJsonText then parseJsonLossless exactly (a plain JSON.parse does not)', () => {
    fc.assert(
      fc.property(fc.bigInt(INT64), fc.string(), (categoryId, name) => {
        const text = toJsonText({ name, categoryId })
        const exact = exactJson(parseJsonLossless(text)) as { categoryId: unknown; name: string }
        expect(BigInt(exact.categoryId as bigint | number)).toBe(categoryId)
        expect(exact.name).toBe(name)
      }),
    )
    expect(BigInt(JSON.parse(toJsonText({ id: 2n ** 53n + 1n })).id)).not.toBe(2n ** 53n + 1n)
  })
})
