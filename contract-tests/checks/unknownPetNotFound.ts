import type { Check } from '../Check.ts'
import { judge } from './judge.ts'
import { petsIn } from './petsIn.ts'

/** §4.3: getPet answers 404 with an Error body for a pet that does not exist. */
export const unknownPetNotFound: Check = {
  name: 'unknown_pet_not_found',
  level: 'required',
  description: 'getPet answers 404 for an id no pet has (§4.3).',
  operations: ['getPet'],
  needs: ['state'],
  async run(context) {
    // An id beyond every listed one, and within 2^53 so any client can send it exactly.
    const listed = await context.send({ operation: 'listPets', method: 'GET', path: '/pets?limit=100' })
    const highest = Math.max(
      0,
      ...(petsIn(listed) ?? []).map((pet) => (Number.isSafeInteger(pet.id) ? (pet.id as number) : 0)),
    )
    const unknownId = Math.min(Number.MAX_SAFE_INTEGER, highest + 1_000_000_007)
    const exchange = await context.send({ operation: 'getPet', method: 'GET', path: `/pets/${unknownId}` })
    return judge(
      exchange,
      'getPet',
      exchange.status === 404,
      `404 with an Error body for id ${unknownId}, which no pet has`,
    )
  },
}
