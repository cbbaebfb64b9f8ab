import { type Check, finding } from '../Check.ts'
import { describeResponse } from './petsIn.ts'

/** A gap (§7): the spec documents 400 for a status outside PetStatus. */
export const unknownStatusRejected: Check = {
  name: 'unknown_status_rejected',
  level: 'recommended',
  description:
    'listPets answers 400 for a status that is not a PetStatus value (the spec’s choice for a gap in §7).',
  operations: ['listPets'],
  needs: [],
  async run(context) {
    const exchange = await context.send({
      operation: 'listPets',
      method: 'GET',
      path: '/pets?status=adopted-by-contract-suite',
      kind: 'gap',
    })
    if (exchange.status === 400) return { findings: [] }
    return {
      findings: [
        finding(
          exchange,
          'listPets',
          describeResponse(exchange),
          '400 with an Error body for an unknown status',
        ),
      ],
    }
  },
}
