// Coverage as the console prints it: one line per dimension, each set of statuses under statuses,
// then what was never observed.
import type { Coverage } from './coverageOf.ts'
import { COVERAGE_GAUGES, type CoverageGauge } from './coverageUniverse.ts'
import { gaugeName, neverObserved } from './minCoverage.ts'

/** What each set of statuses is, said once beside its line. */
const SET_MEANING: Partial<Record<CoverageGauge, string>> = {
  documentedStatuses: 'the interface document lists them',
  addedStatuses: "this project's spec adds them",
}

/**
 * The console's coverage table.
 *
 * @example
 * formatCoverage(coverage).join('\n')
 * // 'Coverage of the document (what this run exercised):\n  operations      3/3    100%\n  statuses      10/13  76.92%  never: createPet 413, …\n    documented-statuses     8/8    100%  (the interface document lists them)\n…'
 */
export function formatCoverage(coverage: Coverage, shown = 6): string[] {
  const lines = ['Coverage of the document (what this run exercised):']
  for (const gauge of COVERAGE_GAUGES) {
    const { covered, total, percent } = coverage.dimensions[gauge]
    const never = neverObserved(coverage.items, gauge, shown)
    const meaning = SET_MEANING[gauge]
    const missing = never && `  never: ${never}`
    const figures = `${`${covered}/${total}`.padStart(7)}  ${`${percent}%`.padStart(6)}`
    // A set's line sits under `statuses`, indented; the dimensions keep their columns.
    lines.push(
      meaning
        ? `    ${gaugeName(gauge).padEnd(19)} ${figures}  (${meaning})${missing}`
        : `  ${gauge.padEnd(11)} ${figures}${missing}`,
    )
  }
  if (coverage.undocumented.length > 0)
    lines.push(
      `  undocumented statuses seen: ${coverage.undocumented.map((u) => `${u.operationId} ${u.status} (${u.seen}x)`).join(', ')}`,
    )
  return lines
}
