import type { Check } from '../Check.ts'
import { judge } from './judge.ts'
import { limitSchema } from './limitSchema.ts'
import { petsIn } from './petsIn.ts'

/** §4.1 rule 1: at most 20 when `limit` is omitted (the default comes from the spec). */
export const defaultLimit: Check = {
  name: 'default_limit',
  level: 'required',
  description: 'listPets without limit returns at most the default number of pets, 20 (§4.1 rule 1).',
  operations: ['listPets'],
  needs: [],
  async run(context) {
    const defaultValue = Number(limitSchema(context.document).default)
    const exchange = await context.send({ operation: 'listPets', method: 'GET', path: '/pets' })
    const pets = petsIn(exchange)
    const passed = exchange.status === 200 && pets !== undefined && pets.length <= defaultValue
    return judge(exchange, 'listPets', passed, `200 with at most ${defaultValue} pets when limit is omitted`)
  },
}
