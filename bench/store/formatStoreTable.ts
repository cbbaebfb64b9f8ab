import { formatRatio } from '../report/formatRatio.ts'
import { formatTextTable } from '../report/formatTextTable.ts'
import type { StoreScalingRatio, StoreScalingRun } from './compareStoreScaling.ts'

const STATUSES = ['available', 'sold', 'none', 'control'] as const

/** The store-scaling table (one row per configuration and size) and the p99 ratio lines. */
export function formatStoreTable(
  runs: readonly StoreScalingRun[],
  ratios: readonly StoreScalingRatio[],
  rss: { bytes: number; limitBytes: number; met: boolean; size: number } | undefined,
): string {
  const rows = runs.flatMap((run) =>
    run.figures.map((figures) => {
      const cell = (status: string) => {
        const timing = figures.timings.find((candidate) => candidate.status === status)
        return timing ? `${timing.p50Ns} / ${timing.p99Ns}` : 'n/a'
      }
      return [
        run.label,
        figures.size.toLocaleString('en-US'),
        ...STATUSES.map(cell),
        figures.minorPageFaults.toString(),
        (figures.rssBytes / 2 ** 20).toFixed(0),
        (figures.peakRssBytes / 2 ** 20).toFixed(0),
      ]
    }),
  )
  const table = formatTextTable(
    [
      'V8',
      'pets',
      'available p50/p99 ns',
      'sold (1 pet) p50/p99 ns',
      'no status p50/p99 ns',
      'control slice p50/p99 ns',
      'page faults',
      'RSS MiB',
      'peak MiB',
    ],
    rows,
    [1, 2, 3, 4, 5, 6, 7, 8],
  )
  const ratioLines = runs.map((run) => {
    const parts = STATUSES.map((status) => {
      const ratio = ratios.find((candidate) => candidate.runId === run.id && candidate.status === status)
      if (!ratio) return `${status} n/a`
      const verdict = ratio.met === undefined ? '' : ratio.met ? ' ok' : ' MISSED'
      if (status === 'control') return `control ${formatRatio(ratio.ratio)}`
      return `${status} ${formatRatio(ratio.ratio)} (${formatRatio(ratio.normalized)} ÷ control)${verdict}`
    })
    const judged = run.judged
      ? ` (judged: available and sold, divided by the control's growth when it grew, <= 1.5x)`
      : ''
    return `p99 largest/smallest pets, ${run.label}${judged}: ${parts.join(', ')}`
  })
  const rssLine = rss
    ? `RSS holding ${rss.size.toLocaleString('en-US')} pets (Node defaults): ${(rss.bytes / 2 ** 20).toFixed(0)} MiB, target <= ${rss.limitBytes / 2 ** 20} MiB: ${rss.met ? 'ok' : 'MISSED'}`
    : 'RSS: not measured'
  return [table, ...ratioLines, rssLine].join('\n')
}
