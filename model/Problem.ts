import type { OperationId } from '../spec/runtime.ts'

/** A departure from the interface document that the model saw: what came back against what it decides. */
export interface Problem {
  operation: OperationId
  received: string
  documented: string
}
