import { type JsonSchema, operationById, type PetStoreDocument, parameterOf } from '../../spec/runtime.ts'

/**
 * The schema of listPets' `limit` parameter (minimum, maximum, default), read through the spec
 * module, so the checks follow the spec.
 *
 * @example
 * limitSchema(document).maximum // 100
 */
export function limitSchema(document: PetStoreDocument): JsonSchema {
  return parameterOf(operationById(document, 'listPets'), 'limit').schema
}
