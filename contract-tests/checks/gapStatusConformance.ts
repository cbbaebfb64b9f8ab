import { everyExchange } from './everyExchange.ts'
import { undocumentedStatus } from './statusCodeConformance.ts'

/** Where the document is silent (out-of-range limit, unknown status, non-integer petId), the spec documents 400. */
export const gapStatusConformance = everyExchange(
  {
    name: 'gap_status_conformance',
    level: 'recommended',
    because:
      '§7 does not show the answer to these inputs; a status the spec documents is what clients can handle.',
    description: () =>
      'Answers to inputs the interface document is silent on also use statuses the spec documents (e.g. 400, not 422).',
    needs: [],
    // Only the gap requests are judged: an operation that sent none (or got no answer to one) is not a pass.
    appliesTo: (exchange) => exchange.request.kind === 'gap',
  },
  undocumentedStatus,
)
