import { describe, expect, test } from '@jest/globals'
import { parseProcStatus } from './parseProcStatus.ts'

describe('parseProcStatus', () => {
  test('reads VmHWM and VmRSS in kB as bytes', () => {
    const text = 'Name:\tnode\nVmPeak:\t 999999 kB\nVmHWM:\t   51200 kB\nVmRSS:\t   40960 kB\nThreads:\t11\n'
    expect(parseProcStatus(text)).toEqual({ peakRssBytes: 51200 * 1024, rssBytes: 40960 * 1024 })
  })

  test('does not take VmPeak (virtual memory) for the resident peak', () => {
    const text = 'VmPeak:\t 999999 kB\nVmRSS:\t 10 kB\n'
    expect(() => parseProcStatus(text)).toThrow('no VmHWM line')
  })
})
