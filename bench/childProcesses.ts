import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process'

// Every process the bench starts, so that an error, a timeout or Ctrl-C stops each one by its PID.
const running = new Set<ChildProcess>()

/** Spawns a child and remembers it until it exits. */
export function spawnTracked(file: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  const child = spawn(file, args, options)
  running.add(child)
  child.once('exit', () => running.delete(child))
  return child
}

/** Stops one child by its PID: SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
export async function stopTracked(child: ChildProcess, graceMs = 2000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
  await exited
  clearTimeout(timer)
}

/** Stops every child still running (the `finally` of a run, and the SIGINT handler). */
export async function stopAllTracked(): Promise<void> {
  await Promise.all([...running].map((child) => stopTracked(child)))
}

/** Synchronous last resort for `process.on('exit')`: SIGKILL whatever is left. */
export function killAllTrackedNow(): void {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
}
