// Journal exchanges as the unit tests write them: the request's method, target and body beside the
// answer's facts, made into what an edge hands the journal (an ApiRequest).
import { apiRequest } from '../../kit/http/ApiRequest.ts'
import type { Exchange } from '../../kit/journal/journalEntry.ts'

/** An exchange with its request written flat; `keyless` when it carried no Authorization header. */
export type FlatExchange = Omit<Exchange, 'request'> & {
  method: string
  url: string
  body?: string
  keyless?: boolean
}

/**
 * The exchange an edge would hand the journal for a flat one.
 *
 * @example
 * journalRecord(exchangeOf({ method: 'GET', url: '/v1/pets', status: 200, operation: 'listPets' }), redact)
 */
export function exchangeOf({ method, url, body, keyless, ...answer }: FlatExchange): Exchange {
  const header = (name: string) => (keyless ? undefined : { authorization: 'Bearer k' }[name])
  return { ...answer, request: apiRequest({ method, target: url, body, header }) }
}
