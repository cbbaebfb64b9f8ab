import type { ApiRequest } from '../../kit/http/ApiRequest.ts'
import { type Parsed, refuse } from '../../kit/http/ApiResponse.ts'
import { errorResponse } from '../../kit/http/errorResponse.ts'
import { type NewPet, pickDeclared, type SpecValidators, type SpecVocabulary } from '../../spec/runtime.ts'
import { parseJsonBody } from './parseJsonBody.ts'

/**
 * Reads the createPet body: a JSON body valid against the spec's request schema (`parseJsonBody`),
 * then the mock's own rules: a field the Pet schema declares but NewPet does not (`id`) is the
 * service's to choose (400 read_only_field). Only the fields NewPet declares are kept (`vocabulary.newPet.fields`, read from the
 * spec), so a field added to the spec is kept and an unknown one is dropped.
 *
 * @example
 * parseNewPet(request, validators, vocabulary) // { ok: true, value: { name: 'Rex', categoryId: 1 } }
 */
export function parseNewPet(
  request: ApiRequest,
  validators: SpecValidators,
  vocabulary: Pick<SpecVocabulary, 'newPet' | 'readOnlyFields'>,
): Parsed<NewPet> {
  const read = parseJsonBody(request, validators.requestBody('createPet'))
  if (!read.ok) return read
  const body = read.value as Record<string, unknown>
  for (const field of vocabulary.readOnlyFields) {
    if (Object.hasOwn(body, field)) {
      const message = `body/${field} must not be sent: the service assigns the ${field}`
      return refuse(errorResponse(400, 'read_only_field', message))
    }
  }
  return { ok: true, value: pickDeclared(body, vocabulary.newPet.fields) as unknown as NewPet }
}
