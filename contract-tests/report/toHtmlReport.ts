import { coverageTable } from '../../coverage/coverageHtml.ts'
import { escapeHtml } from '../../kit/text/escapeHtml.ts'
import { plural } from '../../kit/text/plural.ts'
import { truncate, visible } from '../../kit/text/visible.ts'
import type { ContractReport } from '../running/runContract.ts'
import { countOf } from './countOf.ts'
import { type Markup, pageOf } from './pageOf.ts'
import type { ReportOptions } from './sections.ts'
import { verdictOf } from './tally.ts'

/** The longest message, curl line or script the page shows whole (a target's body can be anything). */
export const HTML_TEXT_MAX = 4_096

/** The section each group of the page is (the causes, the failures, the warnings, the waived). */
const SECTION_IDS: Record<string, string> = { fail: 'failures', warn: 'warnings' }

/**
 * One self-contained HTML page for a run (`--html FILE`, report.html with --reports): the result,
 * then pageOf's page in full, every check's verdict after the counts, the coverage as a table.
 * Inline CSS only, no script, no external resource, and a Content-Security-Policy that allows
 * nothing else; every string the target or the user chose is escaped (control characters shown,
 * then HTML-escaped), so a pet named `<img src=x onerror=…>` is shown as text.
 *
 * @example
 * await writeFile('reports/contract/report.html', toHtmlReport(report, { apiKeyFrom: 'flag' }))
 */
export function toHtmlReport(report: ContractReport, options: ReportOptions = {}): string {
  const result = report.abort ? 'ABORTED' : report.failed ? 'FAILED' : 'conforms'
  const body: string[] = [
    `<h1>Pet Store contract suite: <span class="${report.failed || report.abort ? 'failed' : 'conforms'}" id="result">${result}</span></h1>`,
    `<p>Target <code>${text(report.baseUrl)}</code>, run <code>${text(report.runId)}</code>${report.strict ? ', strict' : ''}${report.readOnly ? ', read-only' : ''}; ${plural(report.requests, 'request')} in ${Math.round(report.durationMs)} ms.</p>`,
  ]
  const cells = (tag: string, row: string[], verdict = '') =>
    `<tr class="${verdict}">${row.map((cell) => `<${tag}>${text(cell)}</${tag}>`).join('')}</tr>`
  const markup: Markup = {
    group: (heading, id) => [
      `<section id="${SECTION_IDS[id] ?? id}" class="${id}">`,
      `<h2>${text(heading)}</h2>`,
    ],
    end: ['</section>'],
    table: ([head = [], ...rows]) => [
      `<table id="counts"><thead>${cells('th', head)}</thead><tbody>`,
      ...rows.map((row) => cells('td', row)),
      '</tbody></table>',
    ],
    checks: () => [
      `<table id="checks"><thead>${cells('th', ['verdict', 'check', 'level', 'operation', 'note'])}</thead><tbody>`,
      ...report.results.map((r) => {
        const verdict = verdictOf(r, report.strict)
        return cells('td', [verdict.toUpperCase(), r.check, r.level, r.operation, r.reason ?? ''], verdict)
      }),
      '</tbody></table>',
    ],
    result: (r) => [
      `<h3><code>${text(r.check)}</code> [${text(r.level)}] <code>${text(r.operation)}</code>: ${text(countOf(r))}</h3>`,
      `<p class="description">${text(r.description)}</p>`,
    ],
    text: (kind, value) =>
      kind === 'line'
        ? [`<p>${text(value)}</p>`]
        : kind === 'key'
          ? [`<p class="key">${text(value).replace(/`([^`]+)`/, '<code>$1</code>')}</p>`]
          : kind === 'reproduced'
            ? [`<p class="reproduced">Run again: ${text(value)}</p>`]
            : [`<pre class="${kind}">${text(value)}</pre>`],
    part: (heading, id, lines) => [
      `<h2>${text(heading)}</h2>`,
      id === 'coverage' && report.coverage
        ? coverageTable(report.coverage)
        : `<pre id="${id}"${id === 'failed' ? ' class="failed"' : ''}>${text(lines.filter(Boolean).join('\n'))}</pre>`,
    ],
  }
  if (report.abort) body.push(`<pre id="abort">${text(report.abort)}</pre>`)
  else body.push(...pageOf(report, options, markup))
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Contract run ${text(report.runId)}: ${result}</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 2rem; color: #222; max-width: 75rem }
table { border-collapse: collapse; margin-bottom: 1.5rem }
th, td { border: 1px solid #ccc; padding: .3rem .6rem; text-align: left }
pre { background: #f6f6f6; padding: .5rem; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere }
pre.curl { background: #eef3fb }
.failed, tr.fail td { color: #a40000 } .conforms { color: #1a6b1a }
section.fail, section.causes { border-left: 4px solid #c62828; padding-left: 1rem }
section.warn { border-left: 4px solid #e0a100; padding-left: 1rem }
tr.warn td { color: #7a5a00 } tr.skip td, tr.waived td { color: #777 }
p.key { font-weight: 600 }
meter { width: 8rem }
</style>
</head>
<body>
${body.join('\n')}
</body>
</html>
`
}

/** Untrusted text as HTML: cut, control characters shown as escapes, then markup escaped. */
function text(value: string): string {
  return escapeHtml(visible(truncate(value, HTML_TEXT_MAX)))
}
