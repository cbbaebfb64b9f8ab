import { declaredProperties, operations, type PetStoreDocument } from '../../spec/runtime.ts'

/** Which fields a pet has, read from the spec: what the store keeps and what a client may send. */
export interface PetShape {
  /** Every property the Pet schema declares (allOf parts included). */
  petFields: readonly string[]
  /** Every property createPet's request body schema (NewPet) declares. */
  newPetFields: readonly string[]
  /** Declared by Pet and not by NewPet (`id`): assigned by the service, refused in a request. */
  readOnlyFields: readonly string[]
}

/**
 * The pet shape of a document: `Pet` from the component schemas, NewPet from createPet's body.
 *
 * @example
 * petShape(openApiDocument) // { petFields: ['name', 'categoryId', 'status', 'id'], newPetFields: ['name', 'categoryId', 'status'], readOnlyFields: ['id'] }
 */
export function petShape(document: PetStoreDocument): PetShape {
  const petFields = declaredProperties(document.components.schemas.Pet)
  const createPet = operations(document).find((o) => o.operationId === 'createPet')
  const bodySchema = createPet?.requestBody?.content['application/json']?.schema
  const newPetFields = declaredProperties(bodySchema ?? document.components.schemas.NewPet)
  return { petFields, newPetFields, readOnlyFields: petFields.filter((f) => !newPetFields.includes(f)) }
}
