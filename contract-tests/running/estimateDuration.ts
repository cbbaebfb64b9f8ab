/** The latency the reports estimate a run's duration at: staging answers in 50–200 ms. */
const ESTIMATE_LATENCY_MS = 100

/**
 * How long a run would take against a target answering in ESTIMATE_LATENCY_MS: every request that
 * had to wait for the previous answer costs one latency; requests sent together (bursts of creates,
 * parallel getPet probes, the final sweep) share one.
 *
 * @example
 * estimateDuration({ requests: 300, sequentialRequests: 120 }) // { requests: 300, sequentialRequests: 120, latencyMs: 100, estimatedMs: 12000 }
 */
export function estimateDuration(report: { requests: number; sequentialRequests?: number | undefined }) {
  const sequentialRequests = report.sequentialRequests ?? report.requests
  const estimatedMs = sequentialRequests * ESTIMATE_LATENCY_MS
  return { requests: report.requests, sequentialRequests, latencyMs: ESTIMATE_LATENCY_MS, estimatedMs }
}
