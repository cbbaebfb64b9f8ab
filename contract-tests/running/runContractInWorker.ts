import { Worker } from 'node:worker_threads'
import type { ContractTarget } from './ContractTarget.ts'
import type { ContractReport, RunOptions } from './runContract.ts'

/**
 * The young generation of the suite's thread, in MiB. A parsed 1 MiB body is hundreds of thousands
 * of small objects; with Node's default young generation on the main thread, a hostile target's
 * bodies took the CLI's peak RSS past 400 MiB though the run keeps little. Measured on a loaded
 * 2-core machine (decisions/018): at 6 MiB the worst shape (`[[],[],...]`) peaks at 224 MiB, at
 * 12 MiB at 239-256 MiB; a default run against the mock runs about as many model sequences at
 * either (542-563 against 573-592, within the noise between runs).
 */
export const YOUNG_GENERATION_MIB = 6

/** What the CLI hands the thread: RunOptions that survive a structured clone, and the `--spec` path. */
export type WorkerRunOptions = Omit<RunOptions, 'fetch' | 'checks' | 'spec'> &
  Pick<ContractTarget, 'specFile'>

/**
 * runContract on a worker thread whose young generation is YOUNG_GENERATION_MIB (a bin cannot pass
 * Node's `--max-semi-space-size` portably; a worker's resourceLimits can). Rejects with the message
 * when `specFile` does not load, or the thread fails.
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
    worker.once('message', (message: { report?: ContractReport; specError?: string }) => {
      if (message.report) resolve(message.report)
      else reject(new SpecError(message.specError ?? 'the suite thread sent nothing'))
      void worker.terminate()
    })
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`the suite thread exited (${code}) without a report`)))
  })
}

/** The `--spec` file did not load: a usage error, not a failed run. */
export class SpecError extends Error {
  override name = 'SpecError'
}
