import { describe, expect, test } from '@jest/globals'
import type { RouteMeasurement } from '../RouteMeasurement.ts'
import { compareToBaseline, formatVerdict, type Ratio, type ServerSummary } from './compareToBaseline.ts'

function server(serverId: string, role: ServerSummary['role'], startupMs: number): ServerSummary {
  return { serverId, label: serverId, role, startupMs, startupSamplesMs: [startupMs], peakRssBytes: 0 }
}

function measured(
  serverId: string,
  routeId: RouteMeasurement['routeId'],
  figures: { cpu: number; rps: number; p99: number },
): RouteMeasurement {
  return {
    serverId,
    routeId,
    requests: 1000,
    seconds: 1,
    requestsPerSecond: figures.rps,
    p50Ms: 1,
    p99Ms: figures.p99,
    cpuPerRequestUs: figures.cpu,
    cpuCores: 1,
    peakRssBytes: 0,
    non2xx: 0,
    errors: 0,
  }
}

const servers = [
  server('bare', 'baseline', 100),
  server('mock', 'target', 300),
  server('prism', 'reference', 1000),
]
const ratio = (comparison: ReturnType<typeof compareToBaseline>, serverId: string, metric: string) =>
  comparison.routes.find((row) => row.serverId === serverId)?.ratios.find((r) => r.metric === metric)

describe('compareToBaseline', () => {
  test('divides by the baseline of the same route and judges only the target server', () => {
    const comparison = compareToBaseline(
      servers,
      [
        measured('bare', 'list', { cpu: 30, rps: 30_000, p99: 4 }),
        measured('mock', 'list', { cpu: 36, rps: 21_000, p99: 6 }),
        measured('prism', 'list', { cpu: 600, rps: 1500, p99: 80 }),
      ],
      { list: 'GET /v1/pets?limit=20' },
    )
    expect(ratio(comparison, 'mock', 'cpuPerRequestUs')).toMatchObject({ ratio: 1.2, met: true })
    expect(ratio(comparison, 'mock', 'requestsPerSecond')).toMatchObject({ ratio: 0.7, met: true })
    expect(ratio(comparison, 'mock', 'p99Ms')).toMatchObject({ ratio: 1.5, met: true })
    // A reference server gets its ratios but no verdict, and its figures never count as a miss.
    expect(ratio(comparison, 'prism', 'cpuPerRequestUs')).toMatchObject({ ratio: 20, met: undefined })
    // Start-up: 300 ms against 100 ms is 3x, over the 2x limit.
    expect(comparison.servers.find((row) => row.serverId === 'mock')?.ratios[0]).toMatchObject({
      ratio: 3,
      met: false,
    })
    expect(comparison.misses).toEqual(['mock start-up: startup 3.00x, target <= 2x'])
  })

  test.each([
    [
      'CPU per request over 1.3x',
      { cpu: 40, rps: 30_000, p99: 4 },
      'mock GET /v1/pets?limit=20: CPU/req 1.33x, target <= 1.3x',
    ],
    [
      'req/s under 0.6x',
      { cpu: 30, rps: 17_000, p99: 4 },
      'mock GET /v1/pets?limit=20: req/s 0.57x, target >= 0.6x',
    ],
    [
      'p99 over 2x',
      { cpu: 30, rps: 30_000, p99: 8.4 },
      'mock GET /v1/pets?limit=20: p99 2.10x, target <= 2x',
    ],
  ])('a miss on %s is named', (_name, figures, message) => {
    const comparison = compareToBaseline(
      [server('bare', 'baseline', 100), server('mock', 'target', 100)],
      [measured('bare', 'list', { cpu: 30, rps: 30_000, p99: 4 }), measured('mock', 'list', figures)],
      { list: 'GET /v1/pets?limit=20' },
    )
    expect(comparison.misses).toEqual([message])
  })

  test('start-up is judged by the start-up role where one is given, routes by the role (decision 036)', () => {
    const comparison = compareToBaseline(
      [
        server('bare', 'baseline', 100),
        // npm start: judged per route, shown at start-up; the bin: judged at start-up only.
        { ...server('mock-npm', 'target', 300), startupRole: 'reference' },
        { ...server('bin', 'reference', 250), startupRole: 'target' },
      ],
      [
        measured('bare', 'list', { cpu: 30, rps: 30_000, p99: 4 }),
        measured('mock-npm', 'list', { cpu: 45, rps: 30_000, p99: 4 }),
      ],
      { list: 'GET /v1/pets?limit=20' },
    )
    const startup = (serverId: string) =>
      comparison.servers.find((row) => row.serverId === serverId)?.ratios[0]
    expect(startup('mock-npm')).toMatchObject({ ratio: 3, met: undefined })
    expect(startup('bin')).toMatchObject({ ratio: 2.5, met: false })
    expect(comparison.misses).toEqual([
      'mock-npm GET /v1/pets?limit=20: CPU/req 1.50x, target <= 1.3x',
      'bin start-up: startup 2.50x, target <= 2x',
    ])
  })

  test('exactly at the limit is met', () => {
    const comparison = compareToBaseline(
      [server('bare', 'baseline', 100), server('mock', 'target', 200)],
      [
        measured('bare', 'get', { cpu: 20, rps: 10_000, p99: 2 }),
        measured('mock', 'get', { cpu: 26, rps: 6000, p99: 4 }),
      ],
    )
    expect(comparison.misses).toEqual([])
  })

  test('a route the baseline has no figure for cannot be met', () => {
    const comparison = compareToBaseline(
      [server('bare', 'baseline', 100), server('mock', 'target', 100)],
      [measured('mock', 'create', { cpu: 30, rps: 30_000, p99: 4 })],
    )
    expect(ratio(comparison, 'mock', 'cpuPerRequestUs')).toMatchObject({ met: false })
    expect(comparison.misses).toHaveLength(3)
    expect(comparison.misses[0]).toContain('n/a')
  })
})

const verdictRatio = (value: number, met: boolean | undefined): Ratio => ({
  metric: 'cpuPerRequestUs',
  label: 'CPU/req',
  ratio: value,
  op: '<=',
  limit: 1.5,
  met,
})

describe('formatVerdict', () => {
  test.each([
    ['a met target', verdictRatio(1.234, true), '1.23x ok'],
    ['a missed target says MISSED', verdictRatio(1.7, false), '1.70x MISSED'],
    ['a reference server has no verdict', verdictRatio(20, undefined), '20.00x'],
    ['a ratio that could not be computed', verdictRatio(Number.NaN, false), 'n/a MISSED'],
    ['no ratio at all', undefined, 'n/a'],
  ])('%s', (_name, given, want) => {
    expect(formatVerdict(given)).toBe(want)
  })
})
