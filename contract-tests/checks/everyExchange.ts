import { isDocumentedStatus, type SpecValidators } from '../../spec/runtime.ts'
import { EXAMPLES_MAX, FindingGroups } from '../base/FindingGroups.ts'
import type { SuiteVocabulary } from '../base/SuiteVocabulary.ts'
import { arazzoSteps } from '../http/arazzoSteps.ts'
import type { Exchange, ProbeRequest } from '../http/exchange.ts'
import {
  type Check,
  type CheckContext,
  type ExchangeWatcher,
  type Finding,
  type Need,
  OPERATION_IDS,
  type OperationName,
} from './Check.ts'

/** What a rule over one exchange may read besides the exchange. */
export interface ExchangeRuleContext {
  validators: SpecValidators
  /** What the suite knows of the document: its limits, statuses, where a pet lives. */
  vocabulary: SuiteVocabulary
  /** The response keys the spec documents for the exchange's operation (`200`, `4XX`, `default`), for messages. */
  documented: string[]
  /** Whether the spec documents this status for the operation (exact, range or `default`: `isDocumentedStatus`). */
  isDocumented(status: number): boolean
  capabilities: ReadonlySet<Need>
  /** The run's context, for a rule that judges with what the run has learnt (invariantChecks.ts). */
  run: CheckContext
}

export type ExchangeRule = (
  exchange: Exchange & { operation: OperationName },
  context: ExchangeRuleContext,
) => Finding | undefined

/**
 * A check that judges every exchange of the run as it arrives, while its body is whole, whichever
 * check sent it. Findings are grouped per operation: a count and the first EXAMPLES_MAX distinct ones
 * (the same fault on twenty requests is one thing to fix). An operation none of whose exchanges could
 * be judged is skipped, not passed, with why (no answer, or none the rule applies to).
 *
 * @example
 * export const noServerErrors = everyExchange({ name: 'no_server_errors', ... }, (exchange) =>
 *   exchange.status >= 500 ? finding(exchange, exchange.operation, '500', 'no 5xx') : undefined)
 */
export function everyExchange(
  check: Omit<Check, 'run' | 'afterAll' | 'operations' | 'watch'> & {
    operations?: readonly OperationName[]
    /** The rule judges truncated bodies too (others skip them: a body cut at the cap cannot be parsed). */
    readsTruncated?: boolean
    /** The rule judges requests that got no answer (status 0) too; for the others they are not judged. */
    readsUnanswered?: boolean
    /** The exchanges the rule is about (all by default): an operation with none of them is not judged. */
    appliesTo?: (exchange: Exchange) => boolean
    /** Why an operation none of whose answers the rule applies to is not judged (a generic reason by default). */
    unjudged?: (operation: OperationName) => string
  },
  rule: ExchangeRule,
): Check {
  const { readsTruncated, readsUnanswered, appliesTo, unjudged, ...named } = check
  const operations = check.operations ?? OPERATION_IDS
  const ruleContextsOf = (context: CheckContext) =>
    new Map(
      operations.map((op) => {
        const spec = context.vocabulary.operations.get(op)
        const ruleContext: ExchangeRuleContext = {
          validators: context.validators,
          vocabulary: context.vocabulary,
          documented: Object.keys(spec?.responses ?? {}),
          isDocumented: (status: number) => spec !== undefined && isDocumentedStatus(spec, status),
          capabilities: context.capabilities,
          run: context,
        }
        return [op, ruleContext]
      }),
    )
  const examples = exampleRequests()
  const watch = (context: CheckContext): ExchangeWatcher => {
    const groups = new FindingGroups()
    const judged = new Set<OperationName>()
    const unanswered = new Map<OperationName, number>()
    const ruleContexts = ruleContextsOf(context)
    examples.start(context)
    return {
      see(exchange) {
        const operation = exchange.request.operation
        if (!operation || !operations.includes(operation) || exchange.request.notJudged) return
        if (exchange.status === 0 && !readsUnanswered) {
          unanswered.set(operation, (unanswered.get(operation) ?? 0) + 1)
          return
        }
        if (exchange.truncated && !readsTruncated) return
        if (appliesTo && !appliesTo(exchange)) return
        judged.add(operation)
        const found = rule({ ...exchange, operation }, ruleContexts.get(operation) as ExchangeRuleContext)
        if (!found) return
        groups.add(found)
        examples.keep(context, found, exchange)
      },
      outcome() {
        // An operation with no exchange to judge is not a pass (a read-only run sends no createPet;
        // a target that drips its bodies past the timeout answers nothing to judge).
        const skipped = Object.fromEntries(
          operations
            .filter((op) => !judged.has(op))
            .map((op) => {
              const lost = unanswered.get(op) ?? 0
              return [
                op,
                lost > 0
                  ? `not judged: no ${op} request got an answer to judge (${lost} timed out or failed: see no_server_errors)`
                  : (unjudged?.(op) ?? `not judged: no ${op} response this check applies to`),
              ]
            }),
        )
        return { ...groups.outcome(), skipped }
      },
    }
  }
  return {
    ...named,
    operations,
    afterAll: true,
    watch,
    run: runWatched(watch),
    reproduce: (context, found) =>
      examples.reproduce(context, found, (again) => {
        const operation = again.request.operation
        if (!operation || (again.truncated && !readsTruncated)) return undefined
        if (appliesTo && !appliesTo(again)) return false
        const ruleContext = ruleContextsOf(context).get(operation) as ExchangeRuleContext
        return rule({ ...again, operation }, ruleContext) !== undefined
      }),
  }
}

/**
 * The request behind each finding a watching check keeps as an example (not its answer: a body may be
 * 1 MiB), to send again before it is reported (`Check.reproduce`): FindingGroups keeps the first
 * EXAMPLES_MAX distinct messages of each operation, so the first request of each of those is the one
 * its example saw. A request that got no answer is not kept: each replay could cost the whole timeout.
 * Another check's credential probe (a second Authorization, a `bearer` spelling) is first sent with
 * the run's key alone: when the failure comes back, that request is the example, and the finding's.
 *
 * @example
 * const examples = exampleRequests() // watch: examples.start(context); see: examples.keep(context, found, exchange)
 * await examples.reproduce(context, found, (again) => rule(again) !== undefined) // true, false or undefined
 */
export function exampleRequests() {
  const byRun = new WeakMap<CheckContext, Map<string, ProbeRequest>>()
  const tried = new WeakSet<ProbeRequest>()
  // Nothing to judge: no answer (status 0), the create budget spent, or the deadline.
  const send = async (context: CheckContext, request: ProbeRequest) => {
    const again = await context.send(request).catch(() => undefined)
    return again?.status ? again : undefined
  }
  return {
    start(context: CheckContext): void {
      byRun.set(context, new Map())
    },
    keep(context: CheckContext, found: Finding, exchange: Exchange): void {
      const sent = byRun.get(context)
      const key = replayKey(found)
      if (!sent || exchange.status === 0 || sent.has(key)) return
      if ([...sent.keys()].filter((k) => k.startsWith(`${found.operation}\n`)).length < EXAMPLES_MAX)
        sent.set(key, exchange.request)
    },
    /** The example's request sent again and judged: undefined when there is none, or nothing came back to judge. */
    async reproduce(context: CheckContext, found: Finding, judge: (again: Exchange) => boolean | undefined) {
      const sent = byRun.get(context)
      const request = sent?.get(replayKey(found))
      if (!sent || !request?.operation) return undefined
      const { authorization, headers: _, ...plain } = request
      const first = authorization && !tried.has(request) ? await send(context, plain) : undefined
      tried.add(request)
      if (first && judge(first)) {
        sent.set(replayKey(found), plain)
        Object.assign(found, { curl: first.curl, steps: arazzoSteps([first], found.expected ?? '') })
        return true
      }
      const again = await send(context, request)
      return again && judge(again)
    },
  }
}

/** A finding's operation and what its message and the example kept of it (cut at EXAMPLE_TEXT_MAX) begin with. */
function replayKey(found: Finding): string {
  return `${found.operation}\n${found.message.slice(0, 500)}`
}

/**
 * A watching check's `run`, for a hand-made context: its watcher fed the exchanges logged so far.
 *
 * @example
 * const check = { ..., watch, run: runWatched(watch) }
 */
export function runWatched(watch: (context: CheckContext) => ExchangeWatcher): Check['run'] {
  return async (context) => {
    const watcher = watch(context)
    for (const exchange of context.exchanges) watcher.see(exchange)
    return watcher.outcome()
  }
}
