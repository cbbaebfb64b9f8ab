import type { OperationName } from '../checks/Check.ts'

/** A departure from the interface document that the model saw: what came back against what it decides. */
export interface Problem {
  operation: OperationName
  received: string
  documented: string
}
