import { finding } from './Check.ts'
import { everyExchange } from './everyExchange.ts'

/**
 * The status of every answer to a request the interface document decides is one the spec documents
 * for the operation. Answers to inputs it is silent on (`kind: 'gap'`) are judged only by
 * gap_status_conformance, at the recommended level: 422 or a clamp are legitimate there.
 */
export const statusCodeConformance = everyExchange(
  {
    name: 'status_code_conformance',
    level: 'required',
    description: () =>
      'Every answer to a request the interface document decides uses a status the spec documents for the operation.',
    needs: [],
  },
  (exchange, { documented, isDocumented }) => {
    if (exchange.request.kind === 'gap' || exchange.status >= 500) return undefined
    if (isDocumented(exchange.status)) return undefined
    return finding(exchange, exchange.operation, `${exchange.status}`, `one of ${documented.join(', ')}`)
  },
)
