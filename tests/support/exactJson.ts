// The reference server's JSON: integers beyond ±(2^53 − 1) are read as bigint and written back with
// the same digits (Node 24's JSON.parse source text and JSON.rawJSON), so the server never rounds.

type Reviver = (key: string, value: unknown, context: { source?: string }) => unknown
const parseWithSource = JSON.parse as (text: string, reviver: Reviver) => unknown
const rawJson = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON

/**
 * JSON.parse, except that an integer literal beyond the safe range becomes a bigint.
 *
 * @example
 * parseExact('{"categoryId":9007199254740993}') // { categoryId: 9007199254740993n }
 */
export function parseExact(text: string): unknown {
  return parseWithSource(text, (_key, value, context) => {
    if (typeof value !== 'number' || Number.isSafeInteger(value) || !context.source) return value
    return /^-?\d+$/.test(context.source) ? BigInt(context.source) : value
  })
}

/**
 * JSON.stringify, writing a bigint as its exact digits.
 *
 * @example
 * stringifyExact({ categoryId: 9007199254740993n }) // '{"categoryId":9007199254740993}'
 */
export function stringifyExact(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? rawJson(v.toString()) : v))
}
