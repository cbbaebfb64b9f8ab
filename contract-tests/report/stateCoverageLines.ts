import { plural } from '../../kit/text/plural.ts'
import { truncate, visible } from '../../kit/text/visible.ts'
import type { StateCoverageReport } from '../../model/StateCoverage.ts'

/** The longest state line shown (a state's words come from the document, which a --spec can make long). */
const STATE_LINE_MAX = 512

/**
 * State coverage as the reports show it: how many of the states derived from the document's rules
 * the run's answers visited, then each state never seen with why, one line each (escaped). Not
 * `full` (the console without --verbose): one line, counting the states a store as populated as the
 * run found it cannot reach, naming the others never seen.
 *
 * @example
 * stateCoverageLines(report.stateCoverage)
 * // ['State coverage: 24 of 31 states from the document's rules visited', '  never seen: store/20/below (…): the store held at least 45 pets …']
 */
export function stateCoverageLines(coverage: StateCoverageReport, full = true): string[] {
  const never = coverage.states.filter((state) => state.seen === 0)
  const line = (text: string) => truncate(visible(text, { singleLine: true }), STATE_LINE_MAX)
  const visited = `State coverage: ${coverage.visited} of ${plural(coverage.total, 'state')} from the document's rules visited`
  if (full)
    return [
      visited,
      ...never.map((state) =>
        line(`  never seen: ${state.id} (${state.description}): ${state.reason ?? ''}`),
      ),
    ]
  const missed = never.filter((state) => !state.unreachable).map((state) => state.id)
  const unreachable = never.length - missed.length
  return [
    line(
      `${visited}${unreachable ? `; ${unreachable} cannot be reached against this populated store` : ''}${missed.length ? `; never seen: ${missed.join(', ')}` : ''}${never.length ? ' (--verbose says why)' : ''}`,
    ),
  ]
}
