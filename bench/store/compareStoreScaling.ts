import { formatRatio, meets } from '../report/compareToBaseline.ts'
import type { StoreScalingRun } from './StoreScaling.ts'

export interface StoreScalingRatio {
  runId: string
  status: string
  /** p99 at the largest size divided by p99 at the smallest. */
  ratio: number
  /** `ratio` divided by the control's ratio when the control grew (> 1): what the store adds to the process's own slowing. */
  normalized: number
  met: boolean | undefined
}

/** decisions/006-benchmark-targets.md: listing with a status costs the same at 1e3 and 1e6 pets (p99 within 1.5x); 1e6 pets in 300 MB. */
export const STORE_P99_LIMIT = 1.5
export const STORE_RSS_LIMIT_BYTES = 300 * 2 ** 20

/**
 * The store-scaling verdicts, and the RSS of the largest store in the run with Node's default flags.
 *
 * Per status: the p99 ratio of the largest to the smallest size and, judged for `available` and `sold`
 * in the judged run, that ratio divided by the control's when the control grew (a bare 20-element
 * `slice` timed in the same processes and rounds). A list call is a couple of hundred nanoseconds; at
 * that scale a process holding a million objects can be slower at *any* small allocation (cache and
 * TLB misses), which the control shows as plainly as the store. Only growth beyond the control's is
 * the store's. The judged run pins V8's young generation so page faults do not swamp the control; an
 * O(n) scan at 1e6 pets costs milliseconds, thousands of times the control, so nothing hides one.
 */
export function compareStoreScaling(runs: readonly StoreScalingRun[]): {
  ratios: StoreScalingRatio[]
  rss: { bytes: number; limitBytes: number; met: boolean; size: number } | undefined
  misses: string[]
} {
  const misses: string[] = []
  const ratios: StoreScalingRatio[] = []
  for (const run of runs) {
    const smallest = run.figures[0]
    const largest = run.figures.at(-1)
    if (!smallest || !largest || smallest === largest) continue
    const p99Ratio = (status: string): number => {
      const large = largest.timings.find((timing) => timing.status === status)
      const small = smallest.timings.find((timing) => timing.status === status)
      return large && small ? large.p99Ns / small.p99Ns : Number.NaN
    }
    const control = p99Ratio('control')
    for (const { status } of largest.timings) {
      const ratio = p99Ratio(status)
      const normalized = ratio / Math.max(1, control)
      const judged = run.judged && (status === 'available' || status === 'sold')
      const met = judged ? meets({ op: '<=', limit: STORE_P99_LIMIT }, normalized) : undefined
      if (met === false)
        misses.push(
          `store list status=${status} (${run.label}): p99 ${largest.size} vs ${smallest.size} pets ${formatRatio(ratio)}, ${formatRatio(normalized)} of the control's growth, target <= ${STORE_P99_LIMIT}x`,
        )
      ratios.push({ runId: run.id, status, ratio, normalized, met })
    }
  }
  const plain = runs.find((run) => run.nodeFlags.every((flag) => flag === '--expose-gc'))
  const largest = plain?.figures.at(-1)
  const rss = largest && {
    bytes: largest.rssBytes,
    limitBytes: STORE_RSS_LIMIT_BYTES,
    met: largest.rssBytes <= STORE_RSS_LIMIT_BYTES,
    size: largest.size,
  }
  if (rss && !rss.met)
    misses.push(
      `store RSS holding ${rss.size} pets: ${(rss.bytes / 2 ** 20).toFixed(0)} MiB (heap used ${((largest?.heapUsedBytes ?? 0) / 2 ** 20).toFixed(0)} MiB, V8's young generation ${((largest?.newSpaceBytes ?? 0) / 2 ** 20).toFixed(0)} MiB), target <= ${rss.limitBytes / 2 ** 20} MiB`,
    )
  return { ratios, rss, misses }
}
