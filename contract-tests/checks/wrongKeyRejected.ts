import { type Check, type CheckOutcome, finding } from '../Check.ts'

/** §5.3: an invalid key is refused like a missing one. */
export const wrongKeyRejected: Check = {
  name: 'wrong_key_rejected',
  level: 'required',
  description: 'Every operation answers 401 when the bearer key is not one the service issued (§5.3).',
  operations: ['listPets', 'createPet', 'getPet'],
  needs: ['auth'],
  async run(context) {
    const outcome: CheckOutcome = { findings: [], skipped: {} }
    const probes = [
      { operation: 'listPets', method: 'GET', path: '/pets' },
      { operation: 'getPet', method: 'GET', path: '/pets/1' },
      {
        operation: 'createPet',
        method: 'POST',
        path: '/pets',
        body: JSON.stringify({ name: context.petName('wrong-key'), categoryId: 1 }),
      },
    ] as const
    for (const probe of probes) {
      if (probe.method === 'POST' && !context.capabilities.has('write')) {
        outcome.skipped = {
          ...outcome.skipped,
          createPet: 'read-only: a server that ignores auth would create a pet',
        }
        continue
      }
      const exchange = await context.send({ ...probe, auth: 'wrong' })
      if (exchange.status !== 401) {
        outcome.findings.push(
          finding(
            exchange,
            probe.operation,
            `${exchange.status} with a wrong key`,
            '401 with an Error body when the key is invalid',
          ),
        )
      }
    }
    return outcome
  },
}
