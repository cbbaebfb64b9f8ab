import { plural } from '../../kit/text/plural.ts'
import { truncate, visible } from '../../kit/text/visible.ts'
import type { StateCoverageReport } from '../../model/StateCoverage.ts'

/** The longest state line shown (a state's words come from the document, which a --spec can make long). */
const STATE_LINE_MAX = 512

/**
 * State coverage as the console and the Markdown summary show it, beside the document coverage:
 * how many of the states derived from the document's rules the run's answers visited, then each
 * state never seen with why (one line each, control characters shown as escapes).
 *
 * @example
 * stateCoverageLines(report.stateCoverage)
 * // ['State coverage: 24 of 31 states from the document's rules visited', '  never seen: store/20/below (…): the store held at least 45 pets …']
 */
export function stateCoverageLines(coverage: StateCoverageReport): string[] {
  const never = coverage.states.filter((state) => state.seen === 0)
  const line = (text: string) => truncate(visible(text, { singleLine: true }), STATE_LINE_MAX)
  return [
    `State coverage: ${coverage.visited} of ${plural(coverage.total, 'state')} from the document's rules visited`,
    ...never.map((state) => line(`  never seen: ${state.id} (${state.description}): ${state.reason ?? ''}`)),
  ]
}

/**
 * State coverage as summary.json holds it: the counts, and every state with how often it was seen
 * and, for one never seen, why.
 *
 * @example
 * stateCoverageSummary(report.stateCoverage).states[0] // { id: 'first-answers/listPets', description: '…', seen: 3 }
 */
export function stateCoverageSummary(coverage: StateCoverageReport): object {
  return {
    visited: coverage.visited,
    total: coverage.total,
    states: coverage.states.map(({ id, rule, description, seen, reason }) => ({
      id,
      rule,
      description,
      seen,
      ...(reason === undefined ? {} : { reason }),
    })),
  }
}
