import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

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

/** CPU time a process has spent so far, in clock ticks (see `clockTicksPerSecond`). */
export interface ProcStatCpu {
  utimeTicks: number
  stimeTicks: number
}

/**
 * Reads utime and stime (fields 14 and 15, man 5 proc) from the text of `/proc/PID/stat`.
 * The command name (field 2) sits in parentheses and may itself hold spaces and parentheses, so
 * the fields are counted from the last `)`, never by splitting the whole line.
 *
 * @example
 * parseProcStat('42 (node) S 1 42 42 0 -1 4194560 1 0 0 0 150 25 0 0 20 0 11 0 9 1 2') // { utimeTicks: 150, stimeTicks: 25 }
 */
export function parseProcStat(text: string): ProcStatCpu {
  const end = text.lastIndexOf(')')
  if (end === -1) throw new Error(`not a /proc/PID/stat line: ${JSON.stringify(text.slice(0, 80))}`)
  // After ") " comes field 3 (state), so field n sits at index n - 3.
  const fields = text
    .slice(end + 1)
    .trim()
    .split(/\s+/)
  const utimeTicks = Number(fields[14 - 3])
  const stimeTicks = Number(fields[15 - 3])
  if (!Number.isInteger(utimeTicks) || !Number.isInteger(stimeTicks))
    throw new Error(`no utime/stime in /proc/PID/stat line: ${JSON.stringify(text.slice(0, 80))}`)
  return { utimeTicks, stimeTicks }
}

/** Memory figures from `/proc/PID/status`, in bytes. */
export interface ProcStatusMemory {
  /** VmHWM: the peak resident set size so far. */
  peakRssBytes: number
  /** VmRSS: the resident set size now. */
  rssBytes: number
}

/**
 * Reads VmHWM and VmRSS (reported in kB) from the text of `/proc/PID/status`.
 *
 * @example
 * parseProcStatus('Name:\tnode\nVmHWM:\t  51200 kB\nVmRSS:\t  40960 kB\n') // { peakRssBytes: 52428800, rssBytes: 41943040 }
 */
export function parseProcStatus(text: string): ProcStatusMemory {
  return { peakRssBytes: kilobytes(text, 'VmHWM'), rssBytes: kilobytes(text, 'VmRSS') }
}

function kilobytes(text: string, key: string): number {
  const match = new RegExp(`^${key}:\\s*(\\d+)\\s*kB$`, 'm').exec(text)
  if (!match?.[1]) throw new Error(`no ${key} line in /proc/PID/status`)
  return Number(match[1]) * 1024
}

let cached: number | undefined

/** The kernel's clock ticks per second (`getconf CLK_TCK`), the unit of utime and stime; usually 100. */
export function clockTicksPerSecond(): number {
  if (cached === undefined) {
    const value = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim())
    if (!Number.isInteger(value) || value <= 0) throw new Error(`getconf CLK_TCK gave ${value}`)
    cached = value
  }
  return cached
}
