// JSON in and out without rounding an int64. JSON.parse turns every number into a double, exact only
// up to 2^53 - 1; the mock keeps a larger integer as its digits (JSON.rawJSON), which JSON.stringify
// writes back unchanged. Why this way and not bigint or a library: decisions/014-int64-exact.md.
import type { ValidateFunction } from 'ajv'
import { describeAjvErrors } from '../../spec/runtime.ts'
import { clip } from './clip.ts'

/** A value `JSON.stringify` writes as its own text: how the mock holds an integer beyond ±(2^53 - 1). */
export interface RawJson {
  readonly rawJSON: string
}

type Reviver = (this: unknown, key: string, value: unknown, context?: { source?: string }) => unknown
const json = JSON as unknown as {
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
 * Validates parsed JSON with `validate` (an Ajv validator sees doubles, as it would after any
 * `JSON.parse`), then checks each big literal on its text: it must be an integer within int64, and
 * is then kept as its exact digits. The value is changed in place and returned.
 *
 * @example
 * validateExact(parseExactJson('{"name":"A","categoryId":9223372036854775807}'), validateNewPet, 'body')
 * // { ok: true, value: { name: 'A', categoryId: JSON.rawJSON('9223372036854775807') } }
 */
export function validateExact(
  parsed: ExactJson,
  validate: ValidateFunction,
  subject: string,
): { ok: true; value: unknown } | { ok: false; message: string } {
  if (!validate(parsed.value)) return { ok: false, message: describeAjvErrors(validate.errors, subject) }
  if (parsed.tooDeep)
    return {
      ok: false,
      message: `${subject} holds an integer beyond ±(2^53 - 1) nested too deeply to read exactly`,
    }
  let value = parsed.value
  // When the whole text is one number, its holder is the reviver's wrapper, outside the value.
  const isWhole = typeof value === 'number'
  for (const literal of parsed.bigLiterals) {
    // The path is looked for only to name a refused field: one walk per refusal, not per literal.
    const where = () =>
      isWhole ? subject : [subject, ...(pathTo(value, literal.holder) ?? []), literal.key].join('/')
    const exact = exactInteger(literal.source)
    if (exact === 'fraction')
      return { ok: false, message: `${where()} must be integer; received ${clip(literal.source)}` }
    if (exact === 'beyond-int64' || !EXACT_JSON_SUPPORTED || !json.rawJSON) {
      const range = EXACT_JSON_SUPPORTED
        ? `${INT64_MIN} to ${INT64_MAX}`
        : '±(2^53 - 1) in this JavaScript engine'
      return {
        ok: false,
        message: `${where()} must be a valid int64 (${range}); received ${clip(literal.source)}`,
      }
    }
    const raw = json.rawJSON(exact.toString())
    if (isWhole) value = raw
    else literal.holder[literal.key] = raw
  }
  return { ok: true, value }
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

/** The keys from `root` down to `holder`, or undefined when `holder` is not inside it. */
function pathTo(root: unknown, holder: object): string[] | undefined {
  // Each node remembers its parent's index, so a deep body costs O(nodes), not O(nodes × depth).
  const nodes: Array<{ value: unknown; key: string; parent: number }> = [{ value: root, key: '', parent: -1 }]
  for (let index = 0; index < nodes.length; index++) {
    const { value } = nodes[index] as { value: unknown }
    if (value === holder) {
      const path: string[] = []
      for (let at = index; at > 0; at = (nodes[at] as { parent: number }).parent)
        path.unshift((nodes[at] as { key: string }).key)
      return path
    }
    if (typeof value === 'object' && value !== null)
      for (const key in value)
        nodes.push({ value: (value as Record<string, unknown>)[key], key, parent: index })
  }
  return undefined
}
