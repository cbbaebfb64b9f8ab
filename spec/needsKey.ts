import type { SpecOperation } from './operations.ts'
import type { PetStoreDocument } from './PetStoreDocument.ts'

/**
 * Whether the operation needs the API key: its `security` or, when it has none, the document's;
 * `[]` or an empty requirement means open. The mock refuses a request without it, and the proxy
 * judges that a request without it was refused.
 *
 * @example
 * needsKey(operationById(document, 'listPets'), document) // true
 */
export function needsKey(operation: SpecOperation, document: PetStoreDocument): boolean {
  const requirements = operation.security ?? document.security ?? []
  return requirements.length > 0 && requirements.every((requirement) => Object.keys(requirement).length > 0)
}
