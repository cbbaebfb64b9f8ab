import type { Check } from '../Check.ts'
import { judge } from './judge.ts'

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
    return judge(
      exchange,
      'listPets',
      exchange.status === 400,
      '400 with an Error body for an unknown status',
    )
  },
}
