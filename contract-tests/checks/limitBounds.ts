import { lackOfData } from '../base/lackOfData.ts'
import type { Check, Finding } from './Check.ts'
import { limitSchema } from './limitSchema.ts'
import { pageFinding } from './pageSize.ts'

/**
 * §4.1, §8: every limit from 1 to 100 is valid and cuts the page: never more pets than asked for,
 * and never fewer while more exist (a server capping limit below 100 fails). The limits come from
 * the spec's minimum, default and maximum.
 */
export const limitBounds: Check = {
  name: 'limit_bounds',
  level: 'required',
  description:
    'listPets with limit L (the minimum, the maximum and values between) returns exactly L pets when more exist (§4.1, §8); judged only with more than 100 pets.',
  operations: ['listPets'],
  needs: [],
  async run(context) {
    const schema = limitSchema(context.document)
    const [minimum, maximum] = [Number(schema.minimum), Number(schema.maximum)]
    const middle = Math.floor((minimum + maximum) / 2)
    const limits = [
      ...new Set([minimum, minimum + 1, Number(schema.default), middle, maximum - 1, maximum]),
    ].filter((limit) => limit >= minimum && limit <= maximum)
    const known = context.census?.pets.size ?? 0
    const exchanges = await Promise.all(
      limits.map((limit) =>
        context.send({ operation: 'listPets', method: 'GET', path: `/pets?limit=${limit}` }),
      ),
    )
    const findings = exchanges.flatMap(
      (exchange, i) =>
        pageFinding(exchange, { limit: limits[i] as number, known, asked: `limit=${limits[i]}` }) ?? [],
    )
    if (findings.length > 0) return { findings }
    const lack = lackOfData(context.census, maximum + 1)
    return { findings: [] as Finding[], ...(lack && { skipped: { listPets: `limit=${maximum} ${lack}` } }) }
  },
}
