import { plural } from '../../kit/text/plural.ts'
import type { CheckResult } from '../checks/Check.ts'

/**
 * How many findings a result groups, and how many are shown; for a waived result, why.
 *
 * @example
 * countOf({ outcome: 'fail', found: 2563, findings: [a, b, c] }) // '2563 findings, the first 3 distinct shown'
 */
export function countOf(result: Pick<CheckResult, 'found' | 'findings' | 'outcome' | 'reason'>): string {
  if (result.outcome === 'waived') return `waived: ${result.reason}`
  const found = Math.max(result.found ?? 0, result.findings.length)
  const shown = result.findings.length
  const total = plural(found, 'finding')
  if (found <= shown) return total
  // One kept of many: the others said the same (FindingGroups keeps the first few distinct).
  return shown === 1 ? `${total}, all alike: the first shown` : `${total}, the first ${shown} distinct shown`
}
