import autocannon, { type AutocannonOptions, type AutocannonResult } from 'autocannon'
import type { BenchRoute } from './BenchRoute.ts'
import { BENCH_SERVERS, type RunningServer, startServer } from './benchServers.ts'
import { combineWindows } from './combineWindows.ts'
import type { BenchOptions } from './parseBenchArgs.ts'
import { percentile } from './percentile.ts'
import type { RouteMeasurement } from './RouteMeasurement.ts'
import { readProcessUsage } from './readProcessUsage.ts'
import { type Comparison, compareToBaseline, type ServerSummary } from './report/compareToBaseline.ts'

export interface HttpBench {
  servers: ServerSummary[]
  measurements: RouteMeasurement[]
  comparison: Comparison
  /** Servers that could not be started or driven, with why. */
  failures: string[]
}

/**
 * Starts every chosen server (the median of `startups` start-ups each; the last process is kept),
 * then drives route by route, each server in turn, so a server and the baseline it is divided by are
 * measured seconds apart rather than a minute apart: on shared cores the load drifts. Every server
 * is stopped before this returns or throws.
 */
export async function benchHttp(
  options: BenchOptions,
  apiKey: string,
  log: (line: string) => void,
): Promise<HttpBench> {
  const chosen = BENCH_SERVERS.filter(
    (server) =>
      server.role === 'baseline' || options.servers.length === 0 || options.servers.includes(server.id),
  )
  const running: RunningServer[] = []
  const startups = new Map<string, number[]>()
  const failures: string[] = []
  const measurements: RouteMeasurement[] = []
  try {
    for (const server of chosen) {
      try {
        const samples: number[] = []
        for (let attempt = 1; attempt <= options.startups; attempt++) {
          const started = await startServer(server, apiKey)
          samples.push(started.startupMs)
          if (attempt < options.startups || server.startupOnly) await started.stop()
          else running.push(started)
        }
        startups.set(server.id, samples)
        log(`${server.label}: up in ${samples.map((ms) => Math.round(ms)).join(', ')} ms`)
      } catch (error) {
        // The baseline divides every ratio: without it nothing else means anything.
        if (server.role === 'baseline') throw error
        failures.push(`${server.label}: ${(error as Error).message}`)
      }
    }

    // The measured time of a route is split into rounds, each server in turn within a round (bare,
    // mock, bare, mock...): on shared cores the load drifts over a minute, and a ratio of two windows
    // taken seconds apart, twice, is steadier than one of two windows taken once.
    const rounds = options.quick ? 1 : MEASURED_ROUNDS
    for (const route of BENCH_ROUTES) {
      const windows = new Map<RunningServer, RouteMeasurement[]>()
      const latencies = new Map<RunningServer, LatencyRecorder>()
      for (let round = 1; round <= rounds; round++) {
        for (const server of [...running]) {
          log(`${route.label}: ${server.server.label}${rounds > 1 ? ` (round ${round} of ${rounds})` : ''}`)
          try {
            const recorder = latencies.get(server) ?? new LatencyRecorder()
            latencies.set(server, recorder)
            const window = await driveRoute(
              server,
              route,
              {
                connections: options.connections,
                seconds: options.seconds / rounds,
                warmupSeconds: round === 1 ? options.warmupSeconds : 0,
                apiKey,
              },
              recorder,
            )
            windows.set(server, [...(windows.get(server) ?? []), window])
          } catch (error) {
            if (server.server.role === 'baseline') throw error
            failures.push(`${server.server.label} on ${route.label}: ${(error as Error).message}`)
            running.splice(running.indexOf(server), 1)
            windows.delete(server)
            await server.stop()
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
        startupMs: percentile(
          samples.toSorted((a, b) => a - b),
          0.5,
        ),
        startupSamplesMs: samples,
        // NaN for a start-up-only server: it served no load.
        peakRssBytes:
          own.length === 0 ? Number.NaN : Math.max(...own.map((measurement) => measurement.peakRssBytes)),
      },
    ]
  })
  const routeLabels = Object.fromEntries(BENCH_ROUTES.map((route) => [route.id, route.label]))
  const comparison = compareToBaseline(servers, measurements, routeLabels)
  for (const server of chosen)
    if (server.role === 'target' && !servers.some((summary) => summary.serverId === server.id))
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

export interface DriveOptions {
  connections: number
  seconds: number
  warmupSeconds: number
  apiKey: string
}

/**
 * Drives one route of a started server with autocannon: an unmeasured warm-up (JIT, connection
 * setup), then the measured window, reading the server's /proc figures just before and after it.
 * Latencies are taken from each response (fractions of a millisecond) rather than from autocannon's
 * histogram, which keeps whole milliseconds only.
 */
export async function driveRoute(
  running: RunningServer,
  route: BenchRoute,
  options: DriveOptions,
  latencies: LatencyRecorder = new LatencyRecorder(),
): Promise<RouteMeasurement> {
  const load: AutocannonOptions = {
    url: running.baseUrl.replace(/\/v1$/, ''),
    connections: options.connections,
    timeout: 10,
    requests: route.requests(running.server.basePath, options.apiKey),
  }
  if (options.warmupSeconds > 0) await fire({ ...load, duration: options.warmupSeconds })

  const before = readProcessUsage(running.pid)
  const started = performance.now()
  const result = await fire({ ...load, duration: options.seconds }, latencies)
  const seconds = (performance.now() - started) / 1000
  const after = readProcessUsage(running.pid)

  const requests = result.requests.total
  const cpuSeconds = after.cpuSeconds - before.cpuSeconds
  const sorted = latencies.sorted()
  return {
    serverId: running.server.id,
    routeId: route.id,
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
