import { plural } from '../../kit/text/plural.ts'
import { visible } from '../../kit/text/visible.ts'
import type { Exchange } from '../http/exchange.ts'

/**
 * The pets of a list response, or undefined when the body is not an array.
 *
 * @example
 * petsIn(exchange)?.length // 3
 */
export function petsIn(exchange: Exchange): Array<Record<string, unknown>> | undefined {
  return Array.isArray(exchange.json) ? (exchange.json as Array<Record<string, unknown>>) : undefined
}

/**
 * How many items a list response held (all of them, when the kept facts hold only the first).
 *
 * @example
 * countIn(exchange) // 350000
 */
export function countIn(exchange: Exchange): number | undefined {
  return exchange.items ?? petsIn(exchange)?.length
}

/**
 * A short description of what came back, for "Received:".
 *
 * @example
 * describeResponse(exchange) // '200 with 25 items'
 */
export function describeResponse(exchange: Exchange): string {
  if (exchange.status === 0) return `no response (${exchange.error})`
  const pets = petsIn(exchange)
  const body = pets
    ? plural(countIn(exchange) ?? pets.length, 'item')
    : exchange.truncated
      ? `a body ${exchange.truncated.why} (not judged; see body_within_cap): ${excerpt(exchange.text)}`
      : exchange.text === ''
        ? 'no body'
        : `body ${excerpt(exchange.text)}`
  return `${exchange.status} with ${body}`
}

/**
 * The start of a body the target sent, on one line: line breaks and other control characters are
 * shown escaped, so a body can neither drive the terminal nor pose as lines of the report.
 *
 * @example
 * excerpt('{"a":\n1}') // '{"a":\\n1}'
 */
export function excerpt(text: string, max = 160): string {
  return `${visible(text.slice(0, max), { singleLine: true })}${text.length > max ? '…' : ''}`
}
