import { finding } from './Check.ts'
import { type ExchangeRule, everyExchange } from './everyExchange.ts'

/** An answer whose status the spec does not document for the operation (a 5xx is no_server_errors's). */
export const undocumentedStatus: ExchangeRule = (exchange, { documented, isDocumented }) =>
  exchange.status >= 500 || isDocumented(exchange.status)
    ? undefined
    : finding(exchange, exchange.operation, `${exchange.status}`, `one of ${documented.join(', ')}`)

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
  (exchange, context) =>
    exchange.request.kind === 'gap' ? undefined : undocumentedStatus(exchange, context),
)
