import type { TargetKind } from '../base/capabilitiesOf.ts'
import type { CheckResult } from '../checks/Check.ts'
import { DEFAULT_COMMAND } from './invokedAs.ts'

/**
 * Advice the results imply beyond each check. A target that accepts a wrong key and does not keep a
 * pet it was sent (created or fetched back differently) looks like a stateless mock (`prism mock`): such a run wants `--stateless`.
 *
 * @example
 * hintsFor(report.results, 'server', 'npm run contract --') // ['The target accepted a wrong key and ... run with --stateless ...']
 */
export function hintsFor(
  results: readonly CheckResult[],
  targetKind: TargetKind,
  command = DEFAULT_COMMAND,
): string[] {
  const failed = (check: string, operation?: string) =>
    results.some(
      (r) => r.check === check && r.outcome === 'fail' && (!operation || r.operation === operation),
    )
  const hints: string[] = []
  if (targetKind === 'server' && failed('wrong_key_rejected') && failed('create_round_trip')) {
    hints.push(
      `The target accepted a wrong key and did not keep a pet it was sent: it looks stateless, like \`prism mock\`. If it is a stateless mock, run \`${command} --stateless\` with your other flags (the checks that need state or real keys are then skipped, with the reason); if it is a real server, these failures are real.`,
    )
  }
  const truncated = results.filter((r) => r.check === 'body_within_cap' && r.outcome === 'fail')
  if (truncated.length > 0) {
    hints.push(
      'Some response bodies were longer than the cap and were cut (see body_within_cap): the checks that read them could not judge them. If such bodies are legitimate, raise --max-body.',
    )
  }
  return hints
}
