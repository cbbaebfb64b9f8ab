import { apiRequestFromUrl } from '../../kit/http/ApiRequest.ts'
import { exactJsonOf, parseJsonLossless } from '../../kit/json/exactJson.ts'
import { trimTrailingSlashes } from '../../kit/text/trimTrailingSlashes.ts'
import { InvariantMemory } from '../../model/InvariantMemory.ts'
import type { InvariantProblem } from '../../model/InvariantProblem.ts'
import { interfaceModelOf } from '../../model/interfaceModel.ts'
import { INVARIANT_NAMES, INVARIANTS, type InvariantName } from '../../model/invariantRules.ts'
import { judgeInvariants } from '../../model/judgeInvariants.ts'
import type { Exchange } from '../http/exchange.ts'
import { type Check, type CheckContext, finding } from './Check.ts'
import { everyExchange } from './everyExchange.ts'

/** What the run's one judge of the invariants found in an exchange (judged once, whichever check asks first). */
type RunInvariants = (exchange: Exchange) => readonly InvariantProblem[]

/** One judge per run: every invariant check reads the same verdicts, from one memory of the store. */
const judges = new WeakMap<CheckContext, RunInvariants>()

/**
 * The run's judge of the invariants (model/judgeInvariants.ts): every exchange, whichever check or
 * phase sent it, routed by the spec's one router and judged once, in the order answers arrive, with
 * one memory of the store (a lower bound: writes in flight cannot make a verdict false).
 */
function runInvariantsOf(context: CheckContext): RunInvariants {
  const known = judges.get(context)
  if (known) return known
  const model = interfaceModelOf(context)
  const memory = new InvariantMemory(model)
  const basePath = trimTrailingSlashes(apiRequestFromUrl('GET', context.baseUrl).path)
  const router = context.router(basePath)
  const verdicts = new WeakMap<Exchange, readonly InvariantProblem[]>()
  const judgeOne = (exchange: Exchange): readonly InvariantProblem[] => {
    if (exchange.status === 0 || exchange.truncated || exchange.request.notJudged) return []
    // The target as sent, parsed once (the suite sends its probes byte for byte).
    const request = apiRequestFromUrl(exchange.request.method, exchange.request.url)
    const route = router.route(request.method, request.path)
    if (route.kind !== 'operation') return []
    return judgeInvariants(
      model,
      memory,
      route.operation.operationId,
      { params: route.params, query: request.query, body: sentBody(exchange.request.body) },
      { status: exchange.status, body: exactJsonOf(exchange.json, exchange.text) },
      `${exchange.request.method} ${exchange.request.path}`,
    )
  }
  const judge: RunInvariants = (exchange) => {
    const found = verdicts.get(exchange) ?? judgeOne(exchange)
    verdicts.set(exchange, found)
    return found
  }
  judges.set(context, judge)
  return judge
}

/**
 * The check of one invariant of the interface (model/invariantRules.ts), judged on every exchange of
 * the run as it arrives, never only on those sent to look for it. Needs a stateful target: a mock
 * answering static examples (Prism) keeps no invariant of a store.
 *
 * @example
 * invariantCheck('page_within_limit') // fails a run whose any listPets 200 held more than its limit
 */
export function invariantCheck(name: InvariantName): Check {
  const rule = INVARIANTS[name]
  return everyExchange(
    {
      name,
      // Every invariant is a sentence of the interface document, so each fails the run.
      level: 'required',
      description: (vocabulary) => rule.sentence(vocabulary),
      operations: rule.operations,
      needs: ['state'],
      // An operation is judged once an answer the invariant reads came back (a 401 holds no page).
      appliesTo: (exchange) => rule.answers.includes(exchange.status),
      unjudged: (operation) =>
        `not judged: no ${operation} request of this run got a ${rule.answers.join(' or ')} answer to judge`,
    },
    // By the run's one judge, with what it has learnt of the store so far: a replayed example broken
    // again is reproduced (a pet that read differently reads differently again).
    (exchange, { run }) => {
      const problem = runInvariantsOf(run)(exchange).find((found) => found.invariant === name)
      return problem && finding(exchange, exchange.operation, problem.received, problem.documented)
    },
  )
}

/** The body a request sent, read exactly (an int64 beyond 2^53 as a bigint), when it is JSON. */
function sentBody(text: string | undefined): unknown {
  const read = text === undefined ? undefined : parseJsonLossless(text)
  return read === undefined ? undefined : exactJsonOf(read, text as string)
}

/** The invariants judged on every exchange by their own checks (error_status_matches is judged per exchange by errorStatusMatches, through the same function). */
export const INVARIANT_CHECKS: readonly Check[] = INVARIANT_NAMES.filter(
  (name) => name !== 'error_status_matches',
).map(invariantCheck)
