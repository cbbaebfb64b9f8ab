import autocannon, { type AutocannonOptions, type AutocannonResult } from 'autocannon'
import { percentile } from '../percentile.ts'
import { readProcessUsage } from '../process/readProcessUsage.ts'
import type { RunningServer } from '../servers/startServer.ts'
import type { BenchRoute } from './benchRoutes.ts'

/** What one server did on one route during the measured window (the warm-up is not in it). */
export interface RouteMeasurement {
  serverId: string
  routeId: BenchRoute['id']
  requests: number
  seconds: number
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  /** The server's own CPU (user + system, from /proc/PID/stat) over the window, per request. */
  cpuPerRequestUs: number
  /** Share of the window the server spent on a core (1 = one core fully busy). */
  cpuCores: number
  /** VmHWM after this route: the process's peak so far (routes run in order on one process). */
  peakRssBytes: number
  non2xx: number
  errors: number
}

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
): Promise<RouteMeasurement> {
  const load: AutocannonOptions = {
    url: running.baseUrl.replace(/\/v1$/, ''),
    connections: options.connections,
    timeout: 10,
    requests: route.requests(running.server.basePath, options.apiKey),
  }
  if (options.warmupSeconds > 0) await fire({ ...load, duration: options.warmupSeconds })

  const latencies = new LatencyRecorder()
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

/** A growable Float64Array: hundreds of thousands of samples without boxing each number. */
class LatencyRecorder {
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
