import { apiRequestFromUrl } from '../../kit/http/ApiRequest.ts'
import { trimTrailingSlashes } from '../../kit/text/trimTrailingSlashes.ts'
import { interfaceModelOf } from '../../model/interfaceModel.ts'
import { StateCoverage } from '../../model/StateCoverage.ts'
import type { CompiledSpec } from '../../spec/runtime.ts'
import type { Exchange } from '../http/exchange.ts'
import { stateObservationOf } from './observeStates.ts'

/** StateCoverage fed with exchanges: `writing()` before a write goes out, `see` each as it completed. */
export type StateTracker = Pick<StateCoverage, 'writing' | 'report'> & { see(exchange: Exchange): void }

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
  try {
    const model = interfaceModelOf(spec)
    const coverage = new StateCoverage(model)
    const router = spec.router(trimTrailingSlashes(apiRequestFromUrl('GET', baseUrl).path))
    return {
      writing: () => coverage.writing(),
      see(exchange) {
        const observation = stateObservationOf(exchange, router, model)
        if (observation) coverage.see(observation)
      },
      report: () => coverage.report(),
    }
  } catch {
    return undefined
  }
}
