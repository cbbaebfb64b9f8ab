import { INT64_MAX, INT64_MIN } from './exactJson.ts'

const DIGITS = /^-?\d{1,19}$/

/**
 * Whether `text` is an integer the int64 format holds, -2^63 to 2^63 - 1, read exactly (a `Number`
 * would round 9223372036854775808 into range). The replay and the proxy judge getPet by it: a petId
 * outside it is a value the document leaves open, not a pet to look for.
 *
 * @example
 * isInt64Text('9223372036854775807') // true
 * isInt64Text('9223372036854775808') // false
 */
export function isInt64Text(text: string): boolean {
  if (!DIGITS.test(text)) return false
  const value = BigInt(text)
  return value >= INT64_MIN && value <= INT64_MAX
}
