import { type Check, type CheckOutcome, finding } from '../Check.ts'

/** §5: no operation is open. A request without a key gets 401 on every operation. */
export const missingKeyRejected: Check = {
  name: 'missing_key_rejected',
  level: 'required',
  description: 'Every operation answers 401 when the Authorization header is missing (§5.3, §5.4).',
  operations: ['listPets', 'createPet', 'getPet'],
  needs: [],
  async run(context) {
    const outcome: CheckOutcome = { findings: [], skipped: {} }
    const probes = [
      { operation: 'listPets', method: 'GET', path: '/pets' },
      { operation: 'getPet', method: 'GET', path: '/pets/1' },
      {
        operation: 'createPet',
        method: 'POST',
        path: '/pets',
        body: JSON.stringify({ name: context.petName('no-key'), categoryId: 1 }),
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
      const exchange = await context.send({ ...probe, auth: 'none' })
      if (exchange.status !== 401) {
        outcome.findings.push(
          finding(
            exchange,
            probe.operation,
            `${exchange.status} without a key`,
            '401 with an Error body when the key is missing',
          ),
        )
      }
    }
    return outcome
  },
}
