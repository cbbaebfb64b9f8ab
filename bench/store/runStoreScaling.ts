import { fileURLToPath } from 'node:url'
import { spawnTracked, stopTracked } from '../servers/childProcesses.ts'
import type { StoreScalingRun } from './compareStoreScaling.ts'
import type { StoreListFigures } from './measureStoreList.ts'

const SCRIPT = fileURLToPath(new URL('./measureStoreList.ts', import.meta.url))
const CHILD_TIMEOUT_MS = 60_000

/**
 * The store under two V8 configurations. With Node's defaults (as the mock runs; memory is judged
 * here) V8 grows the young generation with the heap and hands its pages back, so at 1e6 pets about
 * one small allocation in a hundred takes a page fault: a 2-3 us p99 that a bare `slice` (the
 * control) shows as much as the store, and that buries the store's own cost. Pinning the young
 * generation to 1 MB at every size removes those faults (the page-fault column shows it), so the
 * list-time ratios are judged in that run.
 */
const CONFIGS = [
  {
    id: 'pinned',
    label: 'young generation pinned to 1 MB',
    flags: ['--expose-gc', '--max-semi-space-size=1'],
    judged: true,
  },
  { id: 'default', label: 'Node defaults', flags: ['--expose-gc'], judged: false },
] as const

/** Measures each size in its own child process (its RSS is then the store's), smallest first. */
export async function runStoreScaling(
  sizes: readonly number[],
  { rounds, samples }: { rounds: number; samples: number },
  log: (line: string) => void,
): Promise<StoreScalingRun[]> {
  const runs: StoreScalingRun[] = []
  for (const config of CONFIGS) {
    const figures: StoreListFigures[] = []
    for (const size of sizes) {
      log(`store: ${size} pets, ${config.label}`)
      figures.push(
        await measureInChild([
          ...config.flags,
          SCRIPT,
          '--size',
          String(size),
          '--rounds',
          String(rounds),
          '--samples',
          String(samples),
        ]),
      )
    }
    runs.push({
      id: config.id,
      label: config.label,
      nodeFlags: [...config.flags],
      judged: config.judged,
      figures,
    })
  }
  return runs
}

async function measureInChild(args: string[]): Promise<StoreListFigures> {
  const child = spawnTracked(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8')
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000)
  })
  const timer = setTimeout(() => void stopTracked(child), CHILD_TIMEOUT_MS)
  const code = await new Promise<number | null>((resolve) =>
    child.once('exit', (exitCode) => resolve(exitCode)),
  )
  clearTimeout(timer)
  if (code !== 0) throw new Error(`store measurement ${args.join(' ')} exited with ${code}:\n${stderr}`)
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as StoreListFigures
}
