// Ids are read as the digits the server wrote: consecutive 64-bit ids that a double reads alike
// stay two ids, whether the body is a pet or a list, and whatever keptJson kept of it.
import { describe, expect, test } from '@jest/globals'
import { parseJsonLossless } from '../../kit/json/exactJson.ts'
import { keptJson } from './keptJson.ts'
import { petIdOf } from './petIdOf.ts'

describe('petIdOf', () => {
  test.each([
    ['a small id', '{"id":7,"name":"Rex"}', '7'],
    ['a snowflake id', '{"id":913714385753477121,"name":"Rex"}', '913714385753477121'],
    ['the int64 minimum', '{"id":-9223372036854775808}', '-9223372036854775808'],
    ['the int64 maximum', '{"id":9223372036854775807}', '9223372036854775807'],
    ['a negative id', '{"id":-2}', '-2'],
  ])('%s', (_name, text, digits) => {
    expect(petIdOf(parseJsonLossless(text))).toBe(digits)
  })

  test('two consecutive snowflake ids of a list stay two ids, in the kept facts too', () => {
    const list = parseJsonLossless('[{"id":913714385753477120},{"id":913714385753477121}]') as unknown[]
    expect(Number((list[0] as { id: number }).id)).toBe(Number((list[1] as { id: number }).id))
    for (const items of [list, keptJson(list) as unknown[]])
      expect(items.map(petIdOf)).toEqual(['913714385753477120', '913714385753477121'])
  })

  test('an id that is not a number, or no pet, has no digits', () => {
    expect(petIdOf({ id: '7' })).toBeUndefined()
    expect(petIdOf(null)).toBeUndefined()
    expect(petIdOf(7)).toBeUndefined()
  })
})
