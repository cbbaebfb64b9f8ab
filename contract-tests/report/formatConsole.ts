import { estimateDuration } from '../estimateDuration.ts'
import type { ContractReport } from '../runContract.ts'

/**
 * The report as a person reads it: one line per check and operation, then every failure with what
 * was received, what the spec documents and a curl line to reproduce it.
 *
 * @example
 * console.log(formatConsole(await runContract(options))) // '  PASS  default_limit [required] listPets' …
 */
export function formatConsole(report: ContractReport): string {
  const lines = [`Pet Store contract suite against ${report.baseUrl} (run ${report.runId}${modes(report)})`]
  if (report.abort) return [...lines, '', `ABORTED: ${report.abort}`].join('\n')
  const mark = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' } as const
  for (const result of report.results) {
    const outcome =
      result.outcome === 'fail' && result.level === 'recommended' && !report.strict
        ? 'WARN'
        : mark[result.outcome]
    const reason = result.reason ? `  (${result.reason})` : ''
    lines.push(`  ${outcome}  ${result.check} [${result.level}] ${result.operation}${reason}`)
  }
  const failures = report.results.filter((r) => r.outcome === 'fail')
  for (const result of failures) {
    for (const f of result.findings) {
      lines.push(
        '',
        `${result.check} [${result.level}] ${result.operation}`,
        indent(f.message),
        indent(`Reproduce: ${f.curl}`),
        ...(f.script
          ? [indent('Shrunk sequence (a sh script; run it with PETSTORE_API_KEY set):'), indent(f.script)]
          : []),
      )
    }
  }
  const count = (outcome: string) => report.results.filter((r) => r.outcome === outcome).length
  lines.push(
    '',
    `${count('pass')} passed, ${count('fail')} failed, ${count('skip')} skipped (${report.requests} requests in ${Math.round(report.durationMs)} ms)`,
    ...generatedLines(report),
    report.failed ? 'Result: FAILED' : 'Result: conforms',
  )
  return lines.join('\n')
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

function indent(text: string): string {
  return text.replace(/^/gm, '    ')
}

/** What the model phase did, and how long the run would take against a slower target. */
function generatedLines(report: ContractReport): string[] {
  const estimate = estimateDuration(report)
  const lines = [
    `${estimate.requests} requests, ${estimate.sequentialRequests} of them one after another: about ${(estimate.estimatedMs / 1000).toFixed(1)} s at ${estimate.latencyMs} ms per request`,
  ]
  const g = report.generated
  if (g)
    lines.unshift(
      `Model phase: ${g.sequences} sequences, ${g.shrinks} shrinks, budget ${g.budget}, seed ${g.seed} (replay with --seed ${g.seed})`,
    )
  return lines
}
