import { truncate, visible } from '../../kit/text/visible.ts'
import { EXAMPLES_MAX } from '../base/FindingGroups.ts'
import { OPERATION_IDS } from '../checks/Check.ts'
import { estimateDuration } from '../running/estimateDuration.ts'
import type { ContractReport } from '../running/runContract.ts'
import { mapStrings } from '../text/mapStrings.ts'
import { causesOf } from './causesOf.ts'
import { sectionsOf } from './sections.ts'
import { tally, verdictOf } from './tally.ts'

/** Coverage items (never observed, undocumented statuses) the summary lists at most. */
export const COVERAGE_ITEMS_MAX = 200
/** The longest string the summary holds (a target's body can be anything). */
export const JSON_TEXT_MAX = 16_384
/** The longest skip reason or hint kept (they are sentences; a target's text in one is cut). */
export const JSON_REASON_MAX = 512
/** What all examples together may take, serialised: past it, an entry keeps its count and says how many examples were left out. */
export const JSON_EXAMPLES_MAX = 524_288
/**
 * The bound on the whole summary, whatever the target sends (held by reports.test.ts with every
 * check failing on 1 MB texts of control characters): the examples, plus at most ~100 results' matrix
 * cells, skip reasons and hints.
 */
export const JSON_SUMMARY_MAX = 1_048_576

/**
 * The JSON summary for dashboards: a checks × operations matrix of verdicts (Verdict, or `n/a`), the
 * totals the console and JUnit show, the causes, and every failure and warning. Every string is cut
 * at JSON_TEXT_MAX and escaped, so `jq -r` prints nothing a target could use to drive a terminal.
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
    expired: report.expired ?? [],
    causes: causesOf(report),
    hints: (report.hints ?? []).map(sentence),
    totals: {
      ...tally(report),
      requests: report.requests,
      durationMs: Math.round(report.durationMs),
      rateLimited: report.rateLimited?.responses ?? 0,
      rateLimitWaitMs: Math.round(report.rateLimited?.waitedMs ?? 0),
    },
    estimate: estimateDuration(report),
    generated: report.generated ?? null,
    footprint: report.footprint ?? null,
    coverage: report.coverage
      ? {
          ...report.coverage.dimensions,
          // The universe comes from the document (a hostile --spec can make it large): bounded.
          never: report.coverage.items
            .filter((item) => item.seen === 0)
            .slice(0, COVERAGE_ITEMS_MAX)
            .map((item) => ({
              dimension: item.dimension,
              operation: item.operationId,
              key: truncate(visible(item.key), 256),
            })),
          undocumented: report.coverage.undocumented.slice(0, COVERAGE_ITEMS_MAX),
          unmatched: report.coverage.unmatched,
          missed: report.coverageMissed ?? [],
        }
      : null,
    // The states as StateCoverage reports them: counts, each state's visits and why none (StateSeen).
    stateCoverage: report.stateCoverage ?? null,
    levels: Object.fromEntries(report.results.map((r) => [r.check, r.level])),
    matrix,
    skipped: withReasons(report, 'skip'),
    waived: withReasons(report, 'waived'),
    // One entry per failing check × operation: how many findings, and the first few distinct; those
    // that fail the run first, then the warnings, as every report lists them (sectionsOf).
    failures: sectionsOf(report)
      .flatMap((section) => (section.verdict === 'waived' ? [] : section.results))
      .map((r) => ({
        check: r.check,
        level: r.level,
        operation: r.operation,
        verdict: verdictOf(r, report.strict),
        found: Math.max(r.found ?? 0, r.findings.length),
        examples: r.findings.slice(0, EXAMPLES_MAX).map(({ message, curl, script, reproduced }) => ({
          message,
          curl,
          ...(script !== undefined && { script }),
          // Run again before it was reported: `reproduced` of how many replays, `flaky` when not all.
          ...(reproduced !== undefined && { reproduced, flaky: reproduced.times < reproduced.of }),
        })),
      })),
  }
  const shown = mapStrings(summary, (s) => visible(truncate(s, JSON_TEXT_MAX)))
  let room = JSON_EXAMPLES_MAX
  for (const failure of shown.failures) {
    const kept = failure.examples.filter((example) => {
      room -= JSON.stringify(example).length
      return room >= 0
    })
    if (kept.length < failure.examples.length)
      Object.assign(failure, { examples: kept, examplesLeftOut: failure.examples.length - kept.length })
  }
  return shown
}

/** The results with this outcome, each with its reason. */
function withReasons(report: ContractReport, outcome: 'skip' | 'waived') {
  return report.results
    .filter((r) => r.outcome === outcome)
    .map((r) => ({ check: r.check, operation: r.operation, reason: r.reason && sentence(r.reason) }))
}

/** A reason or hint as the summary keeps it: cut after escaping, so the escapes cannot make it longer. */
function sentence(text: string): string {
  return truncate(visible(text), JSON_REASON_MAX)
}
