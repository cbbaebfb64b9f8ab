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
  const of = (verdict: Section['verdict']) =>
    report.results.filter((r) => verdictOf(r, report.strict) === verdict)
  const [failures = [], warnings = [], waived = []] = (['fail', 'warn', 'waived'] as const).map(of)
  const sections: Section[] = [
    {
      verdict: 'fail',
      heading: `${plural(failures.length, 'failure')} (${report.strict ? 'required rules, and recommended ones with --strict' : 'required rules'})`,
      results: failures,
    },
    {
      verdict: 'warn',
      heading: `${plural(warnings.length, 'warning')} (recommended; they fail the run only with --strict)`,
      results: warnings,
    },
    {
      verdict: 'waived',
      heading: `${waived.length} waived (--checks, --exclude-checks, --waivers; never counted as passed)`,
      results: waived,
    },
  ]
  const shown = sections.filter((section) => section.results.length > 0)
  const first = shown.find((s) => s.results.some((r) => r.findings.some((f) => f.curl || f.script)))
  if (first) first.keyInstruction = keyInstruction(options.apiKeyFrom)
  return shown
}
