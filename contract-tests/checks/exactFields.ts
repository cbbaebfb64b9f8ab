type Reviver = (key: string, value: unknown, context: { source?: string }) => unknown
const parseWithSource = JSON.parse as (text: string, reviver: Reviver) => unknown

/** A JSON number as the exact text the server sent. */
export interface ExactNumber {
  source: string
}

/**
 * The top-level fields of a JSON object with every number as the exact text the server sent
 * (`{ categoryId: { source: '9007199254740993' } }`), so an int64 rounded on the way is seen, not
 * hidden by a JSON.parse that rounds both sides alike, and a number sent as a string stays a string.
 * Undefined when the text is not a JSON object.
 *
 * @example
 * exactFields('{"id":1,"name":"Rex"}') // { id: { source: '1' }, name: 'Rex' }
 */
export function exactFields(text: string): Record<string, unknown> | undefined {
  try {
    const value = parseWithSource(text, (_key, v, context) =>
      typeof v === 'number' ? ({ source: context.source ?? String(v) } satisfies ExactNumber) : v,
    )
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

/**
 * Whether a number from `exactFields` equals the submitted digits as a value (`1e2` equals `100`),
 * compared exactly for integers of any size; a string is never equal.
 *
 * @example
 * sameNumber({ source: '9007199254740992' }, '9007199254740993') // false
 */
export function sameNumber(received: unknown, sent: string): boolean {
  const source = (received as Partial<ExactNumber> | undefined)?.source
  if (typeof received !== 'object' || typeof source !== 'string') return false
  const integer = /^-?\d+$/
  if (integer.test(source) && integer.test(sent)) return BigInt(source) === BigInt(sent)
  return Number(source) === Number(sent)
}
