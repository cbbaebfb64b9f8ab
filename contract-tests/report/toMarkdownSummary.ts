import { formatCoverage } from '../../coverage/formatCoverage.ts'
import { plural } from '../../kit/text/plural.ts'
import { truncate, visible } from '../../kit/text/visible.ts'
import { reproducedLabel } from '../base/Finding.ts'
import type { Finding } from '../checks/Check.ts'
import type { ContractReport } from '../running/runContract.ts'
import { countOf } from './countOf.ts'
import { footprintLine } from './footprintLines.ts'
import { type ReportOptions, sectionsOf } from './sections.ts'
import { stateCoverageLines } from './stateCoverageLines.ts'
import { tally } from './tally.ts'

/** The longest message, curl line or script the summary shows whole (a target's body can be anything). */
export const MARKDOWN_TEXT_MAX = 2_048
/**
 * Past this size the summary lists the remaining findings by check only: GitHub takes at most
 * 1 MiB per step summary, and a job page is read by people, not searched.
 */
export const MARKDOWN_FINDINGS_MAX = 262_144

/**
 * The run as Markdown for a CI job page (`$GITHUB_STEP_SUMMARY`, or `--summary FILE`): the result
 * and counts, the sections (sectionsOf), the footprint and the coverage. Whatever the target sent
 * is inside code spans or fences longer than any run of backticks in it, so it can neither close
 * them nor become markup (GitHub renders HTML in Markdown).
 *
 * @example
 * await appendFile(process.env.GITHUB_STEP_SUMMARY, toMarkdownSummary(report, { apiKeyFrom: 'env' }))
 */
export function toMarkdownSummary(report: ContractReport, options: ReportOptions = {}): string {
  const counts = tally(report)
  const result = report.abort ? 'ABORTED' : report.failed ? 'FAILED' : 'conforms'
  const lines = [
    `## Pet Store contract suite: ${result}`,
    '',
    `Target ${code(report.baseUrl)}, run ${code(report.runId)}${report.strict ? ', strict' : ''}${report.readOnly ? ', read-only' : ''}`,
  ]
  if (report.abort) return [...lines, '', fence(report.abort), ''].join('\n')
  lines.push(
    '',
    '| passed | failed | warnings | skipped | requests |',
    '|---:|---:|---:|---:|---:|',
    `| ${counts.passed} | ${counts.failed} | ${counts.warnings} | ${counts.skipped} | ${report.requests} |`,
  )
  let room = MARKDOWN_FINDINGS_MAX
  for (const section of sectionsOf(report, options)) {
    lines.push('', `### ${section.heading}`)
    if (section.keyInstruction) lines.push('', section.keyInstruction)
    for (const result of section.results) {
      lines.push(
        '',
        `#### ${code(result.check)} [${result.level}] ${code(result.operation)}: ${countOf(result)}`,
      )
      for (const f of result.findings) {
        const text = findingMarkdown(f)
        room -= text.length
        if (room < 0) {
          lines.push('', '(left out here for length: see the console or summary.json)')
          break
        }
        lines.push('', text)
      }
    }
  }
  for (const hint of report.hints ?? []) lines.push('', `Hint: ${plain(hint)}`)
  const footprint = footprintLine(report)
  if (footprint) lines.push('', '### Footprint', '', plain(footprint))
  if (report.coverage) lines.push('', '### Coverage', '', fence(formatCoverage(report.coverage).join('\n')))
  for (const missed of report.coverageMissed ?? [])
    lines.push('', `Coverage below --min-coverage: ${code(missed)}`)
  if (report.stateCoverage)
    lines.push('', '### State coverage', '', fence(stateCoverageLines(report.stateCoverage).join('\n')))
  if (report.cut) lines.push('', `Cut: ${code(report.cut)}`)
  lines.push(
    '',
    `${plural(report.results.length, 'result')} (check × operation) in ${Math.round(report.durationMs)} ms`,
    '',
  )
  return lines.join('\n')
}

/** One finding: its message, its curl line, its script, each fenced (a line per item, so another can be added). */
function findingMarkdown(f: Finding): string {
  const parts = [fence(f.message, 'text')]
  if (f.reproduced) parts.push(`Run again: ${reproducedLabel(f.reproduced)}`)
  if (f.curl) parts.push(fence(f.curl, 'bash'))
  if (f.script) parts.push(fence(f.script, 'bash'))
  return parts.join('\n')
}

/** A fenced block that nothing inside can close: the fence is longer than any run of backticks in it. */
function fence(text: string, info = ''): string {
  const shown = visible(truncate(text, MARKDOWN_TEXT_MAX))
  const ticks = '`'.repeat(Math.max(3, longestRun(shown) + 1))
  return `${ticks}${info}\n${shown}\n${ticks}`
}

/** An inline code span on one line that nothing inside can close. */
function code(text: string): string {
  const shown = visible(truncate(text, MARKDOWN_TEXT_MAX), { singleLine: true })
  const ticks = '`'.repeat(longestRun(shown) + 1)
  return `${ticks} ${shown} ${ticks}`
}

/** Text as Markdown prose: on one line, every ASCII punctuation mark that could start markup backslash-escaped. */
function plain(text: string): string {
  return visible(truncate(text, MARKDOWN_TEXT_MAX), { singleLine: true }).replace(
    /[\\`*_{}[\]()<>#+!|&~-]/g,
    '\\$&',
  )
}

function longestRun(text: string): number {
  let longest = 0
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length)
  return longest
}
