import { SKIP_REASONS } from '../base/capabilitiesOf.ts'
import type { CallParameters } from '../http/callRequest.ts'
import { type Check, type CheckOutcome, finding, type OperationName } from './Check.ts'

/**
 * A check that sends one request per operation with a missing (`none`) or wrong key and expects 401
 * on each (§5: no operation is open). createPet is probed with a valid body, so a server that
 * ignores auth creates a pet: read-only runs skip that probe.
 *
 * @example
 * const wrongKeyRejected = keyRejectedCheck('wrong', { name: 'wrong_key_rejected', ... })
 */
export function keyRejectedCheck(
  auth: 'none' | 'wrong',
  check: Pick<Check, 'name' | 'description' | 'needs'>,
): Check {
  const without = auth === 'none' ? 'without a key' : 'with a wrong key'
  return {
    ...check,
    level: 'required',
    operations: ['listPets', 'createPet', 'getPet'],
    async run(context) {
      const outcome: CheckOutcome = { findings: [], skipped: {} }
      // Behind `prism proxy`, Prism answers a request without a key itself: its 401 counts here,
      // but its problem+json body is not the implementation's, so the response checks leave it.
      const notJudged =
        auth === 'none' && !context.capabilities.has('own-auth-errors')
          ? SKIP_REASONS['own-auth-errors']
          : undefined
      const probes: Array<{ operation: OperationName; parameters?: CallParameters; body?: string }> = [
        { operation: 'listPets' },
        { operation: 'getPet', parameters: { petId: 1 } },
        {
          operation: 'createPet',
          body: JSON.stringify({ name: context.petName(`key-${auth}`), categoryId: 1 }),
        },
      ]
      for (const probe of probes) {
        if (probe.operation === 'createPet' && !context.capabilities.has('write')) {
          outcome.skipped = { createPet: 'read-only run: a server that ignored auth would create a pet' }
          continue
        }
        const { operation, parameters, body } = probe
        const exchange = await context.call(operation, parameters, { body, auth, notJudged })
        if (exchange.status !== 401) {
          const documented = `401 with an Error body when the key is ${auth === 'none' ? 'missing' : 'invalid'} (§5.3)`
          outcome.findings.push(
            finding(exchange, probe.operation, `${exchange.status || exchange.error} ${without}`, documented),
          )
        }
      }
      return outcome
    },
  }
}
