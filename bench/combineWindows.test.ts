import { describe, expect, test } from '@jest/globals'
import { combineWindows } from './combineWindows.ts'
import type { RouteMeasurement } from './RouteMeasurement.ts'

const window = (requests: number, seconds: number, cpuSeconds: number, p99Ms: number): RouteMeasurement => ({
  serverId: 'mock',
  routeId: 'get',
  requests,
  seconds,
  requestsPerSecond: requests / seconds,
  p50Ms: 1,
  p99Ms,
  cpuPerRequestUs: (cpuSeconds / requests) * 1e6,
  cpuCores: cpuSeconds / seconds,
  peakRssBytes: requests,
  non2xx: 1,
  errors: 0,
})

describe('combineWindows', () => {
  test('CPU per request is total CPU over total requests, not the mean of the windows', () => {
    // 10 us/req over 100,000 requests, then 30 us/req over 20,000: 1.6 s over 120,000 = 13.3 us/req.
    const combined = combineWindows([window(100_000, 5, 1, 3), window(20_000, 5, 0.6, 4)])
    expect(combined.requests).toBe(120_000)
    expect(combined.seconds).toBe(10)
    expect(combined.requestsPerSecond).toBe(12_000)
    expect(combined.cpuPerRequestUs).toBeCloseTo(13.333, 3)
    expect(combined.cpuCores).toBeCloseTo(0.16, 10)
    expect(combined.non2xx).toBe(2)
    expect(combined.peakRssBytes).toBe(100_000)
    // The windows share a latency recorder: the last window's percentiles cover them all.
    expect(combined.p99Ms).toBe(4)
  })

  test('one window is itself', () => {
    const only = window(5000, 2, 0.1, 2)
    expect(combineWindows([only])).toEqual(only)
  })

  test('no window is an error, not a NaN row', () => {
    expect(() => combineWindows([])).toThrow(/no window/)
  })
})
