import { OPERATION_IDS } from '../Check.ts'
import { estimateDuration } from '../estimateDuration.ts'
import type { ContractReport } from '../runContract.ts'

/**
 * The JSON summary: a checks × operations matrix of outcomes, plus every finding, for dashboards.
 *
 * @example
 * toJsonSummary(report).matrix.unique_ids // { listPets: 'n/a', createPet: 'pass', getPet: 'n/a' }
 */
export function toJsonSummary(report: ContractReport): object {
  const matrix: Record<string, Record<string, string>> = {}
  for (const result of report.results) {
    matrix[result.check] ??= Object.fromEntries(OPERATION_IDS.map((op) => [op, 'n/a']))
    ;(matrix[result.check] as Record<string, string>)[result.operation] = result.outcome
  }
  const count = (outcome: string) => report.results.filter((r) => r.outcome === outcome).length
  return {
    target: report.baseUrl,
    runId: report.runId,
    modes: { strict: report.strict, readOnly: report.readOnly, targetKind: report.targetKind },
    result: report.failed ? 'failed' : 'conforms',
    abort: report.abort ?? null,
    totals: {
      passed: count('pass'),
      failed: count('fail'),
      skipped: count('skip'),
      requests: report.requests,
      durationMs: Math.round(report.durationMs),
    },
    estimate: estimateDuration(report),
    generated: report.generated ?? null,
    levels: Object.fromEntries(report.results.map((r) => [r.check, r.level])),
    matrix,
    failures: report.results
      .filter((r) => r.outcome === 'fail')
      .flatMap((r) => r.findings.map((f) => ({ check: r.check, level: r.level, ...f }))),
  }
}
