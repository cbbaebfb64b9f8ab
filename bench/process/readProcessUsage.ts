import { readFileSync } from 'node:fs'
import { clockTicksPerSecond } from './clockTicksPerSecond.ts'
import { parseProcStat } from './parseProcStat.ts'
import { parseProcStatus } from './parseProcStatus.ts'

/** What a process has used so far: CPU seconds (user + system) and peak resident memory. */
export interface ProcessUsage {
  cpuSeconds: number
  peakRssBytes: number
  rssBytes: number
}

/**
 * Reads another process's own CPU time and memory from /proc (Linux). Read before and after a load
 * run, the difference in `cpuSeconds` is what the server itself spent, whatever else shares the cores.
 */
export function readProcessUsage(pid: number): ProcessUsage {
  const cpu = parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  const memory = parseProcStatus(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return { cpuSeconds: (cpu.utimeTicks + cpu.stimeTicks) / clockTicksPerSecond(), ...memory }
}
