import { COVERAGE_GAUGES } from '../../coverage/coverageUniverse.ts'
import { formatCoverage } from '../../coverage/formatCoverage.ts'
import { gaugeName } from '../../coverage/minCoverage.ts'
import { plural } from '../../kit/text/plural.ts'
import { formatDuration } from '../base/deadline.ts'
import { reproducedLabel } from '../base/Finding.ts'
import type { CheckResult } from '../checks/Check.ts'
import { estimateDuration } from '../running/estimateDuration.ts'
import type { ContractReport } from '../running/runContract.ts'
import { causesOf } from './causesOf.ts'
import { footprintLine } from './footprintLines.ts'
import { type ReportOptions, sectionsOf } from './sections.ts'
import { stateCoverageLines } from './stateCoverageLines.ts'
import { tally } from './tally.ts'

/** How one format (the console, Markdown, HTML) writes the parts of a page, each as its lines, escaped its way. */
export interface Markup {
  /** A group's heading (`id`: causes, fail, warn, waived); `end` closes it. */
  group(heading: string, id: string): string[]
  end: string[]
  /** A table, its first row the header; then every check's verdict, where the format lists them. */
  table(rows: string[][]): string[]
  checks(report: ContractReport): string[]
  /** A result's heading in its group. */
  result(result: CheckResult): string[]
  /** A `line` of prose, the `key` instruction (ours, a command in backticks), or a finding's part. */
  text(kind: 'line' | 'key' | 'message' | 'reproduced' | 'curl' | 'script', text: string): string[]
  /** A part after the findings (`id`: run, footprint, coverage, state-coverage, failed): its lines, under `heading`. */
  part(heading: string, id: string, lines: string[]): string[]
}

/**
 * A run as every report a person reads shows it, in one order, each part written by `markup`: the
 * causes of the failures (causesOf); the checks by level; the groups of findings (sectionsOf), each
 * with its reproduction; the hints; what the run did, its footprint, the document and state coverage
 * (one line each when `brief`: the console without --verbose); why it failed besides the checks.
 *
 * @example
 * pageOf(report, { apiKeyFrom: 'env' }, consoleMarkup).join('\n')
 */
export function pageOf(report: ContractReport, options: ReportOptions, m: Markup, brief = false): string[] {
  const causes = causesOf(report)
  const out = causes.length > 0 ? m.group(`${plural(causes.length, 'cause')} of the failures`, 'causes') : []
  for (const [i, c] of causes.entries())
    out.push(
      ...m.text('line', `${i + 1}. ${c.says}`),
      ...(c.fix ? m.text('line', `   fix: ${c.fix}`) : []),
      ...m.text('line', `   seen by: ${c.seenBy.join(', ')}`),
    )
  if (causes.length > 0) out.push(...m.end)
  const rows = ['required', 'recommended', 'all'].map((level) => {
    const results = report.results.filter((r) => level === 'all' || r.level === level)
    return [level, ...Object.values(tally({ ...report, results })).map(String)]
  })
  out.push(...m.table([['checks', ...Object.keys(tally(report))], ...rows]), ...m.checks(report))
  for (const section of sectionsOf(report, options)) {
    out.push(...m.group(section.heading, section.verdict))
    if (section.keyInstruction) out.push(...m.text('key', section.keyInstruction))
    for (const result of section.results) {
      out.push(...m.result(result))
      for (const f of result.findings)
        out.push(
          ...m.text('message', f.message),
          ...(f.reproduced ? m.text('reproduced', reproducedLabel(f.reproduced)) : []),
          ...(f.curl ? m.text('curl', f.curl) : []),
          ...(f.script ? m.text('script', f.script) : []),
        )
    }
    out.push(...m.end)
  }
  for (const hint of report.hints ?? []) out.push(...m.text('line', `Hint: ${hint}`))
  const { coverage, stateCoverage } = report
  const documentLines = coverage && (brief ? [coverageLine(coverage)] : formatCoverage(coverage))
  const failed = [
    ...(report.coverageMissed ?? []).map((line) => `Coverage below --min-coverage: ${line}`),
    ...(report.cut ? [report.cut] : []),
    ...(report.expired ?? []).map((line) => `Waiver expired: ${line}`),
  ]
  const parts: Array<[string, string, string[] | undefined]> = [
    ['The run', 'run', runLines(report)],
    ['Footprint', 'footprint', [footprintLine(report) ?? '']],
    ['Coverage of the document', 'coverage', documentLines],
    ['Coverage of the states', 'state-coverage', stateCoverage && stateCoverageLines(stateCoverage, !brief)],
    ['Why the run failed besides the checks', 'failed', failed],
  ]
  for (const [heading, id, lines = []] of parts)
    if (lines.some(Boolean)) out.push(...m.part(heading, id, lines))
  return out
}

/** What the run did: the counts, answers rate limited, the model phase (one seed: its replay's), the estimate at staging latency. */
function runLines(report: ContractReport): string[] {
  const counts = tally(report)
  const estimate = estimateDuration(report)
  const g = report.generated
  const limited = report.rateLimited
  return [
    `${counts.passed} passed, ${counts.failed} failed, ${plural(counts.warnings, 'warning')}, ${counts.skipped} skipped${counts.waived ? `, ${counts.waived} waived` : ''} (${plural(report.requests, 'request')} in ${Math.round(report.durationMs)} ms)`,
    // Answers that asked to come back later: reported apart, never failures by themselves.
    ...(limited?.responses
      ? [
          `Rate limited: ${plural(limited.responses, 'answer')} (429, or 503 with Retry-After) sent again after waiting ${(limited.waitedMs / 1000).toFixed(1)} s in all; not failures`,
        ]
      : []),
    ...(g
      ? [
          `Model phase: ${plural(g.sequences, 'sequence')}${g.concurrency && g.concurrency > 1 ? ` (${g.concurrency} at once)` : ''} watching ${formatDuration(g.watchedMs ?? 0)}, ${plural(g.shrinks, 'shrink')}, budget ${g.budget}; replay: ${g.replay}`,
        ]
      : []),
    `${plural(estimate.requests, 'request')}, ${estimate.sequentialRequests} of them one after another: about ${(estimate.estimatedMs / 1000).toFixed(1)} s at ${estimate.latencyMs} ms per request`,
  ]
}

/** The document coverage on one line: each gauge's figures (in full: the table, with what was never observed). */
function coverageLine(coverage: NonNullable<ContractReport['coverage']>): string {
  const { dimensions } = coverage
  const gauges = COVERAGE_GAUGES.map((g) => `${gaugeName(g)} ${dimensions[g].covered}/${dimensions[g].total}`)
  return `Coverage of the document: ${gauges.join(', ')} (--verbose lists what was never observed)`
}
