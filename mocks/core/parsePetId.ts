import type { ValidateFunction } from 'ajv'
import { type Parsed, refuse } from '../../kit/http/ApiResponse.ts'
import { errorResponse } from '../../kit/http/errorResponse.ts'
import * as spec from '../../spec/runtime.ts'

/** A petId the store can hold (a positive safe integer), or `absent` for a well-formed int64 it never assigns. */
export type PetIdLookup = { id: number } | 'absent'

/**
 * getPet's id by the spec's one parameter reader (decisions/037: an int64 judged on its text exactly);
 * text it refuses is a 400. The mock's own part is the lookup: it assigns only positive safe integers,
 * so any other int64 is simply not found (404), never rounded onto another pet's id.
 *
 * @example
 * petIdParser(getPet, petId, validators)('9007199254740993') // { ok: true, value: 'absent' }: 2^53 + 1, no pet's
 */
export function petIdParser(
  getPet: spec.SpecOperation,
  petId: spec.ParameterObject,
  validators: spec.SpecValidators,
): (text: string) => Parsed<PetIdLookup> {
  let validate: ValidateFunction | undefined
  const validator = () => (validate ??= validators.parameter(getPet.operationId, petId.name))
  return (text) => {
    const id = spec.readParameter(petId, text, validator) as number | spec.ParameterProblem
    if (typeof id !== 'number') return refuse(errorResponse(400, 'invalid_parameter', id.message))
    // A double beyond 2^53 - 1 is no id the store assigns, whatever int64 it rounds from.
    return { ok: true, value: Number.isSafeInteger(id) && id > 0 ? { id } : 'absent' }
  }
}
