import { truncate } from '../../kit/text/visible.ts'
import type { ContractReport } from '../running/runContract.ts'
import { verdictOf } from './tally.ts'

/** One cause of a run's failures: the fault in one line, the fix where the document decides it, the results that saw it. */
export interface CauseSeen {
  says: string
  fix?: string | undefined
  /** Each check × operation that saw it (`created_pets_kept createPet`), in run order. */
  seenBy: string[]
}

/**
 * The failures of a run grouped by cause: findings that share a fault (their `cause`, from
 * checks/causeOf.ts: a field read as a double, getPet answering another pet) are one cause whichever
 * checks saw it, others one per check. Each says its shortest statement (cut at 512 characters), the
 * document's fix where it decides one, and who saw it; the cause most saw comes first.
 *
 * @example
 * causesOf(report)[0]?.says // 'createPet kept categoryId 9223372036854775807 as 9223372036854776000: an integer beyond 2^53 read as a double'
 */
export function causesOf(report: Pick<ContractReport, 'results' | 'strict'>): CauseSeen[] {
  const causes = new Map<string, CauseSeen>()
  for (const result of report.results.filter((r) => verdictOf(r, report.strict) === 'fail')) {
    for (const { cause, received, expected, message } of result.findings) {
      const says = truncate(
        cause?.says ?? `${result.check} ${result.operation}: ${received ?? message.split('\n', 1)[0]}`,
        512,
      )
      const documented = result.level === 'required' && expected ? `documented: ${expected}` : undefined
      const fix = cause?.fix ?? (documented && truncate(documented, 512))
      const seen = causes.get(cause?.key ?? result.check) ?? { says, fix, seenBy: [] }
      causes.set(cause?.key ?? result.check, seen)
      if (says.length < seen.says.length) Object.assign(seen, { says, fix })
      const by = `${result.check} ${result.operation}`
      if (!seen.seenBy.includes(by)) seen.seenBy.push(by)
    }
  }
  return [...causes.values()].sort((a, b) => b.seenBy.length - a.seenBy.length)
}
