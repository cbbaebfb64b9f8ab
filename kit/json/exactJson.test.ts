import { describe, expect, test } from '@jest/globals'
import type { ValidateFunction } from 'ajv'
import { validateExact } from '../../mocks/core/validateExact.ts'
import { compileValidators, openApiDocument } from '../../spec/runtime.ts'
import { exactInteger, exactValue, INT64_MAX, INT64_MIN, parseExactJson } from './exactJson.ts'

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
