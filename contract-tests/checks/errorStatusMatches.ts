import { errorStatusProblem } from '../../model/errorStatusProblem.ts'
import { finding } from './Check.ts'
import { everyExchange } from './everyExchange.ts'

/** §7: "The status field repeats the HTTP status code." The model's invariant, judged on every exchange. */
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
    const problem = errorStatusProblem(exchange.operation, exchange.status, exchange.json)
    return problem && finding(exchange, exchange.operation, problem.received, problem.documented)
  },
)
