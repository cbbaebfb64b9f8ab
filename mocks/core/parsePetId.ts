import { type ApiResponse, type Parsed, refuse } from '../../kit/http/ApiResponse.ts'
import { errorResponse } from '../../kit/http/errorResponse.ts'
import {
  type ParameterObject,
  ParameterProblem,
  readParameterText,
  type SpecOperation,
  type SpecValidators,
} from '../../spec/runtime.ts'

/** A petId the store can hold (a positive safe integer), or `absent` for a well-formed int64 it never assigns. */
export type PetIdLookup = { id: number } | 'absent'

/**
 * Reads getPet's id as the router decoded it (a segment that is not valid percent-encoding stays as
 * sent, and is no integer) by the spec's one parameter reader, which judges an int64 on its text
 * exactly (decisions/037). The mock's own part is the lookup: it assigns only positive safe integers
 * (exact in JavaScript), so any other int64 is simply not found (404) and is never rounded onto
 * another pet's id. Text the reader refuses is a 400.
 *
 * @example
 * const parsePetId = petIdParser(getPet, petId, validators)
 * parsePetId('7') // { ok: true, value: { id: 7 } }
 * parsePetId('9007199254740993') // { ok: true, value: 'absent' } (2^53 + 1: a valid int64 no pet has)
 * parsePetId('abc') // { ok: false, response: <400> }
 */
export function petIdParser(
  getPet: SpecOperation,
  petId: ParameterObject,
  validators: SpecValidators,
): (text: string) => Parsed<PetIdLookup> {
  return (text) => {
    const value = readParameterText(petId, text, validators.parameter(getPet.operationId, petId.name))
    if (value instanceof ParameterProblem) return invalid(value)
    // A double beyond 2^53 - 1 is no id the store assigns, whatever int64 it rounds from.
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)
      return { ok: true, value: 'absent' }
    return { ok: true, value: { id: value } }
  }
}

function invalid(problem: ParameterProblem): { ok: false; response: ApiResponse } {
  return refuse(errorResponse(400, 'invalid_parameter', problem.message))
}
