import { plural } from '../../kit/text/plural.ts'
import type { Exchange } from '../http/exchange.ts'
import { type Check, type ExchangeWatcher, finding, OPERATION_IDS, type OperationName } from './Check.ts'

/**
 * Requests in a row that got no answer within the timeout before the runner asks once more, on a
 * connection of its own: a stalled connection, or one slow request, is not a target that went silent.
 */
export const SILENT_BEFORE_PROBE = 3

/**
 * A hang is a finding, not a run that waits for its deadline (or an outside kill) and reports nothing.
 * The runner ends the run (SILENT_BEFORE_PROBE); this check names the first request unanswered after
 * the last answer. One request or connection that hangs while others are answered is no_server_errors'.
 */
export const serverKeepsAnswering: Check = {
  name: 'server_keeps_answering',
  level: 'required',
  description: () =>
    'The target keeps answering: when requests in a row, and then one on a fresh connection, get no answer within the timeout, the run stops at once and names the request after which the target went silent.',
  operations: OPERATION_IDS,
  needs: [],
  afterAll: true,
  watch(): ExchangeWatcher {
    let lastAnswered: Exchange | undefined
    let silent: Exchange[] = []
    return {
      see(exchange) {
        if (exchange.status !== 0) {
          lastAnswered = exchange
          silent = []
        } else if (exchange.failure === 'timeout') silent.push(exchange)
      },
      outcome() {
        if (!silent.some((exchange) => exchange.request.connection === 'fresh')) return { findings: [] }
        const first = silent.reduce((a, b) => ((b.startedAt ?? 0) < (a.startedAt ?? 0) ? b : a))
        const operation = (first.request.operation ?? 'listPets') as OperationName
        const after = lastAnswered
          ? `after ${lastAnswered.request.method} ${lastAnswered.request.path} was answered ${lastAnswered.status}`
          : 'from the start'
        const received = `no answer ${after}: ${plural(silent.length, 'request')} in a row, the last on a fresh connection, got none; the first of them was ${first.request.method} ${first.request.path}`
        return {
          findings: [
            finding(first, operation, received, 'an answer to every request, on every connection (§4)'),
          ],
        }
      },
    }
  },
  run: async () => ({ findings: [] }),
}
