import { exactJsonOf, parseJsonLossless } from '../../kit/json/exactJson.ts'

/** An integer literal as JSON writes one: the only spelling read as a bigint. */
const INTEGER_LITERAL = /^-?(?:0|[1-9]\d*)$/

/**
 * The bigint view in place, for code that holds the exact values itself (the tests' reference
 * server): `JSON.parse`, except that an integer literal beyond ±(2^53 − 1) becomes its bigint.
 * Throws what `JSON.parse` throws, and a RangeError for a big integer nested too deep to read. Built
 * on the product's one lossless reader (kit/json/exactJson.ts), so the two cannot read a number
 * differently; it lives here because only the tests need values as bigints in place.
 *
 * @example
 * parseJsonBigints('{"categoryId":9007199254740993}') // { categoryId: 9007199254740993n }
 */
export function parseJsonBigints(text: string): unknown {
  // The plain parse first: it throws the SyntaxError the lossless reader would turn into undefined.
  const plain: unknown = JSON.parse(text)
  // A root that is a number is the text's only literal: its digits are the text itself.
  if (typeof plain === 'number') {
    const source = text.trim()
    return !Number.isSafeInteger(plain) && INTEGER_LITERAL.test(source) ? BigInt(source) : plain
  }
  const lossless = parseJsonLossless(text)
  if (lossless === undefined) throw new RangeError('a big integer is nested too deeply to read exactly')
  return exactJsonOf(lossless, text)
}
