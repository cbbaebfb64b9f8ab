import type { Finding } from './Finding.ts'
import type { OperationName } from './OperationName.ts'

/** `required`: decided by the interface document. `recommended`: a sensible choice where it is silent. */
export type Level = 'required' | 'recommended'

/** The verdict of one check on one operation, as the reports show it. */
export interface CheckResult {
  check: string
  level: Level
  description: string
  operation: OperationName
  outcome: 'pass' | 'fail' | 'skip' | 'waived'
  /** Why it was skipped or waived. */
  reason?: string
  /** The first EXAMPLES_MAX distinct findings (by message) of this check on this operation. */
  findings: Finding[]
  /** How many findings there were in all, on a failed result (`findings` holds the first few). */
  found?: number
}
