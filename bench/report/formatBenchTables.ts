import type { RouteMeasurement } from '../load/driveRoute.ts'
import type { Comparison, ServerSummary } from './compareToBaseline.ts'
import { formatTextTable } from './formatTextTable.ts'
import { formatVerdict } from './formatVerdict.ts'
import { TARGETS } from './TARGETS.ts'

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
      (server.peakRssBytes / 2 ** 20).toFixed(0),
    ]
  })
  const serverTable = formatTextTable(
    ['server', 'startup ms', 'samples', `startup x${limitOf('startupMs')}`, 'peak RSS MiB'],
    serverRows,
    [1, 3, 4],
  )
  return `${routeTable}\n\n${serverTable}`
}
