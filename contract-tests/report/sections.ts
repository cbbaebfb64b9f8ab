import { plural } from '../../kit/text/plural.ts'
import type { CheckResult } from '../checks/Check.ts'
import type { KeySource } from '../running/ContractTarget.ts'
import type { ContractReport } from '../running/runContract.ts'
import { keyInstruction } from './keyInstruction.ts'
import { verdictOf } from './tally.ts'

/** How the reports a person reads word what the run itself does not know. */
export interface ReportOptions {
  /** Where the key came from, so a report says how to set $PETSTORE_API_KEY for the curl lines (never the key). */
  apiKeyFrom?: KeySource | undefined
}

/** One group of findings the reports show: its one-line heading and its results, in run order. */
export interface Section {
  verdict: 'fail' | 'warn' | 'waived'
  heading: string
  /** On the first section with a curl line or script only: a line pasted without the key answers 401. */
  keyInstruction?: string
  results: CheckResult[]
}

/**
 * The findings of a run as every report shows them, each group under a one-line heading with its
 * count, empty ones left out: failures first, then warnings, then what was excluded or waived, so a
 * real bug is never behind three warnings. The first group with a reproduction carries the sentence
 * on setting the key it reads (keyInstruction).
 *
 * @example
 * sectionsOf(report).map((s) => s.heading) // ['2 failures (required rules)', '3 warnings (recommended)']
 */
export function sectionsOf(
  report: Pick<ContractReport, 'results' | 'strict'>,
  options: ReportOptions = {},
): Section[] {
  const heading = {
    fail: (n: number) =>
      `${plural(n, 'failure')} (${report.strict ? 'required rules, and recommended ones with --strict' : 'required rules'})`,
    warn: (n: number) => `${plural(n, 'warning')} (recommended; they fail the run only with --strict)`,
    waived: (n: number) => `${n} waived (--checks, --exclude-checks, --waivers; never counted as passed)`,
  }
  const sections = (['fail', 'warn', 'waived'] as const).map((verdict): Section => {
    const results = report.results.filter((r) => verdictOf(r, report.strict) === verdict)
    return { verdict, heading: heading[verdict](results.length), results }
  })
  const shown = sections.filter((section) => section.results.length > 0)
  const first = shown.find((s) => s.results.some((r) => r.findings.some((f) => f.curl || f.script)))
  if (first) first.keyInstruction = keyInstruction(options.apiKeyFrom)
  return shown
}
