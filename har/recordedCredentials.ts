import { apiRequestFromUrl } from '../kit/http/ApiRequest.ts'
import { credentialValues } from '../kit/secrets/credentialValues.ts'
import type { HarExchange } from './readHar.ts'

/**
 * Every credential-like value a recording's requests hold (`credentialValues`: the query values and
 * body fields the mock's and the proxy's logs hide), so what a replay prints and writes can hide
 * them wherever they appear. Each URL is read as `harObservations` and the replay read it.
 *
 * @example
 * recordedCredentials([{ method: 'GET', url: 'http://h/v1/pets?apiKey=k-123', status: 200 }]) // ['k-123']
 */
export function recordedCredentials(exchanges: readonly HarExchange[]): string[] {
  const values = exchanges.flatMap(({ method, url, body }) =>
    credentialValues(apiRequestFromUrl(method, url).query, body),
  )
  return [...new Set(values)]
}
