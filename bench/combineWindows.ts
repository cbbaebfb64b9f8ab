import type { RouteMeasurement } from './RouteMeasurement.ts'

/**
 * One measurement from the windows of one server on one route: requests, seconds and CPU added up (so
 * CPU per request is total CPU over total requests), failures added up, the peak the highest. The
 * windows share one latency recorder, so the last window's percentiles are over every window.
 *
 * @example
 * combineWindows([first, second]).requests // first.requests + second.requests
 */
export function combineWindows(windows: readonly RouteMeasurement[]): RouteMeasurement {
  const last = windows.at(-1)
  if (!last) throw new Error('no window to combine')
  const sum = (pick: (window: RouteMeasurement) => number) => windows.reduce((total, w) => total + pick(w), 0)
  const requests = sum((window) => window.requests)
  const seconds = sum((window) => window.seconds)
  const cpuSeconds = sum((window) => window.cpuCores * window.seconds)
  return {
    ...last,
    requests,
    seconds,
    requestsPerSecond: requests / seconds,
    cpuPerRequestUs: requests > 0 ? (cpuSeconds / requests) * 1e6 : Number.NaN,
    cpuCores: cpuSeconds / seconds,
    peakRssBytes: Math.max(...windows.map((window) => window.peakRssBytes)),
    non2xx: sum((window) => window.non2xx),
    errors: sum((window) => window.errors),
  }
}
