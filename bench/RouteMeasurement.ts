// What one server did on one route in one measured window: shared by the driver, the window
// combiner and the reports, so none of them imports another for it.
/** What one server did on one route during the measured window (the warm-up is not in it). */
export interface RouteMeasurement {
  serverId: string
  /** The route's id (`list`, `get`, `create`), with `-own` when the bench's own driver measured it. */
  routeId: string
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
