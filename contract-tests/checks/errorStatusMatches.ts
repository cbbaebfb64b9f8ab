import { finding } from './Check.ts'
import { everyExchange } from './everyExchange.ts'

/** §7: "The status field repeats the HTTP status code." */
export const errorStatusMatches = everyExchange(
  {
    name: 'error_status_matches',
    level: 'required',
    description: () => 'The status field of every Error body equals the HTTP status code (§7).',
    // Prism mock answers every error with the Error schema's static example (status 404).
    needs: [],
    appliesTo: (exchange) => exchange.status >= 400,
  },
  (exchange) => {
    const status = (exchange.json as { status?: unknown } | undefined)?.status
    if (exchange.status < 400 || typeof status !== 'number' || status === exchange.status) return undefined
    return finding(
      exchange,
      exchange.operation,
      `HTTP ${exchange.status} with Error.status ${status}`,
      'Error.status repeats the HTTP status code (§7)',
    )
  },
)
