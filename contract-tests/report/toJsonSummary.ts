import { OPERATION_IDS } from '../Check.ts'
import { estimateDuration } from '../estimateDuration.ts'
import type { ContractReport } from '../runContract.ts'
import { mapStrings } from '../text/mapStrings.ts'
import { truncate, visible } from '../text/visible.ts'
import { tally, verdictOf } from './tally.ts'

/** The longest string the summary holds (a target's body can be anything). */
export const JSON_TEXT_MAX = 16_384

/**
 * The JSON summary: a checks × operations matrix of verdicts (`pass`, `fail`, `warn`, `skip`, `n/a`),
 * the totals the console and JUnit show, and every failure and warning, for dashboards. Every string
 * is cut at JSON_TEXT_MAX and shows control characters escaped, so `jq -r` prints nothing a target
 * could use to drive a terminal.
 *
 * @example
 * toJsonSummary(report).matrix.unique_ids // { listPets: 'n/a', createPet: 'pass', getPet: 'n/a' }
 */
export function toJsonSummary(report: ContractReport): object {
  const matrix: Record<string, Record<string, string>> = {}
  for (const result of report.results) {
    matrix[result.check] ??= Object.fromEntries(OPERATION_IDS.map((op) => [op, 'n/a']))
    ;(matrix[result.check] as Record<string, string>)[result.operation] = verdictOf(result, report.strict)
  }
  const summary = {
    target: report.baseUrl,
    runId: report.runId,
    modes: { strict: report.strict, readOnly: report.readOnly, targetKind: report.targetKind },
    result: report.failed ? 'failed' : 'conforms',
    abort: report.abort ?? null,
    cut: report.cut ?? null,
    hints: report.hints ?? [],
    totals: {
      ...tally(report),
      requests: report.requests,
      durationMs: Math.round(report.durationMs),
    },
    estimate: estimateDuration(report),
    generated: report.generated ?? null,
    footprint: report.footprint ?? null,
    levels: Object.fromEntries(report.results.map((r) => [r.check, r.level])),
    matrix,
    skipped: report.results
      .filter((r) => r.outcome === 'skip')
      .map((r) => ({ check: r.check, operation: r.operation, reason: r.reason })),
    failures: report.results
      .filter((r) => r.outcome === 'fail')
      .flatMap((r) =>
        r.findings.map((f) => ({
          check: r.check,
          level: r.level,
          verdict: verdictOf(r, report.strict),
          ...f,
        })),
      ),
  }
  return mapStrings(summary, (s) => visible(truncate(s, JSON_TEXT_MAX)))
}
