import { truncate, visible } from '../../kit/text/visible.ts'
import type { ContractReport } from '../running/runContract.ts'
import { countOf } from './countOf.ts'
import { FINDING_LABEL } from './formatConsole.ts'
import { type Markup, pageOf } from './pageOf.ts'
import type { ReportOptions } from './sections.ts'

/** The longest message, curl line or script the summary shows whole (a target's body can be anything). */
export const MARKDOWN_TEXT_MAX = 2_048
/**
 * Past this size the summary lists the remaining findings by check only: GitHub takes at most
 * 1 MiB per step summary, and a job page is read by people, not searched.
 */
export const MARKDOWN_FINDINGS_MAX = 262_144

/**
 * The run as Markdown for a CI job page (`$GITHUB_STEP_SUMMARY`, or `--summary FILE`): the result,
 * then pageOf's page in full. Whatever the target sent is in code spans or fences longer than any
 * run of backticks in it, or escaped prose: it cannot become markup (GitHub renders HTML in Markdown).
 *
 * @example
 * await appendFile(process.env.GITHUB_STEP_SUMMARY, toMarkdownSummary(report, { apiKeyFrom: 'env' }))
 */
export function toMarkdownSummary(report: ContractReport, options: ReportOptions = {}): string {
  const result = report.abort ? 'ABORTED' : report.failed ? 'FAILED' : 'conforms'
  const lines = [
    `## Pet Store contract suite: ${result}`,
    '',
    `Target ${code(report.baseUrl)}, run ${code(report.runId)}${report.strict ? ', strict' : ''}${report.readOnly ? ', read-only' : ''}`,
  ]
  if (report.abort) return [...lines, '', fence(report.abort), ''].join('\n')
  let room = MARKDOWN_FINDINGS_MAX
  let leftOut = false
  // A finding's part within the room left, else (once per result) a note that the rest is left out.
  const bounded = (shown: string) => {
    room -= shown.length
    if (room >= 0) return ['', shown]
    if (leftOut) return []
    leftOut = true
    return ['', '(left out here for length: see the console or summary.json)']
  }
  const markup: Markup = {
    group: (heading) => ['', `### ${heading}`],
    end: [],
    table: ([head = [], ...rows]) => [
      '',
      `| ${head.join(' | ')} |`,
      `|---|${'---:|'.repeat(head.length - 1)}`,
      ...rows.map((row) => `| ${row.join(' | ')} |`),
    ],
    checks: () => [],
    result: (r) => {
      leftOut = false
      return ['', `#### ${code(r.check)} [${r.level}] ${code(r.operation)}: ${plain(countOf(r))}`]
    },
    text: (kind, text) => {
      if (kind === 'message' || kind === 'curl' || kind === 'script')
        return bounded(fence(text, kind === 'message' ? 'text' : 'bash'))
      return ['', { line: plain(text), key: text, reproduced: `${FINDING_LABEL.reproduced}${text}` }[kind]]
    },
    part: (heading, _id, lines) => ['', `### ${heading}`, '', fence(lines.filter(Boolean).join('\n'))],
  }
  return [...lines, ...pageOf(report, options, markup), ''].join('\n')
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
  return Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length))
}
