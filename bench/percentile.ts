/**
 * The q-quantile (0..1) of `sorted` (ascending) by the nearest-rank method: the smallest value with at
 * least q of the samples at or below it. NaN for no samples.
 *
 * @example
 * percentile([1, 2, 3, 4], 0.5) // 2
 */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN
  const rank = Math.max(1, Math.ceil(q * sorted.length))
  return sorted[Math.min(rank, sorted.length) - 1] as number
}
