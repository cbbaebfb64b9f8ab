import { readFileSync } from 'node:fs'
import { availableParallelism, loadavg, release, totalmem } from 'node:os'

/** What the figures were measured on, for the report and docs/bench.md. */
export interface Machine {
  cores: number
  cpuModel: string
  node: string
  kernel: string
  memoryGiB: number
  /** 1-minute load average when the run started: other work sharing the cores. */
  loadAverage: number
}

export function describeMachine(): Machine {
  let cpuModel = 'unknown'
  try {
    cpuModel = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpuModel
  } catch {
    // Not Linux: the bench needs /proc anyway and fails later with a clearer message.
  }
  return {
    cores: availableParallelism(),
    cpuModel,
    node: process.version,
    kernel: release(),
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    loadAverage: Math.round((loadavg()[0] ?? 0) * 100) / 100,
  }
}
