// The thread runContractInWorker starts: it runs the suite and posts the report (or why it could
// not start) back. Nothing else runs here, so the young generation limit set on this thread bounds
// the run's garbage alone.
import { parentPort, workerData } from 'node:worker_threads'
import { loadCompiledSpec } from './loadCompiledSpec.ts'
import { runContract } from './runContract.ts'
import type { WorkerRunOptions } from './runContractInWorker.ts'

const { specFile, ...options } = workerData as WorkerRunOptions
const specError = (error: Error) => void parentPort?.postMessage({ specError: error.message })
const spec = specFile === undefined ? undefined : await loadCompiledSpec(specFile).catch(specError)
if (spec || specFile === undefined)
  parentPort?.postMessage({ report: await runContract({ ...options, ...(spec && { spec }) }) })
