import { isDocumentedStatus, operationById, type SpecValidators } from '../../spec/runtime.ts'
import { type Check, type Finding, type Need, OPERATION_IDS, type OperationName } from '../Check.ts'
import type { Exchange } from '../exchange.ts'

/** What a rule over one exchange may read besides the exchange. */
export interface ExchangeRuleContext {
  validators: SpecValidators
  /** The response keys the spec documents for the exchange's operation (`200`, `4XX`, `default`), for messages. */
  documented: string[]
  /** Whether the spec documents this status for the operation (exact, range or `default`: `isDocumentedStatus`). */
  isDocumented(status: number): boolean
  capabilities: ReadonlySet<Need>
}

export type ExchangeRule = (
  exchange: Exchange & { operation: OperationName },
  context: ExchangeRuleContext,
) => Finding | undefined

/**
 * A check that judges every exchange of the run, whichever check sent it (these run after all the
 * others), so every response the suite provokes is held to the spec. One finding per operation and
 * message is kept: the same fault on twenty requests is one thing to fix. An operation none of whose
 * exchanges could be judged is reported as skipped, not passed.
 *
 * @example
 * export const noServerErrors = everyExchange({ name: 'no_server_errors', ... }, (exchange) =>
 *   exchange.status >= 500 ? finding(exchange, exchange.operation, '500', 'no 5xx') : undefined)
 */
export function everyExchange(
  check: Omit<Check, 'run' | 'afterAll' | 'operations'> & {
    operations?: readonly OperationName[]
    /** The rule judges truncated bodies too (others skip them: a body cut at the cap cannot be parsed). */
    readsTruncated?: boolean
    /** The exchanges the rule is about (all by default): an operation with none of them is not judged. */
    appliesTo?: (exchange: Exchange) => boolean
  },
  rule: ExchangeRule,
): Check {
  const { readsTruncated, appliesTo, ...named } = check
  const operations = check.operations ?? OPERATION_IDS
  return {
    ...named,
    operations,
    afterAll: true,
    async run(context) {
      const findings: Finding[] = []
      const reported = new Set<string>()
      const judged = new Set<OperationName>()
      const operationFor = new Map(operations.map((op) => [op, operationById(context.document, op)]))
      for (const exchange of context.exchanges) {
        const operation = exchange.request.operation
        if (!operation || !operations.includes(operation) || exchange.request.notJudged) continue
        if (exchange.truncated && !readsTruncated) continue
        if (appliesTo && !appliesTo(exchange)) continue
        judged.add(operation)
        const spec = operationFor.get(operation)
        const ruleContext = {
          validators: context.validators,
          documented: Object.keys(spec?.responses ?? {}),
          isDocumented: (status: number) => spec !== undefined && isDocumentedStatus(spec, status),
          capabilities: context.capabilities,
        }
        const found = rule({ ...exchange, operation }, ruleContext)
        const key = `${operation} ${found?.message}`
        if (found && !reported.has(key)) {
          reported.add(key)
          findings.push(found)
        }
      }
      // An operation with no exchange to judge is not a pass (a read-only run sends no createPet).
      const skipped = Object.fromEntries(
        operations
          .filter((op) => !judged.has(op))
          .map((op) => [op, `not judged: no ${op} response this check applies to`]),
      )
      return { findings, skipped }
    },
  }
}
