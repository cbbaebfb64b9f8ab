import { expect, test } from '@jest/globals'
import type { RouteMeasurement } from '../RouteMeasurement.ts'
import { cpuOverReference } from './cpuOverReference.ts'

const measured = (serverId: string, routeId: string, cpuPerRequestUs: number): RouteMeasurement => ({
  serverId,
  routeId,
  cpuPerRequestUs,
  requests: 1000,
  seconds: 1,
  requestsPerSecond: 1000,
  p50Ms: 1,
  p99Ms: 2,
  cpuCores: 0.5,
  peakRssBytes: 1,
  non2xx: 0,
  errors: 0,
})

test('divides the server by the reference route by route, only where both measured it', () => {
  const measurements = [
    measured('bare', 'get', 40),
    measured('mock-npm', 'get', 60),
    measured('bare-headers', 'get', 50),
    measured('mock-npm', 'get-own', 66),
    measured('bare-headers', 'get-own', 55),
    measured('mock-npm', 'create', 90),
    measured('bare-headers', 'list', 30),
  ]
  expect(cpuOverReference(measurements, 'mock-npm', 'bare-headers')).toEqual([
    { routeId: 'get', ratio: 1.2 },
    { routeId: 'get-own', ratio: 1.2 },
  ])
})

test('a reference that measured nothing (no CPU read) gives no ratio rather than Infinity', () => {
  expect(
    cpuOverReference(
      [measured('mock-npm', 'get', 60), measured('bare-headers', 'get', 0)],
      'mock-npm',
      'bare-headers',
    ),
  ).toEqual([])
})
