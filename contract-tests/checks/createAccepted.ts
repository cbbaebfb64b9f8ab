import type { Check } from './Check.ts'
import { judge } from './judge.ts'

/** §4.2: a valid NewPet is accepted with 201 (checked even on stateless targets). */
export const createAccepted: Check = {
  name: 'create_accepted',
  level: 'required',
  description: () => 'createPet answers 201 for a valid NewPet (§4.2); judged on stateless targets too.',
  operations: ['createPet'],
  needs: ['write'],
  async run(context) {
    const exchange = await context.call(
      'createPet',
      {},
      { body: JSON.stringify({ name: context.petName('accepted'), categoryId: 1, status: 'available' }) },
    )
    return judge(
      exchange,
      'createPet',
      exchange.status === 201,
      '201 with the created Pet for a valid NewPet',
    )
  },
}
