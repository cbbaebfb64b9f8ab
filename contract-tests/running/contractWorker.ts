// The thread runContractInWorker starts: it runs the suite and posts the report (or why it could
// not start) back. Nothing else runs here, so the young generation limit set on this thread bounds
// the run's garbage alone.
import { parentPort, workerData } from 'node:worker_threads'
import { loadCompiledSpec } from './loadCompiledSpec.ts'
import { runContract } from './runContract.ts'
import type { WorkerRunOptions } from './runContractInWorker.ts'

const { specFile, ...options } = workerData as WorkerRunOptions
let spec: Awaited<ReturnType<typeof loadCompiledSpec>> | undefined
try {
  spec = specFile === undefined ? undefined : await loadCompiledSpec(specFile)
} catch (error) {
  parentPort?.postMessage({ specError: (error as Error).message })
}
if (spec || specFile === undefined)
  parentPort?.postMessage({ report: await runContract({ ...options, ...(spec && { spec }) }) })
