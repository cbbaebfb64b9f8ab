// Coverage as the console prints it: one line per dimension, then what was never observed.
import type { Coverage } from './coverageOf.ts'
import { COVERAGE_DIMENSIONS } from './coverageUniverse.ts'

/**
 * The console's coverage table.
 *
 * @example
 * formatCoverage(coverage).join('\n')
 * // 'Coverage of the document (what this run exercised):\n  operations   3/3   100%\n  statuses    10/13  76.9%  never: createPet 413, …'
 */
export function formatCoverage(coverage: Coverage, shown = 6): string[] {
  const lines = ['Coverage of the document (what this run exercised):']
  for (const dimension of COVERAGE_DIMENSIONS) {
    const { covered, total, percent } = coverage.dimensions[dimension]
    const never = coverage.items
      .filter((item) => item.dimension === dimension && item.seen === 0)
      .map((item) => `${item.operationId}${item.key ? ` ${item.key}` : ''}`)
    const missing =
      never.length === 0
        ? ''
        : `  never: ${never.slice(0, shown).join(', ')}${never.length > shown ? `, and ${never.length - shown} more` : ''}`
    lines.push(
      `  ${dimension.padEnd(11)} ${`${covered}/${total}`.padStart(7)}  ${`${percent}%`.padStart(6)}${missing}`,
    )
  }
  if (coverage.undocumented.length > 0)
    lines.push(
      `  undocumented statuses seen: ${coverage.undocumented.map((u) => `${u.operationId} ${u.status} (${u.seen}x)`).join(', ')}`,
    )
  return lines
}
