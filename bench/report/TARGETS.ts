/** A figure the issue judges, always as a ratio to the bare baseline measured in the same run. */
export interface Target {
  metric: 'cpuPerRequestUs' | 'requestsPerSecond' | 'p99Ms' | 'startupMs'
  label: string
  op: '<=' | '>='
  limit: number
}

/** Issue 6, "Targets": the mock against bare node:http, per route (first three) and at start-up. */
export const TARGETS: readonly Target[] = [
  { metric: 'cpuPerRequestUs', label: 'CPU/req', op: '<=', limit: 1.5 },
  { metric: 'requestsPerSecond', label: 'req/s', op: '>=', limit: 0.6 },
  { metric: 'p99Ms', label: 'p99', op: '<=', limit: 2 },
  { metric: 'startupMs', label: 'startup', op: '<=', limit: 2.5 },
]

/** Whether `ratio` meets `target`; a ratio that could not be computed (NaN) never does. */
export function meets(target: Pick<Target, 'op' | 'limit'>, ratio: number): boolean {
  if (!Number.isFinite(ratio)) return false
  return target.op === '<=' ? ratio <= target.limit : ratio >= target.limit
}
