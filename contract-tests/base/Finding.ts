import type { OperationName } from './OperationName.ts'

/** One violation: what was received against what the rule wants, and how to reproduce it. */
export interface Finding {
  operation: OperationName
  /**
   * What a person reads. For a finding made of `received` and `expected`, the runner words it by
   * the check's level (findingMessage): "Documented:" for a required rule, "Recommended:" and why
   * for a recommended one.
   */
  message: string
  curl: string
  /** What came back (the "Received:" line), when the finding compares an answer with a rule. */
  received?: string
  /** What the rule wants, in the check's words; findingMessage says whose rule it is. */
  expected?: string
  /**
   * A multi-line, runnable `sh` script reproducing a failing sequence (the model phase's shrunk
   * failure): numbered curl steps with what was expected and received as comments, the key read
   * from `$PETSTORE_API_KEY`, the seed and the replay command.
   */
  script?: string
}
