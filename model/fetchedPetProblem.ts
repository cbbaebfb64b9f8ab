import { toJsonText as show } from '../kit/json/toJsonText.ts'
import type { InvariantProblem } from './InvariantProblem.ts'

/**
 * The invariant of a getPet 200, whatever the store holds: the body is the Pet with the id asked
 * for. A body that is no object is left to the schema (response_schema_conformance); an object with
 * no integer id or another id breaks it. Undefined for any other status.
 *
 * @example
 * fetchedPetProblem(7n, { status: 200, body: { id: 8, name: 'Rex', categoryId: 1 } })
 * // { invariant: 'fetched_pet_is_asked', operation: 'getPet', received: '200 with {…}: another id', … }
 */
export function fetchedPetProblem(
  id: bigint,
  answer: { status: number; body: unknown },
): InvariantProblem | undefined {
  const pet = answer.body
  if (answer.status !== 200 || typeof pet !== 'object' || pet === null || Array.isArray(pet)) return undefined
  const got = (pet as Record<string, unknown>).id
  if ((typeof got === 'bigint' || Number.isInteger(got)) && BigInt(got as number | bigint) === id)
    return undefined
  return {
    invariant: 'fetched_pet_is_asked',
    operation: 'getPet',
    received: `200 with ${show(pet)}: another id`,
    documented: `the Pet with id ${id}, the petId asked for`,
  }
}
