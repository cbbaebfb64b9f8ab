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
