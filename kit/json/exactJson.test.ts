import { describe, expect, test } from '@jest/globals'
import type { ValidateFunction } from 'ajv'
import fc from 'fast-check'
import { validateExact } from '../../mocks/core/validateExact.ts'
import { compileValidators, openApiDocument } from '../../spec/runtime.ts'
import {
  copyExact,
  exactField,
  exactInteger,
  exactJson,
  exactValue,
  INT64_MAX,
  INT64_MIN,
  parseExactJson,
  parseJsonLossless,
} from './exactJson.ts'
import { toJsonText } from './toJsonText.ts'

const validators = compileValidators(openApiDocument)
const anything = (() => true) as unknown as ValidateFunction
const roundTrip = (text: string, validate = anything) => {
  const checked = validateExact(parseExactJson(text), validate, 'body')
  return checked.ok ? JSON.stringify(checked.value) : checked.message
}

describe('exactInteger', () => {
  test.each([
    ['9223372036854775807', INT64_MAX],
    ['-9223372036854775808', INT64_MIN],
    ['9007199254740993', 9007199254740993n],
    ['9.223372036854775807e18', INT64_MAX],
    ['92233720368547758070e-1', INT64_MAX],
    ['9007199254740993.000', 9007199254740993n],
    ['1e3', 1000n],
    ['-0', 0n],
    ['0.0', 0n],
    ['9223372036854775808', 'beyond-int64'],
    ['-9223372036854775809', 'beyond-int64'],
    ['1e19', 'beyond-int64'],
    ['1e999999999', 'beyond-int64'],
    ['9007199254740993.5', 'fraction'],
    ['1e-1', 'fraction'],
  ] as const)('%s is %s', (source, want) => {
    expect(exactInteger(source)).toBe(want)
  })
})

describe('parseExactJson and validateExact', () => {
  test('text without a big number is parsed once and notes nothing', () => {
    expect(
      parseExactJson('{"name":"Rex","categoryId":9007199254740991,"tags":[1.5,-2]}').bigLiterals,
    ).toEqual([])
  })

  test.each([
    ['a field', '{"categoryId":9223372036854775807}'],
    ['an array element deep inside', '{"a":{"b":[1,-9223372036854775808]}}'],
    ['the whole text', '9223372036854775807'],
    ['a field named with the empty string', '{"":-9007199254740993}'],
  ])('keeps a big integer in %s digit for digit', (_where, text) => {
    expect(roundTrip(text)).toBe(text)
  })

  test('a spelling of an int64 other than its digits is kept as its digits', () => {
    expect(roundTrip('[9.223372036854775807e18,9007199254740993.0]')).toBe(
      '[9223372036854775807,9007199254740993]',
    )
  })

  test.each([
    ['{"categoryId":9223372036854775808}', 'body/categoryId must be a valid int64'],
    ['{"a":[0,{"b":-9223372036854775809}]}', 'body/a/1/b must be a valid int64'],
    ['{"categoryId":9007199254740993.5}', 'body/categoryId must be integer'],
    ['1e19', 'body must be a valid int64'],
  ])('%s is refused: %s', (text, message) => {
    expect(roundTrip(text)).toContain(message)
  })

  test('the validator sees doubles and judges first: types and required fields as any JSON.parse gives them', () => {
    expect(roundTrip('{"categoryId":9223372036854775807}', validators.schema('NewPet'))).toBe(
      "body must have required property 'name'",
    )
    expect(roundTrip('{"name":"A","categoryId":9223372036854775807}', validators.schema('NewPet'))).toBe(
      '{"name":"A","categoryId":9223372036854775807}',
    )
  })

  test('a big number nested deeper than the reviver can go is refused, never rounded', () => {
    const text = `${'['.repeat(20_000)}9223372036854775807${']'.repeat(20_000)}`
    expect(roundTrip(text)).toBe('body holds an integer beyond ±(2^53 - 1) nested too deeply to read exactly')
  })

  test('a deep body without big numbers is read as JSON.parse reads it', () => {
    const text = `${'['.repeat(20_000)}1${']'.repeat(20_000)}`
    expect(validateExact(parseExactJson(text), anything, 'body')).toMatchObject({ ok: true })
  })
})

describe('exactValue', () => {
  test('a safe bigint becomes a number, a larger one its digits; other values are unchanged', () => {
    expect(exactValue(7n)).toBe(7)
    expect(JSON.stringify(exactValue(INT64_MIN))).toBe('-9223372036854775808')
    expect(exactValue('7')).toBe('7')
  })
})

const INT64 = { min: INT64_MIN, max: INT64_MAX }

describe('parseJsonLossless and exactJson: the bigint view', () => {
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

  test('exactField reads one field as exactJson would, without copying the value', () => {
    const pet = parseJsonLossless('{"id":9007199254740993,"name":"Rex"}')
    expect(exactField(pet, 'id')).toBe(9007199254740993n)
    expect(exactField(pet, 'name')).toBe('Rex')
    for (const [value, key] of [
      [pet, 'toString'],
      ['text', 'length'],
      [null, 'id'],
      [undefined, 'id'],
    ] as const)
      expect(exactField(value, key)).toBeUndefined()
  })

  test('copyExact gives a copy the exact integers of the keys it holds, not all of the original', () => {
    const page = parseJsonLossless(`[${Array(1_000).fill('9007199254740993').join(',')}]`) as unknown[]
    const kept = page.slice(0, 2)
    copyExact(page, kept)
    expect(exactJson(kept)).toEqual([9007199254740993n, 9007199254740993n])
    // The other 998 were not copied with it (a kept page is held for the whole run).
    kept.push(page[2])
    expect(exactJson(kept)).toEqual([9007199254740993n, 9007199254740993n, 9007199254740992])
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

/** The value at the bottom of nested one-item arrays (Jest's deep equality recurses, and would overflow). */
function innermost(value: unknown): unknown {
  let at = value
  for (let depth = 0; Array.isArray(at) && depth < 100_000; depth++) at = at[0]
  return at
}

describe('one reader, two views', () => {
  test('the raw view notes what the bigint view reads exactly, at the same place', () => {
    const text = '{"a":[1,9007199254740993],"b":{"c":-9223372036854775808},"d":9007199254740993.5}'
    const raw = parseExactJson(text)
    expect(raw.bigLiterals.map((literal) => `${literal.key}=${literal.source}`)).toEqual([
      '1=9007199254740993',
      'c=-9223372036854775808',
      'd=9007199254740993.5',
    ])
    // The fraction is no integer literal: the bigint view leaves it the rounded double.
    expect(exactJson(parseJsonLossless(text))).toEqual({
      a: [1, 9007199254740993n],
      b: { c: -9223372036854775808n },
      d: 9007199254740994,
    })
  })

  test('an integer literal beyond any double: Infinity to the mock (Ajv refuses it), its digits to the bigint view', () => {
    const digits = `1${'0'.repeat(400)}`
    expect(parseExactJson(`{"a":${digits}}`).bigLiterals).toEqual([])
    expect(exactJson(parseJsonLossless(`{"a":${digits}}`))).toEqual({ a: BigInt(digits) })
    expect(parseExactJson('{"a":1e400}').value).toEqual({ a: Number.POSITIVE_INFINITY })
  })

  test('a deep body is read as JSON.parse reads it by every view; a big integer too deep is refused, never rounded', () => {
    const deep = (inner: string) => `${'['.repeat(20_000)}${inner}${']'.repeat(20_000)}`
    // 16 digits, safe: nothing to read exactly, so the depth is no problem for either view.
    expect(innermost(parseJsonLossless(deep('1234567890123456')))).toBe(1234567890123456)
    expect(parseExactJson(deep('1e400')).tooDeep).toBeUndefined()
    expect(parseJsonLossless(deep('9223372036854775807'))).toBeUndefined()
    expect(parseExactJson(deep('9223372036854775807')).tooDeep).toBe(true)
  })
})
