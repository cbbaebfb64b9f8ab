import { toJsonText as show } from '../kit/json/toJsonText.ts'
import type { InvariantProblem } from './InvariantProblem.ts'
import { isPet } from './isPet.ts'
import { keptAsSent } from './keptAsSent.ts'

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
  // An id written in another spelling (`9.223372036854775807e18`) is read as its double: the id
  // asked rounds to it, and RFC 8259 §6 leaves a reader that choice (keptAsSent).
  if (isPet(pet) && keptAsSent(id, pet.id)) return undefined
  return {
    invariant: 'fetched_pet_is_asked',
    operation: 'getPet',
    received: `200 with ${show(pet)}: another id`,
    documented: `the Pet with id ${id}, the petId asked for`,
  }
}
