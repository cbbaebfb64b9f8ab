import { isCredentialName } from './isCredentialName.ts'

/** Values found at most: a recording's credentials are few; this bounds the redactor's work on a hostile one. */
const MAX_VALUES = 10_000

/**
 * The values a request holds under credential-like names (`isCredentialName`, as the logs hide
 * them): query values, and every string or number under such a member of a JSON body at any depth,
 * or of a form body; what a report must never show wherever a target echoes it. Never throws.
 *
 * @example
 * credentialValues([['limit', '5'], ['apiKey', 'k-123']], '{"name":"Rex","auth":{"password":"pw1"}}')
 * // ['k-123', 'pw1']
 */
export function credentialValues(
  query: Iterable<readonly [string, string]>,
  body: string | undefined,
): string[] {
  const found: string[] = []
  for (const [name, value] of query) if (value !== '' && isCredentialName(name)) found.push(value)
  if (body === undefined) return found
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    for (const [name, value] of new URLSearchParams(body))
      if (value !== '' && isCredentialName(name)) found.push(value)
    return found.slice(0, MAX_VALUES)
  }
  // Iterative, so a deeply nested body cannot overflow the stack.
  const stack: Array<{ value: unknown; hidden: boolean }> = [{ value: parsed, hidden: false }]
  while (stack.length > 0 && found.length < MAX_VALUES) {
    const { value, hidden } = stack.pop() as { value: unknown; hidden: boolean }
    if (typeof value === 'string' || typeof value === 'number') {
      if (hidden && String(value) !== '') found.push(String(value))
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push({ value: item, hidden })
    } else if (value !== null && typeof value === 'object') {
      for (const [name, item] of Object.entries(value))
        stack.push({ value: item, hidden: hidden || isCredentialName(name) })
    }
  }
  return found.slice(0, MAX_VALUES)
}
