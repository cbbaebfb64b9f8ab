import { plural } from '../../kit/text/plural.ts'
import type { Exchange } from '../http/exchange.ts'
import { inPool } from '../http/inPool.ts'
import { oncePer } from '../negative/oncePer.ts'
import { type ParameterViolation, parameterViolations } from '../negative/parameterViolations.ts'
import type { Check, CheckContext, Finding } from './Check.ts'
import { finding } from './Check.ts'
import { countIn, describeResponse, excerpt, petsIn } from './describeResponse.ts'

/** Sends each generated parameter violation once per run (the checks that read them judge the same answers). */
const sendViolations = oncePer(async (context: CheckContext) => {
  const cases = parameterViolations(context.vocabulary.operations.values(), context.generation.seed)
  const exchanges = await inPool(cases, 8, (violation) =>
    context.call(violation.operation, violation.parameters, {
      kind: 'gap',
      ...(violation.repeated !== undefined && {
        rawQuery: `${encodeURIComponent(violation.parameter)}=${encodeURIComponent(violation.repeated)}`,
      }),
    }),
  )
  return cases.map((violation, i) => ({ violation, exchange: exchanges[i] as Exchange }))
})

const OPERATIONS = ['listPets', 'getPet'] as const

/**
 * What a careful server does with a parameter the document is silent on (§7 gaps): a 4xx, or a 2xx
 * that keeps the list rules (at most the maximum, only the status asked for). Only recommended: a
 * server may ignore an unknown status, match it by case or prefix, or honour a larger limit.
 */
export const parameterViolationsHandled: Check = {
  name: 'parameter_violations_handled',
  level: 'recommended',
  because:
    '§7 does not show the answer to an out-of-range limit, an unknown status or a petId that is not an integer.',
  description: () =>
    'Parameter values the spec’s schemas forbid (generated: wrong type, out of enum or case, below minimum, above maximum, beyond int64) get a 4xx, or a 2xx that still keeps the list rules: at most the maximum limit, every pet with the status asked for. Recommended: §7 leaves the answer open.',
  operations: OPERATIONS,
  needs: [],
  async run(context) {
    const { maximum } = context.vocabulary.limit
    const findings: Finding[] = []
    const answered = new Set<string>()
    for (const { violation, exchange } of await sendViolations(context)) {
      if (exchange.status !== 0) answered.add(violation.operation)
      if (exchange.status < 200 || exchange.status >= 300) continue
      const broken = brokenRule(violation, exchange, maximum)
      const expected = `a 4xx with an Error body, or a 2xx that keeps the rules, for ${violation.label}`
      const received = `${describeResponse(exchange)} for ${violation.label}: ${broken}`
      if (broken) findings.push(finding(exchange, violation.operation, received, expected))
    }
    // An operation none of whose violations got an answer was not judged (no_server_errors fails them).
    const skipped = Object.fromEntries(
      OPERATIONS.filter((op) => !answered.has(op)).map((op) => [
        op,
        `not judged: no ${op} request with a parameter violation got an answer (see no_server_errors)`,
      ]),
    )
    return { findings, skipped }
  },
}

function brokenRule(violation: ParameterViolation, exchange: Exchange, maximum: number): string | undefined {
  const pets = petsIn(exchange)
  if (violation.operation !== 'listPets') return undefined
  if (!pets) return 'not a list'
  if (pets.length > maximum)
    return `${plural(countIn(exchange) ?? pets.length, 'pet')}, more than the maximum ${maximum}`
  // A filter parameter is a field of the pets it keeps (status): each returned pet would carry the value asked for.
  // A parameter given twice may be read as either of its values.
  const strays = pets.filter(
    (pet) =>
      violation.parameter in pet &&
      pet[violation.parameter] !== violation.value &&
      pet[violation.parameter] !== violation.repeated,
  )
  // An empty value may be read as no filter at all (as `prism mock` does): only 400 is asked for it.
  if (violation.parameter !== 'limit' && violation.value !== '' && strays.length > 0)
    return `${plural(strays.length, 'pet')} whose ${violation.parameter} is not ${JSON.stringify(violation.value)}, e.g. ${JSON.stringify(strays[0])}`
  return undefined
}

/** The spec's choice where the document is silent: 400 for every parameter value its schema forbids. */
export const parameterViolationsRejected: Check = {
  name: 'parameter_violations_rejected',
  level: 'recommended',
  because:
    '§7 does not show the answer to an out-of-range limit, an unknown status or a petId that is not an integer; 400 is the spec’s choice.',
  description: ({ limit }) =>
    `Every generated parameter violation (limit ${limit.minimum - 1}, ${limit.maximum + 1}, abc, 1.5, …; an unknown or mis-cased status; a petId that is not an int64; a query parameter given twice) gets 400, the spec’s choice for a gap in §7.`,
  operations: OPERATIONS,
  needs: [],
  async run(context) {
    const findings = (await sendViolations(context))
      .filter(({ exchange }) => exchange.status !== 400)
      .map(({ violation: { operation, label }, exchange }) =>
        finding(
          exchange,
          operation,
          `${describeResponse(exchange)} for ${label}`,
          `400 with an Error body for ${label}`,
        ),
      )
    return { findings }
  },
}

/**
 * A 4xx to a parameter the schema forbids names it in its message (`limit must be <= 100`), judged
 * on the answers above. Recommended: §7 says nothing of what a "Human-readable description" holds.
 */
export const parameterErrorsNamed: Check = {
  name: 'parameter_errors_named',
  level: 'recommended',
  because: '§7 calls message a human-readable description; what it says is not shown.',
  description: () => 'A 4xx Error to a parameter value the spec forbids names the parameter in its message.',
  operations: ['listPets', 'getPet'],
  needs: [],
  async run(context) {
    const findings = (await sendViolations(context))
      .filter(({ exchange }) => exchange.status >= 400 && exchange.status < 500)
      .filter(({ violation, exchange }) => {
        const message = (exchange.json as { message?: unknown } | undefined)?.message
        return typeof message === 'string' && !message.includes(violation.parameter)
      })
      .map(({ violation: { operation, label, parameter }, exchange }) => {
        const received = `${exchange.status} for ${label} with ${excerpt(exchange.text, 200)}`
        return finding(exchange, operation, received, `an Error message that names ${parameter}`)
      })
    return { findings }
  },
}
