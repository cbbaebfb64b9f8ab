import { plural } from '../../kit/text/plural.ts'
import { lackOfData } from '../base/lackOfData.ts'
import type { Check } from './Check.ts'
import { pageFinding } from './pageSize.ts'

/** §4.1 rule 1: at most the default when `limit` is omitted, and no fewer when more exist; the default comes from the spec. */
export const defaultLimit: Check = {
  name: 'default_limit',
  level: 'required',
  description: ({ limit }) =>
    `listPets without limit returns the default number of pets, ${limit.default}, when more exist (§4.1 rule 1); judged only with more than ${plural(limit.default, 'pet')} in the store.`,
  operations: ['listPets'],
  needs: [],
  async run(context) {
    const limit = context.vocabulary.limit.default
    const exchange = await context.call('listPets')
    const known = context.census?.pets.size ?? 0
    const found = pageFinding(exchange, { limit, known, asked: 'no limit' })
    if (found) return { findings: [found] }
    const lack = lackOfData(context.census, limit + 1)
    return { findings: [], ...(lack && { skipped: { listPets: lack } }) }
  },
}
