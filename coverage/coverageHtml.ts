// Coverage as a small self-contained HTML page: every value written as text (escaped), no script,
// no external asset, and a Content-Security-Policy that allows nothing but its own inline style.
import { escapeHtml } from '../kit/text/escapeHtml.ts'
import { plural } from '../kit/text/plural.ts'
import type { Coverage } from './coverageOf.ts'
import { COVERAGE_GAUGES } from './coverageUniverse.ts'
import { gaugeName } from './minCoverage.ts'

/** Items the page lists at most (a hostile --spec can make the universe large). */
export const COVERAGE_HTML_ITEMS_MAX = 2_000

/**
 * The page for `coverage`, titled with `subject` (the target or the HAR file).
 *
 * @example
 * coverageHtml(report.coverage, 'http://127.0.0.1:4010/v1') // '<!doctype html>…'
 */
export function coverageHtml(coverage: Coverage, subject: string): string {
  const items = coverage.items
    .slice(0, COVERAGE_HTML_ITEMS_MAX)
    .map(
      (item) =>
        `<tr class="${item.seen > 0 ? 'seen' : 'never'}"><td>${escapeHtml(item.dimension)}</td><td>${escapeHtml(item.operationId)}</td><td>${escapeHtml(item.key)}</td><td>${item.seen > 0 ? `${item.seen}x` : 'never'}</td></tr>`,
    )
  const undocumented = coverage.undocumented
    .slice(0, COVERAGE_HTML_ITEMS_MAX)
    .map((u) => `<li>${escapeHtml(u.operationId)} ${u.status} (${u.seen}x)</li>`)
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Coverage: ${escapeHtml(subject)}</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 2rem; color: #222 }
table { border-collapse: collapse; margin-bottom: 1.5rem }
th, td { border: 1px solid #ccc; padding: .3rem .6rem; text-align: left }
tr.never td { background: #fdecea } tr.seen td { background: #edf7ed }
meter { width: 8rem }
</style>
</head>
<body>
<h1>Coverage of the document</h1>
<p>What <code>${escapeHtml(subject)}</code> exercised: ${plural(coverage.observed, 'request')}, ${coverage.unmatched} matching no operation.</p>
${coverageTable(coverage)}
${undocumented.length > 0 ? `<h2>Undocumented statuses seen</h2><ul id="undocumented">${undocumented.join('')}</ul>` : ''}
<h2>Every item</h2>
<table id="items">
<thead><tr><th>dimension</th><th>operation</th><th>item</th><th>seen</th></tr></thead>
<tbody>
${items.join('\n')}
</tbody>
</table>
${coverage.items.length > COVERAGE_HTML_ITEMS_MAX ? `<p>${plural(coverage.items.length - COVERAGE_HTML_ITEMS_MAX, 'more item')} left out.</p>` : ''}
</body>
</html>
`
}

/**
 * The table of the document's dimensions (covered, total, share), for this page and the run's own
 * report page (contract-tests/report/toHtmlReport.ts).
 *
 * @example
 * coverageTable(coverage) // '<table id="dimensions">…'
 */
export function coverageTable(coverage: Coverage): string {
  const rows = COVERAGE_GAUGES.map((gauge) => {
    const { covered, total, percent } = coverage.dimensions[gauge]
    return `<tr><th scope="row">${escapeHtml(gaugeName(gauge))}</th><td>${covered} / ${total}</td><td><meter min="0" max="100" value="${percent}">${percent}%</meter> ${percent}%</td></tr>`
  }).join('\n')
  return `<table id="dimensions">
<thead><tr><th>dimension</th><th>covered</th><th>share</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
}
