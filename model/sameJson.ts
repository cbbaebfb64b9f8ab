/**
 * Exact equality of two JSON values as `exactJson` gives them: an integer is equal to another of the
 * same value whether it is a number or a bigint; strings compare code unit by code unit (a server
 * that trims or normalises a name changes it); objects compare key by key, in any order.
 *
 * @example
 * sameJson({ categoryId: 9007199254740993n }, { categoryId: 9007199254740992 }) // false
 * sameJson({ a: 1, b: 'x' }, { b: 'x', a: 1n }) // true
 */
export function sameJson(a: unknown, b: unknown): boolean {
  // Two numbers compare as numbers (no bigint made); a bigint only ever holds what a number cannot.
  if (typeof a === 'number' && typeof b === 'number') return Object.is(a, b) || a === b
  if (isInteger(a) && isInteger(b)) return BigInt(a) === BigInt(b)
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return Object.is(a, b)
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  if (keysA.length !== keysB.length) return false
  const recordB = b as Record<string, unknown>
  return keysA.every(
    (key) => Object.hasOwn(recordB, key) && sameJson((a as Record<string, unknown>)[key], recordB[key]),
  )
}

function isInteger(value: unknown): value is number | bigint {
  return typeof value === 'bigint' || Number.isInteger(value)
}
