/** How hard the model phase looks: a number of generated sequences, or a time. Shrinking gets the same again. */
export type Budget = { runs: number } | { ms: number }

/** The default: by time, so a slow target gets fewer sequences rather than a longer run. */
export const DEFAULT_BUDGET: Budget = { ms: 4_000 }

/**
 * Reads `--budget`: `200runs` or `200` (sequences), `30s`, `500ms` or `2m` (time).
 * Throws an Error naming the flag for anything else.
 *
 * @example
 * parseBudget('200runs') // { runs: 200 }
 * parseBudget('30s') // { ms: 30000 }
 */
export function parseBudget(text: string): Budget {
  const match = /^(\d+(?:\.\d+)?)(runs?|ms|s|m|min)?$/i.exec(text.replaceAll(' ', ''))
  const amount = Number(match?.[1])
  const unit = match?.[2]?.toLowerCase()
  if (!match || !(amount > 0))
    throw new Error(
      `--budget must be a number of runs (200, 200runs) or a time (30s, 500ms, 2m); received '${text}'`,
    )
  if (unit === undefined || unit.startsWith('run')) {
    if (!Number.isInteger(amount)) throw new Error(`--budget runs must be a whole number; received '${text}'`)
    return { runs: amount }
  }
  return { ms: Math.round(amount * (unit === 'ms' ? 1 : unit === 's' ? 1_000 : 60_000)) }
}

/**
 * The budget as the flag would spell it, for replay commands and reports.
 *
 * @example
 * formatBudget({ ms: 4000 }) // '4s'
 */
export function formatBudget(budget: Budget): string {
  if ('runs' in budget) return `${budget.runs}runs`
  return budget.ms % 1000 === 0 ? `${budget.ms / 1000}s` : `${budget.ms}ms`
}
