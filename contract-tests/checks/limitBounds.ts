import { plural } from '../../kit/text/plural.ts'
import { lackOfData } from '../base/lackOfData.ts'
import type { Check, Finding } from './Check.ts'
import { pageFinding } from './pageSize.ts'

/** §4.1, §8: every limit within the spec's bounds cuts the page (a server capping it lower fails). */
export const limitBounds: Check = {
  name: 'limit_bounds',
  level: 'required',
  description: ({ limit }) =>
    `listPets with limit L (the minimum, the maximum and values between) returns exactly L pets when more exist (§4.1, §8); judged only with more than ${plural(limit.maximum, 'pet')}.`,
  operations: ['listPets'],
  needs: [],
  async run(context) {
    const { minimum, maximum, default: fallback } = context.vocabulary.limit
    const middle = Math.floor((minimum + maximum) / 2)
    const limits = [...new Set([minimum, minimum + 1, fallback, middle, maximum - 1, maximum])].filter(
      (limit) => limit >= minimum && limit <= maximum,
    )
    const known = context.census?.pets.size ?? 0
    const exchanges = await Promise.all(limits.map((limit) => context.call('listPets', { limit })))
    const findings = exchanges.flatMap(
      (exchange, i) =>
        pageFinding(exchange, { limit: limits[i] as number, known, asked: `limit=${limits[i]}` }) ?? [],
    )
    if (findings.length > 0) return { findings }
    const lack = lackOfData(context.census, maximum + 1)
    return { findings: [] as Finding[], ...(lack && { skipped: { listPets: `limit=${maximum} ${lack}` } }) }
  },
}
