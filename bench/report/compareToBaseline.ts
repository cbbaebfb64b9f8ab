import type { ServerRole } from '../benchServers.ts'
import type { RouteMeasurement } from '../RouteMeasurement.ts'

/** A figure the bench judges, always as a ratio to the bare baseline measured in the same run. */
export interface Target {
  metric: 'cpuPerRequestUs' | 'requestsPerSecond' | 'p99Ms' | 'startupMs'
  label: string
  op: '<=' | '>='
  limit: number
}

/**
 * The targets of decisions/006-benchmark-targets.md as decision 020 tightened them: the mock against bare
 * node:http, per route (first three, judged for `npm start`: decision 033) and at start-up (judged for
 * the `petstore-mock` bin; `npm start` shown beside it with npm's own share: decision 036).
 */
export const TARGETS: readonly Target[] = [
  { metric: 'cpuPerRequestUs', label: 'CPU/req', op: '<=', limit: 1.3 },
  { metric: 'requestsPerSecond', label: 'req/s', op: '>=', limit: 0.6 },
  { metric: 'p99Ms', label: 'p99', op: '<=', limit: 2 },
  { metric: 'startupMs', label: 'startup', op: '<=', limit: 2 },
]

/** Whether `ratio` meets `target`; a ratio that could not be computed (NaN) never does. */
export function meets(target: Pick<Target, 'op' | 'limit'>, ratio: number): boolean {
  if (!Number.isFinite(ratio)) return false
  return target.op === '<=' ? ratio <= target.limit : ratio >= target.limit
}

/** A server as the report knows it: start-up and memory are per process, not per route. */
export interface ServerSummary {
  serverId: string
  label: string
  role: ServerRole
  /** Its role at start-up when not `role` (decision 036: the bin is judged there, `npm start` shown). */
  startupRole?: ServerRole
  /** Median of `startupSamplesMs`. */
  startupMs: number
  startupSamplesMs: number[]
  peakRssBytes: number
}

/** One figure divided by the baseline's; `met` only for a target server (undefined otherwise). */
export interface Ratio {
  metric: Target['metric']
  label: string
  ratio: number
  op: Target['op']
  limit: number
  met: boolean | undefined
}

export interface Comparison {
  /** Per measurement (server x route): CPU/req, req/s and p99 ratios. */
  routes: Array<{ serverId: string; routeId: string; ratios: Ratio[] }>
  /** Per server: the start-up ratio. */
  servers: Array<{ serverId: string; ratios: Ratio[] }>
  /** One sentence per target a target server missed; empty when all are met. */
  misses: string[]
}

/**
 * Divides every server's figures by the baseline's from the same run and judges the target servers
 * against the limits of TARGETS. Missing baseline figures give NaN ratios, which count as missed.
 *
 * @example
 * compareToBaseline(servers, measurements).misses // ['mock POST /v1/pets: CPU/req 1.62x, target <= 1.5x']
 */
export function compareToBaseline(
  servers: readonly ServerSummary[],
  measurements: readonly RouteMeasurement[],
  routeLabels: Readonly<Record<string, string>> = {},
): Comparison {
  const baseline = servers.find((server) => server.role === 'baseline')
  const roleOf = new Map(servers.map((server) => [server.serverId, server.role]))
  const misses: string[] = []

  const judge = (
    serverId: string,
    where: string,
    target: Target,
    value: number,
    base: number,
    role = roleOf.get(serverId),
  ): Ratio => {
    const ratio = value / base
    const isTarget = role === 'target'
    const met = isTarget ? meets(target, ratio) : undefined
    if (met === false)
      misses.push(
        `${serverId} ${where}: ${target.label} ${formatRatio(ratio)}, target ${target.op} ${target.limit}x`,
      )
    return { metric: target.metric, label: target.label, ratio, op: target.op, limit: target.limit, met }
  }

  const routeTargets = TARGETS.filter((target) => target.metric !== 'startupMs')
  const routes = measurements.map((measurement) => {
    const base = measurements.find(
      (other) => other.serverId === baseline?.serverId && other.routeId === measurement.routeId,
    )
    const where = routeLabels[measurement.routeId] ?? measurement.routeId
    const ratios = routeTargets.map((target) =>
      judge(
        measurement.serverId,
        where,
        target,
        figure(measurement, target),
        base ? figure(base, target) : NaN,
      ),
    )
    return { serverId: measurement.serverId, routeId: measurement.routeId, ratios }
  })

  const startupTarget = TARGETS.find((target) => target.metric === 'startupMs') as Target
  const serverRatios = servers.map((server) => ({
    serverId: server.serverId,
    ratios: [
      judge(
        server.serverId,
        'start-up',
        startupTarget,
        server.startupMs,
        baseline?.startupMs ?? NaN,
        server.startupRole ?? server.role,
      ),
    ],
  }))

  return { routes, servers: serverRatios, misses }
}

function figure(measurement: RouteMeasurement, target: Target): number {
  return target.metric === 'startupMs' ? NaN : measurement[target.metric]
}

/**
 * A ratio as the report prints it: two decimals and an x, or n/a when it could not be computed.
 *
 * @example
 * formatRatio(1.234) // '1.23x'
 */
export function formatRatio(ratio: number): string {
  return Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : 'n/a'
}

/**
 * A ratio cell: the ratio, then `ok` or `MISSED` for a judged server; the bare ratio for the others.
 *
 * @example
 * formatVerdict({ ratio: 1.7, met: false, ... }) // '1.70x MISSED'
 */
export function formatVerdict(ratio: Ratio | undefined): string {
  if (!ratio) return 'n/a'
  const text = formatRatio(ratio.ratio)
  if (ratio.met === undefined) return text
  return `${text} ${ratio.met ? 'ok' : 'MISSED'}`
}
