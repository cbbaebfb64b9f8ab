import { Worker } from 'node:worker_threads'
import type { TypedIn } from '../../kit/node/whereTyped.ts'
import type { ResolvedTarget } from './ContractTarget.ts'
import type { ContractReport } from './runContract.ts'

/**
 * The young generation of the suite's thread, in MiB: a parsed 1 MiB body is hundreds of thousands of
 * small objects, and Node's default let a hostile target's bodies take the CLI past 400 MiB. 6 MiB
 * holds the worst shape lowest at no cost in model sequences (figures: decisions/018).
 */
export const YOUNG_GENERATION_MIB = 6

/** What the CLI hands the thread: its command line, where it was typed (paths resolve there) and its name. */
export type WorkerRun = { argv: readonly string[]; typedIn: TypedIn; program: string }

/** What the thread answers: the report and the options it read, or text to print (help, version), or a usage error. */
export type WorkerAnswer =
  | { report: ContractReport; target: ResolvedTarget }
  | { say: string }
  | { usage: string }

/**
 * Reads the command line and runs runContract on a thread whose young generation is
 * YOUNG_GENERATION_MIB (a bin cannot pass Node's `--max-semi-space-size` portably). The main thread
 * loads none of the suite. Rejects only when the thread fails.
 *
 * @example
 * const answer = await runContractInWorker({ argv: ['--base-url', url], typedIn, program: 'petstore-contract' })
 */
export function runContractInWorker(run: WorkerRun): Promise<WorkerAnswer> {
  // The source runs as .ts (Node strips types); the package runs the compiled .js beside this file.
  const file = import.meta.url.endsWith('.ts') ? './contractWorker.ts' : './contractWorker.js'
  const worker = new Worker(new URL(file, import.meta.url), {
    workerData: run,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MIB },
  })
  return new Promise((resolve, reject) => {
    // The thread's heap is given back before the report is written: writing it must not add to the run's peak.
    worker.once('message', async (message: WorkerAnswer) => {
      worker.removeAllListeners('exit')
      await worker.terminate()
      resolve(message)
    })
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`the suite thread exited (${code}) without a report`)))
  })
}
