import { BENCH_ROUTES } from './load/benchRoutes.ts'
import { driveRoute, type RouteMeasurement } from './load/driveRoute.ts'
import type { BenchOptions } from './parseBenchArgs.ts'
import { percentile } from './percentile.ts'
import { type Comparison, compareToBaseline, type ServerSummary } from './report/compareToBaseline.ts'
import { BENCH_SERVERS } from './servers/benchServers.ts'
import { type RunningServer, startServer } from './servers/startServer.ts'

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
          if (attempt < options.startups) await started.stop()
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

    for (const route of BENCH_ROUTES) {
      for (const server of [...running]) {
        log(`${route.label}: ${server.server.label}`)
        try {
          measurements.push(
            await driveRoute(server, route, {
              connections: options.connections,
              seconds: options.seconds,
              warmupSeconds: options.warmupSeconds,
              apiKey,
            }),
          )
        } catch (error) {
          if (server.server.role === 'baseline') throw error
          failures.push(`${server.server.label} on ${route.label}: ${(error as Error).message}`)
          running.splice(running.indexOf(server), 1)
          await server.stop()
        }
      }
    }
  } finally {
    await Promise.all(running.map((server) => server.stop()))
  }

  const servers: ServerSummary[] = chosen.flatMap((server) => {
    const samples = startups.get(server.id)
    const own = measurements.filter((measurement) => measurement.serverId === server.id)
    if (!samples || own.length === 0) return []
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
        peakRssBytes: Math.max(...own.map((measurement) => measurement.peakRssBytes)),
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
