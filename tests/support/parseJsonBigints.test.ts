import { describe, expect, test } from '@jest/globals'
import { exactJson, INT64_MAX, parseJsonLossless } from '../../kit/json/exactJson.ts'
import { parseJsonBigints } from './parseJsonBigints.ts'

describe('parseJsonBigints', () => {
  test('reads what the product bigint view reads, at the same place', () => {
    const text = '{"a":[1,9007199254740993],"b":{"c":-9223372036854775808},"d":9007199254740993.5}'
    expect(parseJsonBigints(text)).toEqual(exactJson(parseJsonLossless(text)))
    expect(parseJsonBigints(text)).toEqual({
      a: [1, 9007199254740993n],
      b: { c: -9223372036854775808n },
      d: 9007199254740994,
    })
  })

  test('a big integer too deep is refused, never rounded', () => {
    const deep = (inner: string) => `${'['.repeat(20_000)}${inner}${']'.repeat(20_000)}`
    expect(() => parseJsonBigints(deep('9223372036854775807'))).toThrow(RangeError)
  })

  test('is JSON.parse with exact bigints, throwing where JSON.parse throws', () => {
    expect(parseJsonBigints('9223372036854775807')).toBe(INT64_MAX)
    expect(parseJsonBigints(` 1${'0'.repeat(400)} `)).toBe(10n ** 400n)
    expect(parseJsonBigints('9007199254740991')).toBe(9007199254740991)
    expect(parseJsonBigints('{"":-9007199254740993}')).toEqual({ '': -9007199254740993n })
    expect(parseJsonBigints('[1.5,2]')).toEqual([1.5, 2])
    expect(() => parseJsonBigints('{"a":')).toThrow(SyntaxError)
    expect(() => parseJsonBigints('')).toThrow(SyntaxError)
  })
})
