// JSON in and out without rounding an int64 (JSON.parse's doubles are exact only up to 2^53 - 1).
// The project's one lossless JSON reader notes where each number a double cannot hold sits and its
// source text; callers read it through one of two views:
// - raw digits, for re-serialisation (the mock: `exactValue`, and mocks/core/validateExact.ts which
//   keeps a big literal as JSON.rawJSON, so JSON.stringify writes it back digit for digit);
// - exact bigints, for comparison (the suite, the proxy, the tests' reference server:
//   `parseJsonLossless` + `exactJson`; tests/support/parseJsonBigints.ts builds on them).
// Why this way and not bigint everywhere or a library: decisions/014-int64-exact.md and 015.

/** A value `JSON.stringify` writes as its own text: how the mock holds an integer beyond ±(2^53 - 1). */
export interface RawJson {
  readonly rawJSON: string
}

type Reviver = (this: unknown, key: string, value: unknown, context?: { source?: string }) => unknown
export const json = JSON as unknown as {
  rawJSON?: (text: string) => RawJson
  isRawJSON?: (value: unknown) => boolean
  parse(text: string, reviver?: Reviver): unknown
}

/**
 * Whether this JavaScript engine can keep big integers exactly: JSON.parse source text access and
 * JSON.rawJSON (Node 22+, Chromium 114+). Elsewhere an integer beyond ±(2^53 - 1) is refused (400)
 * rather than rounded.
 */
export const EXACT_JSON_SUPPORTED =
  typeof json.rawJSON === 'function' &&
  json.parse('1', (_key, value, context) => (context?.source === '1' ? value : undefined)) === 1

/** The int64 range (OpenAPI `format: int64`). */
export const INT64_MIN = -(2n ** 63n)
export const INT64_MAX = 2n ** 63n - 1n

/** A number literal JSON.parse could only round, where it sits, and its text. */
export interface BigLiteral {
  holder: Record<string, unknown>
  key: string
  source: string
}

/** Parsed JSON whose values are doubles (what a JSON Schema validator sees) plus the literals they rounded. */
export interface ExactJson {
  value: unknown
  /** Every integer-valued number beyond ±(2^53 - 1) (`9007199254740993`, `1e19`, `9007199254740993.5`). */
  bigLiterals: BigLiteral[]
  /** The text holds a big number too deep for the reviver (which recurses) to read: refused, never rounded. */
  tooDeep?: true
}

/**
 * `JSON.parse` that also notes every number literal a double cannot hold: an integer-valued number
 * beyond ±(2^53 - 1). Throws the SyntaxError `JSON.parse` throws. The common case costs one plain
 * `JSON.parse` and one walk; the source text is read (a second parse with a reviver) only when a big
 * number is there.
 *
 * @example
 * parseExactJson('{"categoryId":9223372036854775807}').bigLiterals[0]?.source // '9223372036854775807'
 */
export function parseExactJson(text: string): ExactJson {
  return readNoted(text, isBigNumber)
}

/**
 * A value as the store keeps it: a bigint becomes a number when it is safe and its exact digits
 * otherwise, so `JSON.stringify` never throws on it and never rounds it. Anything else is unchanged.
 *
 * @example
 * exactValue(9223372036854775807n) // JSON.rawJSON('9223372036854775807')
 */
export function exactValue(value: unknown): unknown {
  if (typeof value !== 'bigint') return value
  if (value >= -BigInt(Number.MAX_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER))
    return Number(value)
  if (!json.rawJSON) throw new RangeError(`${value} cannot be kept exactly in this JavaScript engine`)
  return json.rawJSON(value.toString())
}

/**
 * The exact integer a JSON number literal denotes, or why it is none: `1e3` and `2.0` are integers,
 * `9007199254740993.5` is a fraction (which a double rounds to an integer). Never builds a huge
 * bigint: a literal with more than 19 digits before its point is beyond int64 without computing it.
 *
 * @example
 * exactInteger('9.223372036854775807e18') // 9223372036854775807n
 */
export function exactInteger(source: string): bigint | 'fraction' | 'beyond-int64' {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(source)
  if (!match) return 'fraction'
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match
  let digits = (whole + fraction).replace(/^0+/, '')
  let exponent = Number(exponentText) - fraction.length
  if (digits === '') return 0n
  while (exponent < 0 && digits.endsWith('0')) {
    digits = digits.slice(0, -1)
    exponent++
  }
  if (exponent < 0) return 'fraction'
  if (digits.length + exponent > 19) return 'beyond-int64'
  const magnitude = BigInt(digits) * 10n ** BigInt(exponent)
  const exact = sign === '-' ? -magnitude : magnitude
  return exact < INT64_MIN || exact > INT64_MAX ? 'beyond-int64' : exact
}

/** Integers the plain parse rounded, by the object or array that holds them and the key. */
const EXACT = new WeakMap<object, Map<string, bigint>>()

/** An integer literal as JSON writes one: the only spelling the bigint view reads exactly. */
const INTEGER_LITERAL = /^-?(?:0|[1-9]\d*)$/
/** Only a run of 16 or more digits can be an integer beyond 2^53 (`exactJsonOf`'s shortcut). */
const LONG_DIGITS = /\d{16}/

/**
 * The bigint view: `JSON.parse` (numbers, never bigints: Ajv reads it as any JSON) that remembers the
 * exact value of every integer literal beyond ±(2^53 − 1) for `exactJson`; undefined for text that is
 * not JSON or a big integer nested too deep to read exactly.
 *
 * @example
 * const body = parseJsonLossless('{"categoryId":9007199254740993}') // { categoryId: 9007199254740992 }
 * exactJson(body) // { categoryId: 9007199254740993n }
 */
export function parseJsonLossless(text: string): unknown {
  let read: ExactJson
  try {
    // Without a run of 16 digits no integer literal is beyond 2^53: the plain parse is exact, and
    // costs a fraction of the reviver's (which makes garbage for every value of a 1 MiB body).
    if (!LONG_DIGITS.test(text)) return JSON.parse(text)
    read = readNoted(text, isUnsafeNumber)
  } catch {
    return undefined
  }
  if (read.tooDeep) return undefined
  for (const { holder, key, source } of read.bigLiterals) {
    if (!INTEGER_LITERAL.test(source)) continue
    const fields = EXACT.get(holder) ?? new Map<string, bigint>()
    EXACT.set(holder, fields.set(key, BigInt(source)))
  }
  return read.value
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
  // Its own stack, as `holds` keeps: a body nested 100,000 deep (which JSON.parse reads) must not
  // overflow the call stack of the suite or the proxy judging it.
  const root = emptyLike(value)
  const pending: Array<[from: object, to: Record<string, unknown>]> = [[value, root]]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [from, to] = next
    const exact = EXACT.get(from)
    const copyOf = (key: string | number, item: unknown): unknown => {
      const literal = exact?.get(String(key))
      if (literal !== undefined) return literal
      if (typeof item !== 'object' || item === null) return item
      const copy = emptyLike(item)
      pending.push([item, copy])
      return copy
    }
    if (Array.isArray(from)) {
      // By index and push: a packed array, as `map` made, with no [key, value] pair per item (a
      // 1 MiB array of numbers holds half a million of them).
      const list = to as unknown as unknown[]
      for (let index = 0; index < from.length; index++) list.push(copyOf(index, from[index]))
      continue
    }
    for (const key of Object.keys(from)) {
      const copy = copyOf(key, (from as Record<string, unknown>)[key])
      // A defined property, not an assignment: a parsed `"__proto__"` key is data, not a prototype.
      Object.defineProperty(to, key, { value: copy, writable: true, enumerable: true, configurable: true })
    }
  }
  return root
}

/**
 * One own field of an object or array as `exactJson(value)` gives it (undefined for anything else),
 * without copying all of `value` (a 1 MiB body may be half a million nodes) to read one field.
 *
 * @example
 * exactField(parseJsonLossless('{"id":9007199254740993}'), 'id') // 9007199254740993n
 */
export function exactField(value: unknown, key: string): unknown {
  const object = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
  return EXACT.get(object)?.get(key) ?? (Object.hasOwn(object, key) ? object[key] : undefined)
}

function emptyLike(value: object): Record<string, unknown> {
  return (Array.isArray(value) ? [] : {}) as Record<string, unknown>
}

/**
 * `exactJson(value)` for a value `parseJsonLossless(text)` gave, or `value` itself when `text` holds
 * no run of 16 digits (the parse was exact): for a caller that only reads it (the proxy's judge).
 *
 * @example
 * exactJsonOf(parseJsonLossless(text), text)
 */
export function exactJsonOf(value: unknown, text: string): unknown {
  return LONG_DIGITS.test(text) ? exactJson(value) : value
}

/**
 * Lets `copy` (of a parsed object or array, keeping some keys: keptJson's) give the exact integers
 * of `original` through `exactJson`, for the keys it kept only (it is kept for the whole run).
 *
 * @example
 * copyExact(pet, { ...pet, name: 'cut' })
 */
export function copyExact(original: object, copy: object): void {
  const exact = EXACT.get(original)
  if (exact) EXACT.set(copy, new Map([...exact].filter(([key]) => Object.hasOwn(copy, key))))
}

/**
 * The reader both views share (see parseExactJson); `unsafe` says which numbers a double did not
 * hold: an integer beyond ±(2^53 − 1), and for the bigint view also a literal beyond any double.
 */
function readNoted(text: string, unsafe: (value: unknown) => boolean): ExactJson {
  const value: unknown = JSON.parse(text)
  if (!holds(value, unsafe)) return { value, bigLiterals: [] }
  const noted: BigLiteral[] = []
  let exact: unknown
  try {
    exact = json.parse(text, function (key, parsed, context) {
      // Without source text access (an older engine) the rounded value stands in, and is refused.
      if (unsafe(parsed))
        noted.push({
          holder: this as Record<string, unknown>,
          key,
          source: context?.source ?? String(parsed),
        })
      return parsed
    })
  } catch (error) {
    if (error instanceof RangeError) return { value, bigLiterals: [], tooDeep: true }
    throw error
  }
  return { value: exact, bigLiterals: noted }
}

function isBigNumber(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value)
}

/** A big integer, or a literal beyond any double (JSON.parse gives ±Infinity; the bigint view reads its digits). */
function isUnsafeNumber(value: unknown): boolean {
  return isBigNumber(value) || value === Number.POSITIVE_INFINITY || value === Number.NEGATIVE_INFINITY
}

// The walk keeps its own stack: a body nested 10,000 deep (which JSON.parse reads) must not
// overflow the call stack.
function holds(root: unknown, unsafe: (value: unknown) => boolean): boolean {
  const pending = [root]
  while (pending.length > 0) {
    const value = pending.pop()
    if (typeof value !== 'object' || value === null) {
      if (unsafe(value)) return true
    } else for (const key in value) pending.push((value as Record<string, unknown>)[key])
  }
  return false
}
