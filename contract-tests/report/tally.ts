import type { CheckResult } from '../checks/Check.ts'
import type { ContractReport } from '../running/runContract.ts'

/** How a result counts: `warn` is a recommended check that failed in a run that is not strict. */
export type Verdict = 'pass' | 'fail' | 'warn' | 'skip' | 'waived'

/**
 * The verdict of one result in this run: the one rule that console, JSON and JUnit all count by.
 *
 * @example
 * verdictOf({ outcome: 'fail', level: 'recommended', ... }, false) // 'warn'
 */
export function verdictOf(result: Pick<CheckResult, 'outcome' | 'level'>, strict: boolean): Verdict {
  if (result.outcome === 'fail' && result.level === 'recommended' && !strict) return 'warn'
  return result.outcome
}

export interface Tally {
  passed: number
  /** Failures that fail the run: required ones, and recommended ones with --strict. */
  failed: number
  /** Recommended checks that failed without --strict: reported, not failing the run. */
  warnings: number
  skipped: number
  /** Excluded or waived (--checks, --exclude-checks, --waivers): never counted as passed. */
  waived: number
}

/**
 * The counts every report shows.
 *
 * @example
 * tally(report) // { passed: 60, failed: 0, warnings: 2, skipped: 5, waived: 0 }
 */
export function tally(report: Pick<ContractReport, 'results' | 'strict'>): Tally {
  const counts: Tally = { passed: 0, failed: 0, warnings: 0, skipped: 0, waived: 0 }
  const key = { pass: 'passed', fail: 'failed', warn: 'warnings', skip: 'skipped', waived: 'waived' } as const
  for (const result of report.results) counts[key[verdictOf(result, report.strict)]]++
  return counts
}
