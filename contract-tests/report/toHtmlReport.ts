import { coverageTable } from '../../coverage/coverageHtml.ts'
import { escapeHtml } from '../../kit/text/escapeHtml.ts'
import { plural } from '../../kit/text/plural.ts'
import { truncate, visible } from '../../kit/text/visible.ts'
import { reproducedLabel } from '../base/Finding.ts'
import type { Finding } from '../checks/Check.ts'
import type { ContractReport } from '../running/runContract.ts'
import { countOf } from './countOf.ts'
import { footprintLine } from './footprintLines.ts'
import { type ReportOptions, sectionsOf } from './sections.ts'
import { stateCoverageLines } from './stateCoverageLines.ts'
import { tally, verdictOf } from './tally.ts'

/** The longest message, curl line or script the page shows whole (a target's body can be anything). */
export const HTML_TEXT_MAX = 4_096

/**
 * One self-contained HTML page for a run (`--html FILE`, and report.html with --reports): the
 * result and counts, the findings grouped, failures first, each with its curl line, then every
 * check's verdict, the footprint and the document coverage. Inline CSS only, no script, no external
 * resource, and a Content-Security-Policy that allows nothing else; every string the target or the
 * user could have chosen is escaped (control characters shown, then HTML-escaped), so a pet named
 * `<img src=x onerror=…>` is shown as text.
 *
 * @example
 * await writeFile('reports/contract/report.html', toHtmlReport(report, { apiKeyFrom: 'flag' }))
 */
export function toHtmlReport(report: ContractReport, options: ReportOptions = {}): string {
  const counts = tally(report)
  const result = report.abort ? 'ABORTED' : report.failed ? 'FAILED' : 'conforms'
  const body: string[] = [
    `<h1>Pet Store contract suite: <span class="${report.failed || report.abort ? 'failed' : 'conforms'}" id="result">${result}</span></h1>`,
    `<p>Target <code>${text(report.baseUrl)}</code>, run <code>${text(report.runId)}</code>${report.strict ? ', strict' : ''}${report.readOnly ? ', read-only' : ''}; ${plural(report.requests, 'request')} in ${Math.round(report.durationMs)} ms.</p>`,
  ]
  if (report.abort) body.push(`<pre id="abort">${text(report.abort)}</pre>`)
  else {
    body.push(
      '<table id="counts"><thead><tr><th>passed</th><th>failed</th><th>warnings</th><th>skipped</th></tr></thead>',
      `<tbody><tr><td>${counts.passed}</td><td>${counts.failed}</td><td>${counts.warnings}</td><td>${counts.skipped}</td></tr></tbody></table>`,
    )
    for (const section of sectionsOf(report, options)) {
      body.push(
        `<section id="${section.verdict === 'fail' ? 'failures' : 'warnings'}" class="${section.verdict}">`,
        `<h2>${text(section.heading)}</h2>`,
      )
      if (section.keyInstruction)
        body.push(
          `<p class="key">${text(section.keyInstruction).replace(/`([^`]+)`/, '<code>$1</code>')}</p>`,
        )
      for (const r of section.results) {
        body.push(
          `<article class="result"><h3><code>${text(r.check)}</code> [${text(r.level)}] <code>${text(r.operation)}</code>: ${text(countOf(r))}</h3>`,
          `<p class="description">${text(r.description)}</p>`,
          ...r.findings.map(findingHtml),
          '</article>',
        )
      }
      body.push('</section>')
    }
    for (const hint of report.hints ?? []) body.push(`<p class="hint">Hint: ${text(hint)}</p>`)
    const footprint = footprintLine(report)
    if (footprint) body.push('<h2>Footprint</h2>', `<p id="footprint">${text(footprint)}</p>`)
    if (report.coverage) body.push('<h2>Coverage of the document</h2>', coverageTable(report.coverage))
    for (const missed of report.coverageMissed ?? [])
      body.push(`<p class="failed">Coverage below --min-coverage: ${text(missed)}</p>`)
    if (report.stateCoverage)
      body.push(
        '<h2>Coverage of the states</h2>',
        `<pre id="state-coverage">${text(stateCoverageLines(report.stateCoverage).join('\n'))}</pre>`,
      )
    if (report.cut) body.push(`<p class="failed">${text(report.cut)}</p>`)
    body.push(
      '<h2>Every check</h2>',
      '<table id="checks"><thead><tr><th>verdict</th><th>check</th><th>level</th><th>operation</th><th>note</th></tr></thead><tbody>',
      ...report.results.map((r) => {
        const verdict = verdictOf(r, report.strict)
        return `<tr class="${verdict}"><td>${verdict.toUpperCase()}</td><td>${text(r.check)}</td><td>${text(r.level)}</td><td>${text(r.operation)}</td><td>${text(r.reason ?? '')}</td></tr>`
      }),
      '</tbody></table>',
    )
  }
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
section.fail { border-left: 4px solid #c62828; padding-left: 1rem }
section.warn { border-left: 4px solid #e0a100; padding-left: 1rem }
tr.warn td { color: #7a5a00 } tr.skip td { color: #777 }
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

/** One finding: its message, its curl line, its script (an element per item, so another can be added). */
function findingHtml(f: Finding): string {
  const parts = [`<pre class="message">${text(f.message)}</pre>`]
  if (f.reproduced) parts.push(`<p class="reproduced">Run again: ${text(reproducedLabel(f.reproduced))}</p>`)
  if (f.curl) parts.push(`<pre class="curl">${text(f.curl)}</pre>`)
  if (f.script) parts.push(`<pre class="script">${text(f.script)}</pre>`)
  return `<div class="finding">${parts.join('')}</div>`
}

/** Untrusted text as HTML: cut, control characters shown as escapes, then markup escaped. */
function text(value: string): string {
  return escapeHtml(visible(truncate(value, HTML_TEXT_MAX)))
}
