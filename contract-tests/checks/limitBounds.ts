import { type Check, type Finding, finding } from '../Check.ts'
import { limitSchema } from './limitSchema.ts'
import { describeResponse, petsIn } from './petsIn.ts'

/** §4.1: limit 1..100 are valid and honoured: never more pets than asked for. */
export const limitBounds: Check = {
  name: 'limit_bounds',
  level: 'required',
  description:
    'listPets accepts limit at its bounds (1 and 100) and between, and never returns more pets than limit (§4.1, §8).',
  operations: ['listPets'],
  needs: [],
  async run(context) {
    const schema = limitSchema(context.document)
    const bounds = [Number(schema.minimum), 5, Number(schema.maximum)]
    const findings: Finding[] = []
    for (const limit of bounds) {
      const exchange = await context.send({
        operation: 'listPets',
        method: 'GET',
        path: `/pets?limit=${limit}`,
      })
      const pets = petsIn(exchange)
      if (exchange.status !== 200 || !pets || pets.length > limit) {
        findings.push(
          finding(
            exchange,
            'listPets',
            describeResponse(exchange),
            `200 with at most ${limit} pets for limit=${limit}`,
          ),
        )
      }
    }
    return { findings }
  },
}
