// The names of the operations the suite judges, apart from the check types, so the HTTP exchange
// (which names the operation it exercised) needs nothing of the checks.
import type { OperationId } from '../../spec/runtime.ts'

/** The operations the suite's checks exercise; each one an `OperationId` generated from the spec, so a rename fails typecheck. */
export const OPERATION_IDS = ['listPets', 'createPet', 'getPet'] as const satisfies readonly OperationId[]
export type OperationName = (typeof OPERATION_IDS)[number] & OperationId
