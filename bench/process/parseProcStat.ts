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
