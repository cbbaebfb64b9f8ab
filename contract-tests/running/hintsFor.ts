import type { TargetKind } from '../base/capabilitiesOf.ts'
import type { CheckResult } from '../checks/Check.ts'

/**
 * Advice the results imply beyond each check: a target that accepts a wrong key and does not keep a
 * pet it was sent looks like `prism mock` (run with `--stateless`); bodies cut at the cap.
 *
 * @example
 * hintsFor(report.results, 'server', 'npm run contract --') // ['The target accepted a wrong key and ... run with --stateless ...']
 */
export function hintsFor(results: readonly CheckResult[], targetKind: TargetKind, command: string): string[] {
  const failed = (check: string) => results.some((r) => r.check === check && r.outcome === 'fail')
  const hints: string[] = []
  if (targetKind === 'server' && failed('wrong_key_rejected') && failed('create_round_trip'))
    hints.push(
      `The target accepted a wrong key and did not keep a pet it was sent: it looks stateless, like \`prism mock\`. If it is a stateless mock, run \`${command} --stateless\` with your other flags (the checks that need state or real keys are then skipped, with the reason); if it is a real server, these failures are real.`,
    )
  if (failed('body_within_cap'))
    hints.push(
      'Some response bodies were longer than the cap and were cut (see body_within_cap): the checks that read them could not judge them. If such bodies are legitimate, raise --max-body.',
    )
  return hints
}
