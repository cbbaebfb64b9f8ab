import { formatCoverage } from '../../coverage/formatCoverage.ts'
import { plural } from '../../kit/text/plural.ts'
import { truncate, visible } from '../../kit/text/visible.ts'
import { reproducedLabel } from '../base/Finding.ts'
import type { Finding } from '../checks/Check.ts'
import { estimateDuration } from '../running/estimateDuration.ts'
import type { ContractReport } from '../running/runContract.ts'
import { countOf } from './countOf.ts'
import { footprintLine } from './footprintLines.ts'
import { type ReportOptions, sectionsOf } from './sections.ts'
import { stateCoverageLines } from './stateCoverageLines.ts'
import { tally, verdictOf } from './tally.ts'

/** The longest message or reproduction the console prints whole (a target's body can be anything). */
export const CONSOLE_TEXT_MAX = 4_096

const MARK = { pass: 'PASS', fail: 'FAIL', warn: 'WARN', skip: 'SKIP' } as const

/** How the console words what the run itself does not know. */
export type ConsoleOptions = ReportOptions

/**
 * The report as a person reads it: one line per check and operation; then the sections (sectionsOf),
 * every finding with its reproduction; then the totals. Whatever the target sent is shown escaped
 * (no control character reaches the terminal) and cut at CONSOLE_TEXT_MAX.
 *
 * @example
 * console.log(formatConsole(await runContract(options), { apiKeyFrom: 'flag' })) // '  PASS  default_limit [required] listPets' …
 */
export function formatConsole(report: ContractReport, options: ConsoleOptions = {}): string {
  const lines = [
    `Pet Store contract suite against ${line(report.baseUrl)} (run ${line(report.runId)}${modes(report)})`,
  ]
  if (report.abort) return [...lines, '', `ABORTED: ${line(report.abort)}`].join('\n')
  for (const result of report.results) {
    const reason = result.reason ? `  (${line(result.reason)})` : ''
    const replayed = result.findings.find((f) => f.reproduced)?.reproduced
    const again = replayed ? `  (${reproducedLabel(replayed)})` : ''
    lines.push(
      `  ${MARK[verdictOf(result, report.strict)]}  ${result.check} [${result.level}] ${result.operation}${reason}${again}`,
    )
  }
  for (const section of sectionsOf(report, options)) {
    lines.push('', `=== ${section.heading} ===`)
    if (section.keyInstruction) lines.push(section.keyInstruction)
    // Grouped per check × operation: how many findings, then the first few distinct ones.
    for (const result of section.results) {
      lines.push('', `${result.check} [${result.level}] ${result.operation}: ${countOf(result)}`)
      for (const f of result.findings) lines.push(...findingLines(f).map(indent))
    }
  }
  for (const hint of report.hints ?? []) lines.push('', `Hint: ${line(hint)}`)
  const counts = tally(report)
  lines.push(
    '',
    `${counts.passed} passed, ${counts.failed} failed, ${plural(counts.warnings, 'warning')}, ${counts.skipped} skipped (${plural(report.requests, 'request')} in ${Math.round(report.durationMs)} ms)`,
    // Answers that asked to come back later: reported apart, never failures by themselves.
    ...(report.rateLimited?.responses
      ? [
          `Rate limited: ${plural(report.rateLimited.responses, 'answer')} (429, or 503 with Retry-After) sent again after waiting ${(report.rateLimited.waitedMs / 1000).toFixed(1)} s in all; not failures`,
        ]
      : []),
    ...generatedLines(report),
    ...[footprintLine(report)].filter((text): text is string => text !== undefined),
    ...(report.coverage ? formatCoverage(report.coverage) : []),
    ...(report.coverageMissed ?? []).map((line) => `Coverage below --min-coverage: ${line}`),
    ...(report.stateCoverage ? stateCoverageLines(report.stateCoverage) : []),
    report.failed ? 'Result: FAILED' : 'Result: conforms',
  )
  return lines.join('\n')
}

/** One finding's lines, before indenting: its message, then how to reproduce it (a line per item, so another can be added). */
function findingLines(f: Finding): string[] {
  const lines = [block(f.message)]
  if (f.reproduced) lines.push(`Run again: ${reproducedLabel(f.reproduced)}`)
  if (f.curl) lines.push(`Reproduce: ${block(f.curl)}`)
  if (f.script)
    lines.push('Shrunk sequence (a shell script; run it with PETSTORE_API_KEY set):', indent(block(f.script)))
  return lines
}

function modes(report: ContractReport): string {
  return [
    report.strict && 'strict',
    report.readOnly && 'read-only',
    report.targetKind !== 'server' && report.targetKind,
  ]
    .filter(Boolean)
    .map((m) => `, ${m}`)
    .join('')
}

/** Text that must stay on one line. */
function line(text: string): string {
  return visible(truncate(text, CONSOLE_TEXT_MAX), { singleLine: true })
}

/** Text whose own line breaks are kept (indented below, so none can pose as a line of the report). */
function block(text: string): string {
  return visible(truncate(text, CONSOLE_TEXT_MAX))
}

function indent(text: string): string {
  return text.replace(/^/gm, '    ')
}

/** What the model phase did, and how long the run would take against a slower target. */
function generatedLines(report: ContractReport): string[] {
  const estimate = estimateDuration(report)
  const lines = [
    `${plural(estimate.requests, 'request')}, ${estimate.sequentialRequests} of them one after another: about ${(estimate.estimatedMs / 1000).toFixed(1)} s at ${estimate.latencyMs} ms per request`,
  ]
  const g = report.generated
  if (g)
    lines.unshift(
      `Model phase: ${plural(g.sequences, 'sequence')}${g.concurrency && g.concurrency > 1 ? ` (${g.concurrency} at once)` : ''}, ${plural(g.shrinks, 'shrink')}, budget ${g.budget}, seed ${g.seed}; replay: ${line(g.replay)}`,
    )
  return lines
}
