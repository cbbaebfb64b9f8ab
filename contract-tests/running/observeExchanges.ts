import type { Observation } from '../../coverage/coverageOf.ts'
import { apiRequestFromUrl } from '../../kit/http/ApiRequest.ts'
import { parseJsonLossless } from '../../kit/json/exactJson.ts'
import { trimTrailingSlashes } from '../../kit/text/trimTrailingSlashes.ts'
import type { Exchange } from '../http/exchange.ts'

/**
 * The run's exchanges as coverage reads them: one Observation (the request under the base URL, its
 * body, the status) per exchange whose URL lies under `baseUrl`.
 *
 * @example
 * [...observeExchanges(exchanges, 'http://127.0.0.1:4010/v1')][0]
 * // { method: 'GET', path: '/pets', query: [['limit', '1']], status: 200 }
 */
export function* observeExchanges(exchanges: Iterable<Exchange>, baseUrl: string): Generator<Observation> {
  const base = trimTrailingSlashes(apiRequestFromUrl('GET', baseUrl).path)
  for (const exchange of exchanges) {
    // The target as sent (the suite sends its probes byte for byte), parsed once.
    const request = apiRequestFromUrl(exchange.request.method, exchange.request.url)
    if (!request.path.startsWith(`${base}/`)) continue
    yield {
      method: request.method,
      path: request.path.slice(base.length),
      query: [...request.query],
      ...(exchange.request.body === undefined ? {} : { body: parseJsonLossless(exchange.request.body) }),
      status: exchange.status,
    }
  }
}
