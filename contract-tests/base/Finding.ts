import type { OperationName } from './OperationName.ts'

/** One violation: what was received against what the spec documents, and how to reproduce it. */
export interface Finding {
  operation: OperationName
  message: string
  curl: string
  /**
   * A multi-line, runnable `sh` script reproducing a failing sequence (the model phase's shrunk
   * failure): numbered curl steps with what was expected and received as comments, the key read
   * from `$PETSTORE_API_KEY`, the seed and the replay command.
   */
  script?: string
}
