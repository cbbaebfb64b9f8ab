import { Worker } from 'node:worker_threads'
import type { ContractTarget } from './ContractTarget.ts'
import type { ContractReport, RunOptions } from './runContract.ts'

/**
 * The young generation of the suite's thread, in MiB: a parsed 1 MiB body is hundreds of thousands of
 * small objects, and Node's default let a hostile target's bodies take the CLI past 400 MiB. 6 MiB
 * holds the worst shape lowest at no cost in model sequences (figures: decisions/018).
 */
export const YOUNG_GENERATION_MIB = 6

/** What the CLI hands the thread: RunOptions that survive a structured clone, and the `--spec` path. */
export type WorkerRunOptions = Omit<RunOptions, 'fetch' | 'checks' | 'spec'> &
  Pick<ContractTarget, 'specFile'>

/**
 * runContract on a thread whose young generation is YOUNG_GENERATION_MIB (a bin cannot pass Node's
 * `--max-semi-space-size` portably). Rejects with the message when `specFile` does not load, or the thread fails.
 *
 * @example
 * const report = await runContractInWorker({ baseUrl, apiKey, specFile: 'next/openapi.yaml' })
 */
export function runContractInWorker(options: WorkerRunOptions): Promise<ContractReport> {
  // The source runs as .ts (Node strips types); the package runs the compiled .js beside this file.
  const file = import.meta.url.endsWith('.ts') ? './contractWorker.ts' : './contractWorker.js'
  const worker = new Worker(new URL(file, import.meta.url), {
    workerData: options,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MIB },
  })
  return new Promise((resolve, reject) => {
    // The thread's heap is given back before the report is written: writing it must not add to the run's peak.
    worker.once('message', async (message: { report?: ContractReport; specError?: string }) => {
      worker.removeAllListeners('exit')
      await worker.terminate()
      if (message.report) resolve(message.report)
      else reject(new SpecError(message.specError ?? 'the suite thread sent nothing'))
    })
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`the suite thread exited (${code}) without a report`)))
  })
}

/** The `--spec` file did not load: a usage error, not a failed run. */
export class SpecError extends Error {
  override name = 'SpecError'
}
