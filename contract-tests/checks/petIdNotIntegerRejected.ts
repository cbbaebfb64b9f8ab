import { type Check, type Finding, finding } from '../Check.ts'
import { describeResponse } from './petsIn.ts'

/** A gap (§7): the spec documents 400 for a petId that is not an int64. */
export const petIdNotIntegerRejected: Check = {
  name: 'pet_id_not_integer_rejected',
  level: 'recommended',
  description: 'getPet answers 400 for a petId that is not an integer (the spec’s choice for a gap in §7).',
  operations: ['getPet'],
  needs: [],
  async run(context) {
    const findings: Finding[] = []
    for (const petId of ['abc', '1.5', '99999999999999999999']) {
      const exchange = await context.send({
        operation: 'getPet',
        method: 'GET',
        path: `/pets/${petId}`,
        kind: 'gap',
      })
      if (exchange.status !== 400)
        findings.push(
          finding(
            exchange,
            'getPet',
            describeResponse(exchange),
            `400 with an Error body for petId ${petId}`,
          ),
        )
    }
    return { findings }
  },
}
