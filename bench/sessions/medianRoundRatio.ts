/**
 * The judged p99 ratio of the sessions row (decision 039): each round's p99 of the judged server over
 * the baseline's in the same round, and their median (the mean of the middle two for an even count).
 * A round either server could not answer (a NaN p99) gives a NaN ratio, which sorts last and is judged
 * as missed when it is the median.
 *
 * @example
 * medianRoundRatio([12, 30, 11], [10, 10, 10]) // { ratios: [1.2, 3, 1.1], median: 1.2 }
 */
export function medianRoundRatio(
  judged: readonly number[],
  baseline: readonly number[],
): { ratios: number[]; median: number } {
  if (judged.length !== baseline.length || judged.length === 0)
    throw new Error(`rounds differ or none: ${judged.length} against ${baseline.length}`)
  const ratios = judged.map((p99, round) => p99 / (baseline[round] as number))
  const sorted = ratios.toSorted((a, b) => (Number.isNaN(a) ? 1 : Number.isNaN(b) ? -1 : a - b))
  const middle = sorted.length >> 1
  const median =
    sorted.length % 2 === 1
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
  return { ratios, median }
}
