import { exactValue, json } from './exactJson.ts'

/**
 * JSON text for a value that may hold bigints, written as exact integer literals, so a request can
 * carry an int64 beyond 2^53 as generated. DEL, C1 controls and line/paragraph separators are `\u`
 * escapes (the same JSON), so a report or a shell script never puts them on a terminal raw.
 *
 * @example
 * toJsonText({ name: 'Rex', categoryId: 9223372036854775807n }) // '{"name":"Rex","categoryId":9223372036854775807}'
 */
export function toJsonText(value: unknown): string {
  let text: string
  try {
    text = JSON.stringify(value, exactIntegers)
  } catch (error) {
    // JSON.stringify recurses: an answer nested 100,000 deep (which JSON.parse reads) is quoted in a
    // verdict all the same, written with a stack of its own.
    if (!(error instanceof RangeError)) throw error
    text = withOwnStack(value)
  }
  return text.replace(
    /[\u007f-\u009f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

function exactIntegers(_key: string, item: unknown): unknown {
  return exactValue(item)
}

/** What JSON.stringify writes for a JSON value (as JSON.parse and exactJson give one), without recursing. */
function withOwnStack(root: unknown): string {
  const out: string[] = []
  // Each entry is text to write as it is, or a value to write.
  const pending: Array<{ text: string } | { value: unknown }> = [{ value: root }]
  for (let next = pending.pop(); next; next = pending.pop()) {
    if ('text' in next) {
      out.push(next.text)
      continue
    }
    const { value } = next
    if (typeof value !== 'object' || value === null || json.isRawJSON?.(value)) {
      out.push(JSON.stringify(value, exactIntegers) ?? 'null')
      continue
    }
    const array = Array.isArray(value)
    const parts: Array<{ text: string } | { value: unknown }> = [{ text: array ? '[' : '{' }]
    for (const [key, item] of Object.entries(value)) {
      if (!array && item === undefined) continue
      if (parts.length > 1) parts.push({ text: ',' })
      if (!array) parts.push({ text: `${JSON.stringify(key)}:` })
      parts.push({ value: item })
    }
    parts.push({ text: array ? ']' : '}' })
    for (let index = parts.length - 1; index >= 0; index--)
      pending.push(parts[index] as (typeof parts)[number])
  }
  return out.join('')
}
