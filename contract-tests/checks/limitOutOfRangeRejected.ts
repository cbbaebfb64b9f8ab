import { type Check, type Finding, finding } from '../Check.ts'
import { describeResponse } from './petsIn.ts'

/** A gap (§7): the spec documents 400 for a limit outside 1..100 or not an integer. */
export const limitOutOfRangeRejected: Check = {
  name: 'limit_out_of_range_rejected',
  level: 'recommended',
  description:
    'listPets answers 400 for a limit outside 1..100 or not an integer (the spec’s choice for a gap in §7).',
  operations: ['listPets'],
  needs: [],
  async run(context) {
    const findings: Finding[] = []
    for (const limit of ['0', '101', '-1', 'abc', '2.5']) {
      const exchange = await context.send({
        operation: 'listPets',
        method: 'GET',
        path: `/pets?limit=${limit}`,
        kind: 'gap',
      })
      if (exchange.status !== 400)
        findings.push(
          finding(
            exchange,
            'listPets',
            describeResponse(exchange),
            `400 with an Error body for limit=${limit}`,
          ),
        )
    }
    return { findings }
  },
}
