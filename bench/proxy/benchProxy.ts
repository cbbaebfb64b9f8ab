// The validating proxy's overhead per request: `petstore-mock proxy` and a bare forwarding proxy
// (bench/baseline/bareProxy.ts, the same forwarding and nothing else), each in front of the same
// running mock, driven route by route in alternating rounds. Only the proxy process's own CPU is
// counted (from /proc), so the upstream's share is the same for both and drops out of the ratio.
import { BENCH_ROUTES, driveRoute, LatencyRecorder } from '../benchHttp.ts'
import { BENCH_SERVERS, type BenchServer, type RunningServer, startServer } from '../benchServers.ts'
import { combineWindows } from '../combineWindows.ts'
import type { BenchOptions } from '../parseBenchArgs.ts'
import type { RouteMeasurement } from '../RouteMeasurement.ts'
import { formatRatio } from '../report/compareToBaseline.ts'

/** The target of decision 023: CPU per request at most 1.5x the bare forwarding proxy's, on every route. */
export const PROXY_CPU_LIMIT = 1.5

/** Rounds per route (each proxy in turn), so load drifting on shared cores hits both alike. */
const ROUNDS = 3
/** Fewer connections than the mock bench: three busy processes (load, proxy, upstream) share the cores. */
const CONNECTIONS = 10

export interface ProxyRow {
  routeId: string
  label: string
  bare: RouteMeasurement
  proxy: RouteMeasurement
  cpuRatio: number
  p50Ratio: number
  met: boolean
}

export interface ProxyBench {
  rows: ProxyRow[]
  misses: string[]
}

const root = (path: string): string => new URL(`../../${path}`, import.meta.url).pathname

function forwarding(
  id: string,
  label: string,
  role: BenchServer['role'],
  args: (port: number) => string[],
): BenchServer {
  return {
    id,
    label,
    role,
    basePath: '/v1',
    command: (port) => ({ file: process.execPath, args: args(port) }),
  }
}

/**
 * Starts the mock, both proxies in front of it, drives them and stops all three.
 *
 * @example
 * const { rows, misses } = await benchProxy(options, 'bench-key', console.error)
 */
export async function benchProxy(
  options: Pick<BenchOptions, 'quick' | 'seconds' | 'warmupSeconds'>,
  apiKey: string,
  log: (line: string) => void,
): Promise<ProxyBench> {
  const mock = BENCH_SERVERS.find((server) => server.id === 'mock-quiet') as BenchServer
  const started: RunningServer[] = []
  try {
    const upstream = await startServer(mock, apiKey)
    started.push(upstream)
    const bare = await startServer(
      forwarding('bare-proxy', 'bare forwarding proxy (baseline)', 'baseline', (port) => [
        root('bench/baseline/bareProxy.ts'),
        '--port',
        String(port),
        '--upstream',
        upstream.baseUrl,
      ]),
      apiKey,
    )
    started.push(bare)
    const proxy = await startServer(
      forwarding('proxy', 'petstore-mock proxy --quiet', 'target', (port) => [
        root('bin/petstore-mock.ts'),
        'proxy',
        '--upstream',
        upstream.baseUrl,
        '--port',
        String(port),
        '--quiet',
      ]),
      apiKey,
    )
    started.push(proxy)
    log(`proxy bench: mock, bare proxy and petstore-mock proxy up`)
    const rounds = options.quick ? 1 : ROUNDS
    const rows: ProxyRow[] = []
    for (const route of BENCH_ROUTES) {
      const windows = new Map<RunningServer, RouteMeasurement[]>([
        [bare, []],
        [proxy, []],
      ])
      const recorders = new Map([
        [bare, new LatencyRecorder()],
        [proxy, new LatencyRecorder()],
      ])
      for (let round = 1; round <= rounds; round++)
        for (const server of [bare, proxy]) {
          log(`proxy bench: ${route.label}: ${server.server.label} (round ${round} of ${rounds})`)
          const window = await driveRoute(
            server,
            route,
            {
              connections: CONNECTIONS,
              seconds: options.seconds / rounds,
              warmupSeconds: round === 1 ? options.warmupSeconds : 0,
              apiKey,
            },
            recorders.get(server),
          )
          windows.get(server)?.push(window)
        }
      const bareMeasured = combineWindows(windows.get(bare) ?? [])
      const proxyMeasured = combineWindows(windows.get(proxy) ?? [])
      const cpuRatio = proxyMeasured.cpuPerRequestUs / bareMeasured.cpuPerRequestUs
      rows.push({
        routeId: route.id,
        label: route.label,
        bare: bareMeasured,
        proxy: proxyMeasured,
        cpuRatio,
        p50Ratio: proxyMeasured.p50Ms / bareMeasured.p50Ms,
        met: Number.isFinite(cpuRatio) && cpuRatio <= PROXY_CPU_LIMIT,
      })
    }
    const misses = rows
      .filter((row) => !row.met)
      .map((row) => `proxy ${row.label}: CPU/req ${formatRatio(row.cpuRatio)}, target <= ${PROXY_CPU_LIMIT}x`)
    return { rows, misses }
  } finally {
    await Promise.all(started.map((server) => server.stop()))
  }
}

/**
 * The proxy's table: per route, both proxies' CPU per request, the ratio and its verdict, and the
 * median latency ratio (shown, not judged: it includes the upstream's time).
 */
export function formatProxyTable(bench: ProxyBench): string {
  const header = ['route', 'bare proxy CPU/req', 'proxy CPU/req', 'CPU x', 'p50 x', 'non-2xx']
  const rows = bench.rows.map((row) => [
    row.label,
    `${Math.round(row.bare.cpuPerRequestUs)} us`,
    `${Math.round(row.proxy.cpuPerRequestUs)} us`,
    `${formatRatio(row.cpuRatio)} ${row.met ? 'ok' : 'MISSED'}`,
    formatRatio(row.p50Ratio),
    String(row.proxy.non2xx),
  ])
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((cells) => (cells[i] ?? '').length)))
  return [header, ...rows]
    .map((cells) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '))
    .join('\n')
}
