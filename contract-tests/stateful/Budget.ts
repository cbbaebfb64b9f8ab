/**
 * How hard the model phase looks: a number of generated sequences, a time, or both (whichever comes
 * first). Shrinking a failure gets the same again.
 */
export interface Budget {
  runs?: number
  ms?: number
  /** The default's own: new rounds of sequences until this long has passed (within `ms`), to meet what changes with time. */
  watchMs?: number
}

/**
 * The default: 200 sequences, or 20 s of searching if that comes first, and at least 3 s of
 * watching (more rounds of sequences while a fast target answered 200 sooner). A count, so a slow staging
 * runs as many sequences as a local target (the phase runs several at once, see runModelPhase); a
 * time cap, so a very slow one still ends: at 100 ms per request the default run (fixed checks,
 * search, shrinking, final sweep) stays within about a minute (docs/contract-model-phase.md).
 */
export const DEFAULT_BUDGET: Budget = { runs: 200, ms: 20_000, watchMs: 3_000 }

/**
 * Reads `--budget`: sequences (`200`, `200seq`, `200runs`), time (`30s`, `500ms`, `2m`), or both
 * joined by a comma (`300seq,60s`: whichever is reached first). Throws an Error naming the flag for
 * anything else.
 *
 * @example
 * parseBudget('200runs') // { runs: 200 }
 * parseBudget('30s') // { ms: 30000 }
 * parseBudget('300seq,1m') // { runs: 300, ms: 60000 }
 */
export function parseBudget(text: string): Budget {
  const budget: Budget = {}
  for (const part of text.replaceAll(' ', '').split(',')) {
    const [, digits, given = 'seq'] =
      /^(\d+(?:\.\d+)?)(runs?|seqs?|sequences?|ms|s|m|min)?$/i.exec(part) ?? []
    const [amount, unit] = [Number(digits), given.toLowerCase()]
    if (!(amount > 0))
      throw new Error(
        `--budget must be a number of sequences (200, 200seq, 200runs), a time (30s, 500ms, 2m), or both (300seq,60s); received '${text}'`,
      )
    if (unit.startsWith('run') || unit.startsWith('seq')) {
      if (!Number.isInteger(amount))
        throw new Error(`--budget sequences must be a whole number; received '${text}'`)
      if (budget.runs !== undefined) throw new Error(`--budget gives sequences twice; received '${text}'`)
      budget.runs = amount
    } else {
      if (budget.ms !== undefined) throw new Error(`--budget gives a time twice; received '${text}'`)
      budget.ms = Math.round(amount * (unit === 'ms' ? 1 : unit === 's' ? 1_000 : 60_000))
    }
  }
  return budget
}

/**
 * The budget as the flag would spell it, for replay commands and reports.
 *
 * @example
 * formatBudget({ ms: 4000 }) // '4s'
 * formatBudget({ runs: 200, ms: 20000 }) // '200seq,20s'
 */
export function formatBudget(budget: Budget): string {
  const time =
    budget.ms === undefined ? undefined : budget.ms % 1000 === 0 ? `${budget.ms / 1000}s` : `${budget.ms}ms`
  return [budget.runs === undefined ? undefined : `${budget.runs}seq`, time].filter(Boolean).join(',')
}
