// JSON in and out without rounding an int64. JSON.parse turns every number into a double, exact only
// up to 2^53 - 1; the mock keeps a larger integer as its digits (JSON.rawJSON), which JSON.stringify
// writes back unchanged. Why this way and not bigint or a library: decisions/014-int64-exact.md.

/** A value `JSON.stringify` writes as its own text: how the mock holds an integer beyond ±(2^53 - 1). */
export interface RawJson {
  readonly rawJSON: string
}

type Reviver = (this: unknown, key: string, value: unknown, context?: { source?: string }) => unknown
export const json = JSON as unknown as {
  rawJSON?: (text: string) => RawJson
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
interface BigLiteral {
  holder: Record<string, unknown>
  key: string
  source: string
}

/** Parsed JSON whose values are doubles (what a JSON Schema validator sees) plus the literals they rounded. */
export interface ExactJson {
  value: unknown
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
  const value: unknown = JSON.parse(text)
  if (!holdsBigNumber(value)) return { value, bigLiterals: [] }
  const bigLiterals: BigLiteral[] = []
  const reread = (reviver: Reviver): unknown => {
    try {
      return json.parse(text, reviver)
    } catch (error) {
      if (error instanceof RangeError) return undefined
      throw error
    }
  }
  const exact = reread(function (key, parsed, context) {
    // Without source text access (an older engine) the rounded value stands in, and is refused.
    if (isBigNumber(parsed))
      bigLiterals.push({
        holder: this as Record<string, unknown>,
        key,
        source: context?.source ?? String(parsed),
      })
    return parsed
  })
  return exact === undefined ? { value, bigLiterals: [], tooDeep: true } : { value: exact, bigLiterals }
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

function isBigNumber(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value)
}

// Both walks keep their own stack: a body nested 10,000 deep (which JSON.parse reads) must not
// overflow the call stack.
function holdsBigNumber(root: unknown): boolean {
  const pending = [root]
  while (pending.length > 0) {
    const value = pending.pop()
    if (typeof value !== 'object' || value === null) {
      if (isBigNumber(value)) return true
    } else for (const key in value) pending.push((value as Record<string, unknown>)[key])
  }
  return false
}
