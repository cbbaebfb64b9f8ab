import type { Exchange } from '../exchange.ts'

/**
 * The pets of a list response, or undefined when the body is not an array.
 *
 * @example
 * petsIn(exchange)?.length // 20
 */
export function petsIn(exchange: Exchange): Array<Record<string, unknown>> | undefined {
  return Array.isArray(exchange.json) ? (exchange.json as Array<Record<string, unknown>>) : undefined
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
    ? `${pets.length} items`
    : exchange.text === ''
      ? 'no body'
      : `body ${exchange.text.slice(0, 160)}`
  return `${exchange.status} with ${body}`
}
