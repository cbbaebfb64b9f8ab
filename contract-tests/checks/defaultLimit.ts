import { type Check, finding } from '../Check.ts'
import { describeResponse, petsIn } from './petsIn.ts'

/** §4.1 rule 1: at most 20 when `limit` is omitted (the default comes from the spec). */
export const defaultLimit: Check = {
  name: 'default_limit',
  level: 'required',
  description: 'listPets without limit returns at most the default number of pets, 20 (§4.1 rule 1).',
  operations: ['listPets'],
  needs: [],
  async run(context) {
    const limit = context.document.paths['/pets']?.get?.parameters?.find((p) => p.name === 'limit')
    const defaultValue = Number(limit?.schema.default)
    const exchange = await context.send({ operation: 'listPets', method: 'GET', path: '/pets' })
    const pets = petsIn(exchange)
    if (exchange.status === 200 && pets && pets.length <= defaultValue) return { findings: [] }
    return {
      findings: [
        finding(
          exchange,
          'listPets',
          describeResponse(exchange),
          `200 with at most ${defaultValue} pets when limit is omitted`,
        ),
      ],
    }
  },
}
