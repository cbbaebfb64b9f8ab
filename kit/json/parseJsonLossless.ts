// Integers beyond 2^53 read exactly. JSON.parse rounds 9007199254740993 to 9007199254740992, which
// would hide a server that rounds int64 values the same way. Node 24's reviver receives each
// primitive's source text (`context.source`, TC39 "JSON.parse source text access"), so the exact
// value is kept beside the ordinary one: every other check (and Ajv, which has no bigint type) keeps
// reading plain numbers, and the model reads `exactJson(value)`. See decisions/ (int64 read losslessly).

/** Integers the plain parse rounded, by the object or array that holds them and the key. */
const EXACT = new WeakMap<object, Map<string, bigint>>()

const INTEGER_LITERAL = /^-?(?:0|[1-9]\d*)$/
const LONG_DIGITS = /\d{16}/

/**
 * `JSON.parse` that also remembers the exact value of every integer literal beyond ±(2^53 − 1), for
 * `exactJson`. Returns what `JSON.parse` returns (numbers, never bigints), or undefined for empty
 * text or text that is not JSON.
 *
 * @example
 * const body = parseJsonLossless('{"categoryId":9007199254740993}') // { categoryId: 9007199254740992 }
 * exactJson(body) // { categoryId: 9007199254740993n }
 */
export function parseJsonLossless(text: string): unknown {
  if (text.trim() === '') return undefined
  try {
    // Only a run of 16 or more digits can be an integer beyond 2^53: without one, the plain parse is
    // exact, and costs a fraction of the reviver's (which makes garbage for every value of a 1 MiB body).
    if (!LONG_DIGITS.test(text)) return JSON.parse(text)
    return JSON.parse(
      text,
      function (this: object, key: string, value: unknown, context?: { source?: string }) {
        const source = context?.source
        if (
          typeof value === 'number' &&
          !Number.isSafeInteger(value) &&
          source &&
          INTEGER_LITERAL.test(source)
        ) {
          const fields = EXACT.get(this) ?? new Map<string, bigint>()
          EXACT.set(this, fields.set(key, BigInt(source)))
        }
        return value
      },
    )
  } catch {
    return undefined
  }
}

/**
 * A deep copy of a value from `parseJsonLossless` in which every integer beyond ±(2^53 − 1) is the
 * exact bigint that was sent; every other value is as parsed.
 *
 * @example
 * exactJson(parseJsonLossless('[{"id":-9223372036854775808}]')) // [{ id: -9223372036854775808n }]
 */
export function exactJson(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  const exact = EXACT.get(value)
  if (Array.isArray(value)) return value.map((item, index) => exact?.get(String(index)) ?? exactJson(item))
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, exact?.get(key) ?? exactJson(item)]),
  )
}

/**
 * `exactJson(value)` for a value `parseJsonLossless(text)` gave, without the deep copy when `text`
 * holds no run of 16 digits (then the parse was exact already, and `value` itself is returned): for
 * a caller that reads the result and does not change it (the proxy judges every page it forwards).
 *
 * @example
 * exactJsonOf(parseJsonLossless(text), text)
 */
export function exactJsonOf(value: unknown, text: string): unknown {
  return LONG_DIGITS.test(text) ? exactJson(value) : value
}

/**
 * Lets `copy` (a copy of a parsed object or array keeping some of its keys, such as keptJson's) give
 * the same exact integers through `exactJson` as `original`.
 *
 * @example
 * copyExact(pet, { ...pet, name: 'cut' })
 */
export function copyExact(original: object, copy: object): void {
  const exact = EXACT.get(original)
  if (exact) EXACT.set(copy, exact)
}
