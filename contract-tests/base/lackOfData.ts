import type { Census } from './Census.ts'

/**
 * The number of known pets, with that status when given.
 *
 * @example
 * known(census) // 131
 * known(census, 'sold') // 34
 */
export function known(census: Census, status?: string): number {
  if (status === undefined) return census.pets.size
  return [...census.pets.values()].filter((s) => s === status).length
}

/**
 * Why a rule that needs `needed` pets (with `status`, when given) could not be judged, or undefined
 * when the census holds enough. The words end up as the skip reason: never a pass without data.
 *
 * @example
 * lackOfData(census, 101) // 'not judged: it needs more than 100 pets in the store; 30 are known (read-only run: it creates none)'
 */
export function lackOfData(census: Census | undefined, needed: number, status?: string): string | undefined {
  if (!census) return 'not judged: the target keeps no state, so there is no data to judge it with'
  if (census.broken) return `not judged: the pets could not be counted (${census.broken})`
  const count = known(census, status)
  if (count >= needed) return undefined
  const what = status === undefined ? 'pets in the store' : `pets with status '${status}'`
  const why = census.budgetSpent
    ? 'the create budget, --max-creates, ran out first'
    : census.writes
      ? 'the run could not create enough'
      : 'read-only run: it creates none'
  return `not judged: it needs at least ${needed} ${what}; ${count} are known (${why})`
}
