import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

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

/**
 * The same for a process and every descendant, added up (CPU) or the largest (peak memory): `npm start`
 * runs the server as npm's child, so the PID the bench holds is npm's. npm waits idle beside it, and
 * whatever it does spend is part of what a user's `npm start` costs.
 */
export function readTreeUsage(pid: number): ProcessUsage {
  const parents = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      parents.set(Number(entry), parseProcStat(readFileSync(`/proc/${entry}/stat`, 'utf8')).parentPid)
    } catch {
      // Exited between the listing and the read: not part of the tree any more.
    }
  }
  const usages = [pid, ...descendantsOf(pid, parents)].flatMap((member) => {
    try {
      return [readProcessUsage(member)]
    } catch (error) {
      if (member === pid) throw error
      return []
    }
  })
  return {
    cpuSeconds: usages.reduce((total, usage) => total + usage.cpuSeconds, 0),
    peakRssBytes: Math.max(...usages.map((usage) => usage.peakRssBytes)),
    rssBytes: Math.max(...usages.map((usage) => usage.rssBytes)),
  }
}

/**
 * Every descendant of `root` (children, their children...) given each process's parent.
 *
 * @example
 * descendantsOf(1, new Map([[2, 1], [3, 2], [4, 9]])) // [2, 3]
 */
export function descendantsOf(root: number, parents: ReadonlyMap<number, number>): number[] {
  const found: number[] = []
  const queue = [root]
  for (let next = queue.shift(); next !== undefined; next = queue.shift())
    for (const [pid, parent] of parents)
      if (parent === next && pid !== root && !found.includes(pid)) {
        found.push(pid)
        queue.push(pid)
      }
  return found
}

/** CPU time a process has spent so far, in clock ticks (see `clockTicksPerSecond`), and its parent. */
export interface ProcStatCpu {
  utimeTicks: number
  stimeTicks: number
  parentPid: number
}

/**
 * Reads the parent's PID, utime and stime (fields 4, 14 and 15, man 5 proc) from the text of `/proc/PID/stat`.
 * The command name (field 2) sits in parentheses and may itself hold spaces and parentheses, so
 * the fields are counted from the last `)`, never by splitting the whole line.
 *
 * @example
 * parseProcStat('42 (node) S 1 42 42 0 -1 4194560 1 0 0 0 150 25 0 0 20 0 11 0 9 1 2') // { utimeTicks: 150, stimeTicks: 25, parentPid: 1 }
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
  const parentPid = Number(fields[4 - 3])
  if (!Number.isInteger(utimeTicks) || !Number.isInteger(stimeTicks) || !Number.isInteger(parentPid))
    throw new Error(`no ppid/utime/stime in /proc/PID/stat line: ${JSON.stringify(text.slice(0, 80))}`)
  return { utimeTicks, stimeTicks, parentPid }
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
