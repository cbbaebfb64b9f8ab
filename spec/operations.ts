import {
  HTTP_METHODS,
  type HttpMethod,
  type OperationObject,
  type ParameterObject,
  type PetStoreDocument,
} from './PetStoreDocument.ts'

/** One operation of the document, with the path and method it lives under. */
export interface SpecOperation extends OperationObject {
  method: HttpMethod
  path: string
  parameters: ParameterObject[]
}

/**
 * Every operation in the document, path-level parameters merged into each.
 *
 * @example
 * operations(document).map((o) => o.operationId) // ['listPets', 'createPet', 'getPet']
 */
export function operations(document: PetStoreDocument): SpecOperation[] {
  const found: SpecOperation[] = []
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method]
      if (!operation) continue
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])]
      found.push({ ...operation, method, path, parameters })
    }
  }
  return found
}

/** The operation with this `operationId`; throws if the document has none, so a rename fails loudly. */
export function operationById(document: PetStoreDocument, operationId: string): SpecOperation {
  const operation = operations(document).find((o) => o.operationId === operationId)
  if (!operation) throw new Error(`spec/openapi.yaml has no operation '${operationId}'`)
  return operation
}

/** The parameter `name` of an operation; throws if the document does not declare it. */
export function parameterOf(operation: SpecOperation, name: string): ParameterObject {
  const parameter = operation.parameters.find((p) => p.name === name)
  if (!parameter) throw new Error(`spec/openapi.yaml: ${operation.operationId} has no parameter '${name}'`)
  return parameter
}
