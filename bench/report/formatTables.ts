import type { RouteMeasurement } from '../RouteMeasurement.ts'
import type { StoreScalingRatio } from '../store/compareStoreScaling.ts'
import type { StoreScalingRun } from '../store/StoreScaling.ts'
import {
  type Comparison,
  formatRatio,
  formatVerdict,
  type ServerSummary,
  TARGETS,
} from './compareToBaseline.ts'

const limitOf = (metric: string): string => {
  const target = TARGETS.find((candidate) => candidate.metric === metric)
  return target ? ` (${target.op}${target.limit}x)` : ''
}

/**
 * The two tables `npm run bench` prints: per route and server (throughput, latency, CPU and their
 * ratios to the baseline), then per server (start-up, its ratio, peak memory).
 */
export function formatBenchTables(
  servers: readonly ServerSummary[],
  measurements: readonly RouteMeasurement[],
  comparison: Comparison,
  routeLabels: Readonly<Record<string, string>>,
): string {
  const labelOf = new Map(servers.map((server) => [server.serverId, server.label]))
  const routeRows = measurements.map((measurement) => {
    const ratios = comparison.routes.find(
      (row) => row.serverId === measurement.serverId && row.routeId === measurement.routeId,
    )?.ratios
    const ratio = (metric: string) => formatVerdict(ratios?.find((candidate) => candidate.metric === metric))
    const failures = measurement.non2xx + measurement.errors
    return [
      routeLabels[measurement.routeId] ?? measurement.routeId,
      labelOf.get(measurement.serverId) ?? measurement.serverId,
      Math.round(measurement.requestsPerSecond).toString(),
      measurement.p50Ms.toFixed(2),
      measurement.p99Ms.toFixed(2),
      measurement.cpuPerRequestUs.toFixed(1),
      ratio('cpuPerRequestUs'),
      ratio('requestsPerSecond'),
      ratio('p99Ms'),
      failures === 0 ? '0' : `${failures} (${measurement.non2xx} non-2xx, ${measurement.errors} errors)`,
    ]
  })
  const routeTable = formatTextTable(
    [
      'route',
      'server',
      'req/s',
      'p50 ms',
      'p99 ms',
      'CPU us/req',
      `CPU/req x${limitOf('cpuPerRequestUs')}`,
      `req/s x${limitOf('requestsPerSecond')}`,
      `p99 x${limitOf('p99Ms')}`,
      'failed',
    ],
    routeRows,
    [2, 3, 4, 5, 6, 7, 8],
  )

  const serverRows = servers.map((server) => {
    const startup = comparison.servers.find((row) => row.serverId === server.serverId)?.ratios[0]
    return [
      server.label,
      Math.round(server.startupMs).toString(),
      server.startupSamplesMs.map((ms) => Math.round(ms)).join(', '),
      formatVerdict(startup),
      Number.isFinite(server.peakRssBytes) ? (server.peakRssBytes / 2 ** 20).toFixed(0) : 'n/a',
    ]
  })
  const serverTable = formatTextTable(
    ['server', 'startup ms', 'samples', `startup x${limitOf('startupMs')}`, 'peak RSS MiB'],
    serverRows,
    [1, 3, 4],
  )
  return `${routeTable}\n\n${serverTable}`
}

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
        (figures.heapUsedBytes / 2 ** 20).toFixed(0),
        ((figures.newSpaceBytes ?? 0) / 2 ** 20).toFixed(0),
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
      'heap used',
      'young gen',
      'peak MiB',
    ],
    rows,
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
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

/**
 * Lays out rows as a plain-text table with a header rule; columns named in `rightAligned` (by index)
 * are padded on the left, so numbers line up.
 *
 * @example
 * formatTextTable(['a', 'n'], [['x', '1'], ['yy', '10']], [1])
 * // 'a   n\n--  --\nx    1\nyy  10'
 */
export function formatTextTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  rightAligned: readonly number[] = [],
): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  )
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) => {
        const width = widths[column] ?? 0
        return rightAligned.includes(column) ? cell.padStart(width) : cell.padEnd(width)
      })
      .join('  ')
      .trimEnd()
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n')
}
