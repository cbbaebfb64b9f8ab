import { formatRatio } from '../report/formatRatio.ts'
import { meets } from '../report/TARGETS.ts'
import type { StoreListFigures } from './measureStoreList.ts'

/** One V8 configuration the store was measured under, with its figures per size (ascending). */
export interface StoreScalingRun {
  id: string
  label: string
  nodeFlags: string[]
  /** Whether this run's p99 ratios are judged (the other run is shown for comparison). */
  judged: boolean
  figures: StoreListFigures[]
}

export interface StoreScalingRatio {
  runId: string
  status: string
  /** p99 at the largest size divided by p99 at the smallest. */
  ratio: number
  met: boolean | undefined
}

/** Issue 6: listing with a status costs the same at 1e3 and 1e6 pets (p99 within 1.5x); 1e6 pets in 300 MB. */
export const STORE_P99_LIMIT = 1.5
export const STORE_RSS_LIMIT_BYTES = 300 * 2 ** 20

/**
 * The store-scaling verdicts: p99 ratio largest/smallest size per status (judged for `available` and
 * `sold` in the judged run; `none` and `control` are context), and the RSS of the largest store in the
 * run with Node's default flags.
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
    for (const timing of largest.timings) {
      const base = smallest.timings.find((candidate) => candidate.status === timing.status)
      const ratio = base ? timing.p99Ns / base.p99Ns : Number.NaN
      const judged = run.judged && (timing.status === 'available' || timing.status === 'sold')
      const met = judged ? meets({ op: '<=', limit: STORE_P99_LIMIT }, ratio) : undefined
      if (met === false)
        misses.push(
          `store list status=${timing.status} (${run.label}): p99 ${largest.size} vs ${smallest.size} pets ${formatRatio(ratio)}, target <= ${STORE_P99_LIMIT}x`,
        )
      ratios.push({ runId: run.id, status: timing.status, ratio, met })
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
      `store RSS holding ${rss.size} pets: ${(rss.bytes / 2 ** 20).toFixed(0)} MiB, target <= ${rss.limitBytes / 2 ** 20} MiB`,
    )
  return { ratios, rss, misses }
}
