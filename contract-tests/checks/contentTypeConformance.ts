import { finding } from './Check.ts'
import { everyExchange } from './everyExchange.ts'

/** §4: request and response bodies are application/json (parameters such as charset allowed). */
export const contentTypeConformance = everyExchange(
  {
    name: 'content_type_conformance',
    level: 'required',
    description: () => 'Every response with a body is application/json (§4), error responses included.',
    needs: [],
  },
  (exchange) => {
    if (exchange.status === 0 || exchange.text === '') return undefined
    const type = exchange.headers.get('content-type') ?? 'none'
    if (/^application\/json\s*(;|$)/i.test(type)) return undefined
    return finding(exchange, exchange.operation, `Content-Type ${type}`, 'Content-Type application/json')
  },
)
