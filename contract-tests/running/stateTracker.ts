import { apiRequestFromUrl } from '../../kit/http/ApiRequest.ts'
import { trimTrailingSlashes } from '../../kit/text/trimTrailingSlashes.ts'
import { interfaceModelOf } from '../../model/interfaceModel.ts'
import { StateCoverage, type StateCoverageReport } from '../../model/StateCoverage.ts'
import type { CompiledSpec } from '../../spec/runtime.ts'
import type { Exchange } from '../http/exchange.ts'
import { stateObservationOf } from './observeStates.ts'

export interface StateTracker {
  /** A write is about to go out. */
  writing(): void
  /** One exchange, as it completed. */
  see(exchange: Exchange): void
  report(): StateCoverageReport
}

/**
 * The run's state coverage: every exchange, in the order it completed, read by StateCoverage.
 * Undefined for a document the interface model cannot read (it lacks an operation, the status
 * enumeration or the limit rule): there are then no states to derive.
 *
 * @example
 * const states = stateTracker(spec, 'http://127.0.0.1:4010/v1')
 * states?.see(exchange)
 */
export function stateTracker(spec: CompiledSpec, baseUrl: string): StateTracker | undefined {
  let coverage: StateCoverage
  let model: ReturnType<typeof interfaceModelOf>
  try {
    model = interfaceModelOf(spec)
    coverage = new StateCoverage(model)
  } catch {
    return undefined
  }
  const router = spec.router(trimTrailingSlashes(apiRequestFromUrl('GET', baseUrl).path))
  return {
    writing: () => coverage.writing(),
    see(exchange) {
      const observation = stateObservationOf(exchange, router, model)
      if (observation) coverage.see(observation)
    },
    report: () => coverage.report(),
  }
}
