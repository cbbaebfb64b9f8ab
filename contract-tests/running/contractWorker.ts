// The thread runContractInWorker starts: it reads the command line, runs the suite and posts the report (or
// what to say instead) back. Options, checks and spec load only here: a run holds one copy of them.
import { parentPort, workerData } from 'node:worker_threads'
import { readPackageInfo } from '../../spec/packageInfo.ts'
import { defaultSpec } from '../../spec/runtime.ts'
import { contractUsage, type ResolvedTarget, resolveTarget } from './ContractTarget.ts'
import { loadCompiledSpec } from './loadCompiledSpec.ts'
import { KeyFileError } from './readApiKeyFile.ts'
import { readRecording } from './readRecording.ts'
import { runContract } from './runContract.ts'
import type { WorkerAnswer, WorkerRun } from './runContractInWorker.ts'

const { argv, typedIn, program } = workerData as WorkerRun
const answer = (message: WorkerAnswer) => parentPort?.postMessage(message)

let target: ResolvedTarget | undefined
try {
  target = resolveTarget(argv, typedIn.env, typedIn)
} catch (error) {
  // A key file that cannot give a key needs no pointer to the options.
  const hint = error instanceof KeyFileError ? '' : ` (${program} --help lists every option)`
  answer({ usage: `${(error as Error).message}${hint}` })
}
if (target?.help || target?.version)
  answer({ say: target.help ? contractUsage(program) : readPackageInfo().version })
else if (target) {
  const { specFile, replayFile } = target
  const failed = (option: string) => (error: Error) => void answer({ usage: `${option}: ${error.message}` })
  const replay = replayFile
    ? await readRecording(replayFile, defaultSpec().vocabulary).catch(failed(`--replay ${replayFile}`))
    : undefined
  const spec = specFile ? await loadCompiledSpec(specFile).catch(failed(`--spec ${specFile}`)) : undefined
  const read = { command: program, ...(replay && { replay }), ...(spec && { spec }) }
  if ((!replayFile || replay) && (!specFile || spec))
    answer({ report: await runContract({ ...target, ...read }), target })
}
