import { truncate, visible } from '../../kit/text/visible.ts'
import { reproducedLabel } from '../base/Finding.ts'
import type { ContractTarget } from '../running/ContractTarget.ts'
import type { ContractReport } from '../running/runContract.ts'
import { countOf } from './countOf.ts'
import { type Markup, pageOf } from './pageOf.ts'
import type { ReportOptions } from './sections.ts'
import { verdictOf } from './tally.ts'

/** The longest message or reproduction the console prints whole (a target's body can be anything). */
export const CONSOLE_TEXT_MAX = 4_096

/** What the console and JUnit write before each part of a finding. */
export const FINDING_LABEL = {
  message: '',
  reproduced: 'Run again: ',
  curl: 'Reproduce: ',
  script: 'Shrunk sequence (a shell script; run it with PETSTORE_API_KEY set):',
}

/** How the console words what the run itself does not know, and how much it prints (ContractTarget's `verbose`). */
export type ConsoleOptions = ReportOptions & Partial<Pick<ContractTarget, 'verbose'>>

/**
 * The report as a person reads it in a CI log: pageOf's page, brief unless `verbose` (then a line per
 * check and operation too), then the result. Whatever the target sent is shown escaped (no control
 * character reaches the terminal), a finding's lines indented under it, each cut at CONSOLE_TEXT_MAX.
 *
 * @example
 * console.log(formatConsole(await runContract(options), { apiKeyFrom: 'flag', verbose: true })) // … '  PASS  default_limit [required] listPets' …
 */
export function formatConsole(report: ContractReport, options: ConsoleOptions = {}): string {
  const title = `Pet Store contract suite against ${line(report.baseUrl)} (run ${line(report.runId)}${modes(report)})`
  if (report.abort) return [title, '', `ABORTED: ${line(report.abort)}`].join('\n')
  const markup: Markup = {
    group: (heading, id) =>
      id === 'causes' ? [`${heading} (the details follow):`] : ['', `=== ${heading} ===`],
    end: [],
    table: (rows) =>
      rows.map((row) =>
        row.map((cell, i) => (i ? cell.padStart(rows[0]?.[i]?.length ?? 0) : cell.padEnd(11))).join('  '),
      ),
    checks: () =>
      (options.verbose ? report.results : []).map((r) => {
        const again = r.findings.find((f) => f.reproduced)?.reproduced
        const notes = [r.reason, again && reproducedLabel(again)].map((note) =>
          note ? `  (${line(note)})` : '',
        )
        return `  ${verdictOf(r, report.strict).toUpperCase()}  ${r.check} [${r.level}] ${r.operation}${notes.join('')}`
      }),
    result: (r) => ['', `${r.check} [${r.level}] ${r.operation}: ${countOf(r)}`],
    // A finding's parts indented under its result, each item on a line of its own so another can be added.
    text: (kind, text) => {
      if (kind === 'line' || kind === 'key') return [line(text)]
      return [indent(`${FINDING_LABEL[kind]}${kind === 'script' ? `\n${indent(block(text))}` : block(text)}`)]
    },
    part: (_heading, id, lines) => [...(id === 'run' ? [''] : []), ...lines.filter(Boolean).map(line)],
  }
  const result = report.failed ? 'Result: FAILED' : 'Result: conforms'
  return [title, ...pageOf(report, options, markup, !options.verbose), result].join('\n')
}

function modes({ strict, readOnly, targetKind }: ContractReport): string {
  const on = [strict && 'strict', readOnly && 'read-only', targetKind !== 'server' && targetKind]
  return on.map((mode) => (mode ? `, ${mode}` : '')).join('')
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
