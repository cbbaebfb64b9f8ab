/**
 * How long a run would take against a target answering in `latencyMs` per request: every request
 * that had to wait for the previous answer costs one latency, requests sent together (bursts of
 * creates, parallel getPet probes, the final sweep) share one.
 *
 * @example
 * estimateDuration({ sequentialRequests: 120 }, 100) // 12000
 */
export function estimateDuration(
  report: { requests: number; sequentialRequests?: number | undefined },
  latencyMs: number,
): number {
  return (report.sequentialRequests ?? report.requests) * latencyMs
}
