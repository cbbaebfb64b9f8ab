import autocannon, { type AutocannonOptions, type AutocannonResult } from 'autocannon'
import type { BenchRoute } from './BenchRoute.ts'
import { BENCH_SERVERS, type RunningServer, startServer } from './benchServers.ts'
import { combineWindows } from './combineWindows.ts'
import { driveClosedLoop } from './drive/driveClosedLoop.ts'
import { serializeRequest } from './drive/serializeRequest.ts'
import type { BenchOptions } from './parseBenchArgs.ts'
import { percentile } from './percentile.ts'
import type { RouteMeasurement } from './RouteMeasurement.ts'
import { readTreeUsage } from './readProcessUsage.ts'
import { type Comparison, compareToBaseline, type ServerSummary } from './report/compareToBaseline.ts'

export interface HttpBench {
  servers: ServerSummary[]
  measurements: RouteMeasurement[]
  comparison: Comparison
  /** Servers that could not be started or driven, with why. */
  failures: string[]
}

/**
 * Starts every chosen server (the median of `startups` start-ups each, in rounds; the last process is kept),
 * then drives route by route, each server in turn, so a server and the baseline it is divided by are
 * measured seconds apart rather than a minute apart: on shared cores the load drifts. Every server
 * is stopped before this returns or throws.
 */
export async function benchHttp(
  options: BenchOptions,
  apiKey: string,
  log: (line: string) => void,
): Promise<HttpBench> {
  // The baseline always runs, and so do the start-up rows (a few start-ups each, never driven): the
  // bin's is the judged start-up (decision 036), npm's bare start says what npm adds to `npm start`.
  const chosen = BENCH_SERVERS.filter(
    (server) =>
      server.role === 'baseline' ||
      server.startupOnly === true ||
      options.servers.length === 0 ||
      options.servers.includes(server.id),
  )
  const running: RunningServer[] = []
  const startups = new Map<string, number[]>()
  const failures: string[] = []
  const measurements: RouteMeasurement[] = []
  try {
    // Start-ups in rounds, every server once a round (bare, bin, ..., bare, bin, ...): on shared cores
    // the load drifts, and the ratios of start-ups taken seconds apart are steadier than those of
    // each server's start-ups taken in a row. The last start of a driven server is the one driven.
    const starting = [...chosen]
    for (let attempt = 1; attempt <= options.startups; attempt++) {
      for (const server of [...starting]) {
        try {
          const started = await startServer(server, apiKey)
          startups.set(server.id, [...(startups.get(server.id) ?? []), started.startupMs])
          if (attempt < options.startups || server.startupOnly) await started.stop()
          else running.push(started)
        } catch (error) {
          // The baseline divides every ratio: without it nothing else means anything.
          if (server.role === 'baseline') throw error
          failures.push(`${server.label}: ${(error as Error).message}`)
          starting.splice(starting.indexOf(server), 1)
          startups.delete(server.id)
        }
      }
    }
    for (const server of starting)
      log(
        `${server.label}: up in ${(startups.get(server.id) ?? []).map((ms) => Math.round(ms)).join(', ')} ms`,
      )

    // The measured time of a route is split into rounds, each driver then each server in turn within
    // a round (bare, mock, bare, mock...): on shared cores the load drifts over a minute, and a ratio
    // of two windows taken seconds apart, twice, is steadier than one of two windows taken once.
    const rounds = options.quick ? 1 : MEASURED_ROUNDS
    for (const route of BENCH_ROUTES) {
      const windows = new Map<string, RouteMeasurement[]>()
      const latencies = new Map<string, LatencyRecorder>()
      for (let round = 1; round <= rounds; round++) {
        for (const driver of DRIVERS) {
          for (const server of [...running]) {
            const key = `${server.server.id} ${driver}`
            log(
              `${route.label} (${driver}): ${server.server.label}${rounds > 1 ? ` (round ${round} of ${rounds})` : ''}`,
            )
            try {
              const recorder = latencies.get(key) ?? new LatencyRecorder()
              latencies.set(key, recorder)
              const window = await driveRoute(
                server,
                route,
                {
                  connections: options.connections,
                  seconds: options.seconds / rounds,
                  // The first driver's warm-up warms the server for the second.
                  warmupSeconds: round === 1 && driver === DRIVERS[0] ? options.warmupSeconds : 0,
                  apiKey,
                  driver,
                },
                recorder,
              )
              windows.set(key, [...(windows.get(key) ?? []), window])
            } catch (error) {
              if (server.server.role === 'baseline') throw error
              failures.push(
                `${server.server.label} on ${route.label} (${driver}): ${(error as Error).message}`,
              )
              running.splice(running.indexOf(server), 1)
              for (const other of DRIVERS) windows.delete(`${server.server.id} ${other}`)
              await server.stop()
            }
          }
        }
      }
      for (const measured of windows.values()) measurements.push(combineWindows(measured))
    }
  } finally {
    await Promise.all(running.map((server) => server.stop()))
  }

  const servers: ServerSummary[] = chosen.flatMap((server) => {
    const samples = startups.get(server.id)
    const own = measurements.filter((measurement) => measurement.serverId === server.id)
    if (!samples || (own.length === 0 && !server.startupOnly)) return []
    return [
      {
        serverId: server.id,
        label: server.label,
        role: server.role,
        ...(server.startupRole && { startupRole: server.startupRole }),
        startupMs: percentile(
          samples.toSorted((a, b) => a - b),
          0.5,
        ),
        startupSamplesMs: samples,
        // A start-up-only server was never driven: no peak to show.
        peakRssBytes:
          own.length === 0 ? Number.NaN : Math.max(...own.map((measurement) => measurement.peakRssBytes)),
      },
    ]
  })
  const comparison = compareToBaseline(servers, measurements, ROUTE_LABELS)
  for (const server of chosen)
    if (
      (server.role === 'target' || server.startupRole === 'target') &&
      !servers.some((summary) => summary.serverId === server.id)
    )
      comparison.misses.push(`${server.id}: not measured`)
  return { servers, measurements, comparison, failures }
}

// The seeded ids 1..45 exist on our servers; Prism answers its example for any integer id.
const SEEDED_IDS = Array.from({ length: 45 }, (_, index) => index + 1)

/**
 * The routes in the order they are driven: `create` last, because every POST grows the store and
 * the reads should see the seeded store (listing costs O(limit) either way).
 */
export const BENCH_ROUTES: readonly BenchRoute[] = [
  {
    id: 'list',
    label: 'GET /v1/pets?limit=20',
    requests: (basePath, apiKey) => [
      { method: 'GET', path: `${basePath}/pets?limit=20`, headers: { authorization: `Bearer ${apiKey}` } },
    ],
  },
  {
    id: 'get',
    label: 'GET /v1/pets/{id}',
    requests: (basePath, apiKey) =>
      SEEDED_IDS.map((id) => ({
        method: 'GET',
        path: `${basePath}/pets/${id}`,
        headers: { authorization: `Bearer ${apiKey}` },
      })),
  },
  {
    id: 'create',
    label: 'POST /v1/pets',
    requests: (basePath, apiKey) => [
      {
        method: 'POST',
        path: `${basePath}/pets`,
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
      },
    ],
  },
]

/**
 * The two load generators every route is measured with: autocannon, and the bench's own keep-alive
 * driver (`drive/driveClosedLoop.ts`), since the two have disagreed. Both send the same requests on
 * the same number of connections, one in flight each.
 */
export const DRIVERS = ['autocannon', 'own'] as const
export type Driver = (typeof DRIVERS)[number]

/** A measurement's route id: the route's own for autocannon, with `-own` for the bench's driver. */
export const measuredRouteId = (route: BenchRoute, driver: Driver): string =>
  driver === 'autocannon' ? route.id : `${route.id}-own`

/** What the report calls each measured route id. */
export const ROUTE_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  BENCH_ROUTES.flatMap((route) => [
    [measuredRouteId(route, 'autocannon'), `${route.label} (autocannon)`],
    [measuredRouteId(route, 'own'), `${route.label} (own driver)`],
  ]),
)

export interface DriveOptions {
  connections: number
  seconds: number
  warmupSeconds: number
  apiKey: string
  /** autocannon by default. */
  driver?: Driver
}

/**
 * Drives one route of a started server with autocannon or the bench's own driver: an unmeasured
 * warm-up (JIT, connection setup), then the measured window, reading the server's /proc figures (its
 * whole process tree, npm included for `npm start`) just before and after it. Latencies are taken
 * from each response (fractions of a millisecond) rather than from autocannon's histogram, which
 * keeps whole milliseconds only.
 */
export async function driveRoute(
  running: RunningServer,
  route: BenchRoute,
  options: DriveOptions,
  latencies: LatencyRecorder = new LatencyRecorder(),
): Promise<RouteMeasurement> {
  const driver = options.driver ?? 'autocannon'
  const origin = new URL(running.baseUrl)
  const described = route.requests(running.server.basePath, options.apiKey)
  const serialized = described.map((request) => serializeRequest(origin.host, request))
  const load: AutocannonOptions = {
    url: origin.origin,
    connections: options.connections,
    timeout: 10,
    requests: described,
  }
  const drive = async (seconds: number, recorder?: LatencyRecorder) => {
    if (driver === 'autocannon') {
      const result = await fire({ ...load, duration: seconds }, recorder)
      return { requests: result.requests.total, non2xx: result.non2xx, errors: result.errors }
    }
    const add = recorder ? (ms: number) => recorder.add(ms) : undefined
    return driveClosedLoop(
      Number(origin.port),
      serialized,
      { connections: options.connections, seconds },
      add,
    )
  }
  if (options.warmupSeconds > 0) await drive(options.warmupSeconds)

  const before = readTreeUsage(running.pid)
  const started = performance.now()
  const result = await drive(options.seconds, latencies)
  const seconds = (performance.now() - started) / 1000
  const after = readTreeUsage(running.pid)

  const requests = result.requests
  const cpuSeconds = after.cpuSeconds - before.cpuSeconds
  const sorted = latencies.sorted()
  return {
    serverId: running.server.id,
    routeId: measuredRouteId(route, driver),
    requests,
    seconds,
    requestsPerSecond: requests / seconds,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    cpuPerRequestUs: requests > 0 ? (cpuSeconds / requests) * 1e6 : Number.NaN,
    cpuCores: cpuSeconds / seconds,
    peakRssBytes: after.peakRssBytes,
    non2xx: result.non2xx,
    errors: result.errors,
  }
}

function fire(options: AutocannonOptions, latencies?: LatencyRecorder): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)))
    if (latencies)
      instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) =>
        latencies.add(ms),
      )
  })
}

/** How many rounds the measured seconds of a route are split into (one with --quick). */
export const MEASURED_ROUNDS = 2

/** A growable Float64Array: hundreds of thousands of samples without boxing each number. */
export class LatencyRecorder {
  #values = new Float64Array(1 << 16)
  #length = 0

  add(ms: number): void {
    if (this.#length === this.#values.length) {
      const bigger = new Float64Array(this.#values.length * 2)
      bigger.set(this.#values)
      this.#values = bigger
    }
    this.#values[this.#length++] = ms
  }

  sorted(): Float64Array {
    return this.#values.slice(0, this.#length).sort()
  }
}
