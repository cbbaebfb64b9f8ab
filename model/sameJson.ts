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
  // Its own stack: a pet whose field is nested 100,000 deep, read twice, must not overflow the call stack.
  const pending: Array<[unknown, unknown]> = [[a, b]]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [x, y] = next
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) {
      if (sameScalar(x, y)) continue
      return false
    }
    if (Array.isArray(x) !== Array.isArray(y)) return false
    const keysX = Object.keys(x)
    if (keysX.length !== Object.keys(y).length) return false
    const recordX = x as Record<string, unknown>
    const recordY = y as Record<string, unknown>
    for (const key of keysX) {
      if (!Object.hasOwn(recordY, key)) return false
      pending.push([recordX[key], recordY[key]])
    }
  }
  return true
}

/** Two numbers compare as numbers (no bigint made); a bigint only ever holds what a number cannot. */
function sameScalar(x: unknown, y: unknown): boolean {
  if ((typeof x === 'bigint' || typeof y === 'bigint') && isInteger(x) && isInteger(y))
    return BigInt(x) === BigInt(y)
  return Object.is(x, y) || x === y
}

function isInteger(value: unknown): value is number | bigint {
  return typeof value === 'bigint' || Number.isInteger(value)
}
