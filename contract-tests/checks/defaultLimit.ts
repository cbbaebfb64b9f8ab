import { lackOfData } from '../base/lackOfData.ts'
import type { Check } from './Check.ts'
import { limitSchema } from './limitSchema.ts'
import { pageFinding } from './pageSize.ts'

/** §4.1 rule 1: at most 20 when `limit` is omitted (the default comes from the spec), and no fewer when more exist. */
export const defaultLimit: Check = {
  name: 'default_limit',
  level: 'required',
  description:
    'listPets without limit returns the default number of pets, 20, when more exist (§4.1 rule 1); judged only with more than 20 pets in the store.',
  operations: ['listPets'],
  needs: [],
  async run(context) {
    const limit = Number(limitSchema(context.document).default)
    const exchange = await context.send({ operation: 'listPets', method: 'GET', path: '/pets' })
    const known = context.census?.pets.size ?? 0
    const found = pageFinding(exchange, { limit, known, asked: 'no limit' })
    if (found) return { findings: [found] }
    const lack = lackOfData(context.census, limit + 1)
    return { findings: [], ...(lack && { skipped: { listPets: lack } }) }
  },
}
