import { truncate, visible } from '../../kit/text/visible.ts'
import type { Finding } from '../checks/Check.ts'
import type { ContractReport } from '../running/runContract.ts'
import { causesOf } from './causesOf.ts'
import { countOf } from './countOf.ts'
import { footprintProperties } from './footprintLines.ts'
import { FINDING_LABEL } from './formatConsole.ts'
import { tally, verdictOf } from './tally.ts'

/** The longest text one testcase carries: a failure message with its reproductions. */
export const JUNIT_TEXT_MAX = 16_384

/**
 * JUnit XML for CI: one testcase per check and operation (classname `petstore.contract.<level>`). A
 * warning (a recommended failure without --strict) is a skipped testcase whose message starts with
 * `WARN`, counted in the `warnings` property (JUnit has no such outcome), so the counts are those of
 * the console and JSON. Well-formed XML 1.0 whatever the target sent: control characters shown
 * escaped (`\e`), characters XML forbids never, markup (so `]]>`) escaped, each text cut at JUNIT_TEXT_MAX.
 *
 * @example
 * await writeFile('reports/contract/junit.xml', toJunitXml(report))
 */
export function toJunitXml(report: ContractReport): string {
  const cases = report.results.map((result) => {
    const open = `    <testcase classname="petstore.contract.${attr(result.level)}" name="${attr(`${result.check} ${result.operation}`)}">`
    const messages = text([`${countOf(result)}:`, ...result.findings.map(describeFinding)].join('\n\n'))
    switch (verdictOf(result, report.strict)) {
      case 'skip':
      case 'waived':
        return `${open}<skipped message="${attr(`${result.outcome === 'waived' ? 'WAIVED: ' : ''}${result.reason ?? ''}`)}"/></testcase>`
      case 'pass':
        return `${open}</testcase>`
      case 'warn':
        return `${open}<skipped message="WARN: recommended check failed (fails the run only with --strict)">${messages}</skipped></testcase>`
      default:
        return `${open}<failure message="${attr(result.description)}">${messages}</failure></testcase>`
    }
  })
  const counts = tally(report)
  const errors = report.abort ? 1 : 0
  const expired = report.expired ?? []
  // The run's own failures beside the checks': a target not reached (an error), a waiver expired.
  const own = (name: string, tag: string, message: string) =>
    `    <testcase classname="petstore.contract" name="${name}"><${tag} message="${attr(message)}"/></testcase>`
  const abort = [
    ...(report.abort ? [own('reach target', 'error', report.abort)] : []),
    ...expired.map((line) => own('waivers', 'failure', line)),
  ]
  const properties = [
    ['warnings', String(counts.warnings)],
    ['rate-limited', String(report.rateLimited?.responses ?? 0)],
    ['rate-limit-wait-ms', String(Math.round(report.rateLimited?.waitedMs ?? 0))],
    ...(report.hints ?? []).map((hint) => ['hint', hint]),
    // The failures grouped by cause (causesOf): what the testcases below share.
    ...causesOf(report).map((c) => [
      'cause',
      `${c.says}${c.fix ? `; fix: ${c.fix}` : ''}; seen by: ${c.seenBy.join(', ')}`,
    ]),
    ...footprintProperties(report),
    ...Object.entries(report.coverage?.dimensions ?? {}).map(([dimension, tally]) => [
      `coverage.${dimension}`,
      `${tally.covered}/${tally.total} (${tally.percent}%)`,
    ]),
    ...(report.coverageMissed ?? []).map((line) => ['coverage-missed', line]),
  ].map(
    ([name, value]) => `      <property name="${attr(name as string)}" value="${attr(value as string)}"/>`,
  )
  const tests = report.results.length + errors + expired.length
  const totals = `tests="${tests}" failures="${counts.failed + expired.length}" errors="${errors}" skipped="${counts.skipped + counts.warnings + counts.waived}" time="${(report.durationMs / 1000).toFixed(3)}"`
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="petstore-contract" ${totals}>`,
    `  <testsuite name="${attr(report.baseUrl)}" ${totals}>`,
    '    <properties>',
    ...properties,
    '    </properties>',
    ...abort,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n')
}

function describeFinding(f: Finding): string {
  const script = f.script && `${FINDING_LABEL.script}\n${f.script}`
  return [f.message, f.curl && `${FINDING_LABEL.curl}${f.curl}`, script].filter(Boolean).join('\n')
}

/** Character data: every character legal in XML 1.0, markup escaped (so `]]>` cannot occur). */
function text(value: string): string {
  return visible(truncate(value, JUNIT_TEXT_MAX))
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
}

/** An attribute value: as text, plus quotes, and line breaks and tabs as references so they survive. */
function attr(value: string): string {
  return text(value).replaceAll('"', '&quot;').replaceAll('\n', '&#10;').replaceAll('\t', '&#9;')
}
