import type { ContractReport } from '../runContract.ts'

/**
 * JUnit XML for CI: one testsuite for the target, one testcase per check and operation (classname
 * `petstore.contract.<level>`). A recommended failure is a failure only with --strict; otherwise it
 * is reported as skipped with its message.
 *
 * @example
 * await writeFile('reports/contract/junit.xml', toJunitXml(report))
 */
export function toJunitXml(report: ContractReport): string {
  const cases = report.results.map((result) => {
    const name = escapeXml(`${result.check} ${result.operation}`)
    const open = `    <testcase classname="petstore.contract.${result.level}" name="${name}">`
    const messages = escapeXml(result.findings.map((f) => `${f.message}\nReproduce: ${f.curl}`).join('\n\n'))
    if (result.outcome === 'skip')
      return `${open}<skipped message="${escapeXml(result.reason ?? '')}"/></testcase>`
    if (result.outcome === 'pass') return `${open}</testcase>`
    if (result.level === 'recommended' && !report.strict)
      return `${open}<skipped message="recommended check failed (not strict)">${messages}</skipped></testcase>`
    return `${open}<failure message="${escapeXml(result.description)}">${messages}</failure></testcase>`
  })
  const failures = report.results.filter(
    (r) => r.outcome === 'fail' && (r.level === 'required' || report.strict),
  ).length
  const skipped = report.results.length - failures - report.results.filter((r) => r.outcome === 'pass').length
  const abort = report.abort
    ? `\n    <testcase classname="petstore.contract" name="reach target"><error message="${escapeXml(report.abort)}"/></testcase>`
    : ''
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="petstore-contract" tests="${report.results.length + (report.abort ? 1 : 0)}" failures="${failures}" errors="${report.abort ? 1 : 0}" time="${(report.durationMs / 1000).toFixed(3)}">`,
    `  <testsuite name="${escapeXml(report.baseUrl)}" tests="${report.results.length}" failures="${failures}" skipped="${skipped}">${abort}`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n')
}

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}
