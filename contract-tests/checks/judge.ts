import type { Exchange } from '../http/exchange.ts'
import { type CheckOutcome, finding, type OperationName } from './Check.ts'
import { describeResponse } from './describeResponse.ts'

/**
 * The outcome of a check that sends one request: nothing when it passed, else one finding with
 * "Received" (what came back, unless `received` says it better) and "Documented".
 *
 * @example
 * return judge(exchange, 'getPet', exchange.status === 404, '404 with an Error body')
 */
export function judge(
  exchange: Exchange,
  operation: OperationName,
  passed: boolean,
  documented: string,
  received: string = describeResponse(exchange),
): CheckOutcome {
  const { notJudged } = exchange.request
  if (notJudged) return { findings: [], skipped: { [operation]: `not judged: ${notJudged}` } }
  return { findings: passed ? [] : [finding(exchange, operation, received, documented)] }
}
