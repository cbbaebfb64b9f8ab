import { describe, expect, test } from '@jest/globals'
import { descendantsOf, parseProcStat, parseProcStatus } from './readProcessUsage.ts'

// Fields 3.. of a real line from this machine, with utime (14) = 1500 and stime (15) = 250.
const TAIL = 'S 1 42 42 0 -1 4194560 1 0 0 0 1500 250 0 0 20 0 11 0 9 1 2 18446744073709551615'

describe('parseProcStat', () => {
  test.each([
    ['a plain command name', `42 (node) ${TAIL}`],
    ['a name with spaces', `42 (node server) ${TAIL}`],
    // comm is whatever the process calls itself: counting fields from the first ')' would be off by two.
    ['a name with parentheses and spaces', `42 (a) b (c)) ${TAIL}`],
    ['a trailing newline', `42 (node) ${TAIL}\n`],
  ])('reads the parent, utime and stime after %s', (_name, line) => {
    expect(parseProcStat(line)).toEqual({ utimeTicks: 1500, stimeTicks: 250, parentPid: 1 })
  })

  test('refuses text that is not a stat line', () => {
    expect(() => parseProcStat('no parenthesis here')).toThrow('not a /proc/PID/stat line')
  })

  test('refuses a line cut short before utime and stime', () => {
    expect(() => parseProcStat('42 (node) S 1 42')).toThrow('no ppid/utime/stime')
  })
})

describe('descendantsOf', () => {
  // npm (10) -> sh (11) -> node (12), a sibling tree under 1, and a process whose parent is 12's child.
  const parents = new Map([
    [10, 1],
    [11, 10],
    [12, 11],
    [13, 12],
    [20, 1],
    [21, 20],
  ])

  test('children, grandchildren and deeper, not siblings or the root itself', () => {
    expect(descendantsOf(10, parents).toSorted()).toEqual([11, 12, 13])
    expect(descendantsOf(12, parents)).toEqual([13])
  })

  test('a process with no children has no descendants', () => {
    expect(descendantsOf(13, parents)).toEqual([])
  })

  test('a cycle in a stale snapshot (PIDs reused) ends', () => {
    expect(
      descendantsOf(
        5,
        new Map([
          [5, 6],
          [6, 5],
        ]),
      ),
    ).toEqual([6])
  })
})

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
