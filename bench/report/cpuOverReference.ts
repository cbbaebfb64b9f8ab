import type { RouteMeasurement } from '../RouteMeasurement.ts'

/**
 * CPU per request of `serverId` over `referenceId`'s on every route both measured, in the order
 * measured: with the reference doing the same part of the work (bare sending the mock's headers),
 * what is left is the rest of the server's own work.
 *
 * @example
 * cpuOverReference(measurements, 'mock-npm', 'bare-headers') // [{ routeId: 'get', ratio: 1.06 }, …]
 */
export function cpuOverReference(
  measurements: readonly RouteMeasurement[],
  serverId: string,
  referenceId: string,
): { routeId: string; ratio: number }[] {
  return measurements.flatMap((measurement) => {
    if (measurement.serverId !== serverId) return []
    const reference = measurements.find(
      (candidate) => candidate.serverId === referenceId && candidate.routeId === measurement.routeId,
    )
    if (!reference || !(reference.cpuPerRequestUs > 0)) return []
    return [{ routeId: measurement.routeId, ratio: measurement.cpuPerRequestUs / reference.cpuPerRequestUs }]
  })
}
