import { describe, expect, test } from '@jest/globals'
import type { RouteMeasurement } from '../RouteMeasurement.ts'
import type { ServerSummary } from './compareToBaseline.ts'
import { renderChart } from './renderChart.ts'

const servers: ServerSummary[] = [
  {
    serverId: 'bare',
    label: 'bare',
    role: 'baseline',
    startupMs: 100,
    startupSamplesMs: [100],
    peakRssBytes: 1,
  },
  {
    serverId: 'mock',
    label: 'mock <quiet> & co',
    role: 'target',
    startupMs: 200,
    startupSamplesMs: [200],
    peakRssBytes: 1,
  },
]
const measurement = (
  serverId: string,
  routeId: RouteMeasurement['routeId'],
  rps: number,
): RouteMeasurement => ({
  serverId,
  routeId,
  requests: rps,
  seconds: 1,
  requestsPerSecond: rps,
  p50Ms: 1,
  p99Ms: 2,
  cpuPerRequestUs: 30,
  cpuCores: 1,
  peakRssBytes: 1,
  non2xx: 0,
  errors: 0,
})

describe('renderChart', () => {
  const svg = renderChart(
    servers,
    [
      measurement('bare', 'list', 30_000),
      measurement('mock', 'list', 20_000),
      measurement('bare', 'get', 31_000),
    ],
    { list: 'GET /v1/pets?limit=20', get: 'GET /v1/pets/{id}' },
    'title',
  )

  test('is one SVG document', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true)
  })

  test('escapes labels', () => {
    expect(svg).toContain('mock &#60;quiet&#62; &#38; co')
    expect(svg).not.toContain('<quiet>')
  })

  test('draws a bar per measured figure and n/a for a missing one', () => {
    // 3 measurements x 3 per-route panels + 2 start-up bars, plus the background and 2 legend swatches.
    const bars = svg.match(/<rect /g) ?? []
    expect(bars).toHaveLength(3 * 3 + 2 + 1 + 2)
    // The mock has no GET /v1/pets/{id} figure: one n/a in each per-route panel.
    expect(svg.match(/>n\/a</g)).toHaveLength(3)
  })

  test('scales bars to the largest value in a panel', () => {
    // req/s panel: 31,000 is the longest bar (600 px); 20,000 is 20/31 of it.
    expect(svg).toContain('width="600.0"')
    expect(svg).toContain(`width="${((20_000 / 31_000) * 600).toFixed(1)}"`)
  })
})
