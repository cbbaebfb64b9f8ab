// The run's exchanges as coverage reads them: the request under the base URL, its body, the status.
import type { Observation } from '../../coverage/coverageOf.ts'
import { trimTrailingSlashes } from '../../kit/text/trimTrailingSlashes.ts'
import type { Exchange } from '../http/exchange.ts'

/**
 * One Observation per exchange whose URL lies under `baseUrl`.
 *
 * @example
 * [...observeExchanges(exchanges, 'http://127.0.0.1:4010/v1')][0]
 * // { method: 'GET', path: '/pets', query: [['limit', '1']], status: 200 }
 */
export function* observeExchanges(exchanges: Iterable<Exchange>, baseUrl: string): Generator<Observation> {
  const base = trimTrailingSlashes(new URL(baseUrl).pathname)
  for (const exchange of exchanges) {
    let url: URL
    try {
      url = new URL(exchange.request.url)
    } catch {
      continue
    }
    if (!url.pathname.startsWith(`${base}/`)) continue
    yield {
      method: exchange.request.method,
      path: url.pathname.slice(base.length),
      query: [...url.searchParams],
      ...(exchange.request.body === undefined ? {} : { body: parseBody(exchange.request.body) }),
      status: exchange.status,
    }
  }
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
