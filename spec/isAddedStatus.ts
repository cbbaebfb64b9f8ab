import type { SpecOperation } from './operations.ts'

/**
 * Whether `status` (a key of the operation's responses: `413`, `4XX`) is one this project's spec
 * adds to the interface document's own, as the operation's `x-added-statuses` says. Coverage gates
 * the two sets apart (`documented-statuses`, `added-statuses`): real traffic meets the document's
 * statuses, rarely a 507. `spec/interfaceFacts.test.ts` holds the rest to the interface document.
 *
 * @example
 * isAddedStatus(operationById(document, 'createPet'), '413') // true
 * isAddedStatus(operationById(document, 'createPet'), '400') // false: §4.2 lists it
 */
export function isAddedStatus(operation: Pick<SpecOperation, 'x-added-statuses'>, status: string): boolean {
  return operation['x-added-statuses']?.includes(status) ?? false
}
