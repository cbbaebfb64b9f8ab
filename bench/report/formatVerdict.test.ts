import { describe, expect, test } from '@jest/globals'
import type { Ratio } from './compareToBaseline.ts'
import { formatVerdict } from './formatVerdict.ts'

const ratio = (value: number, met: boolean | undefined): Ratio => ({
  metric: 'cpuPerRequestUs',
  label: 'CPU/req',
  ratio: value,
  op: '<=',
  limit: 1.5,
  met,
})

describe('formatVerdict', () => {
  test.each([
    ['a met target', ratio(1.234, true), '1.23x ok'],
    ['a missed target says MISSED', ratio(1.7, false), '1.70x MISSED'],
    ['a reference server has no verdict', ratio(20, undefined), '20.00x'],
    ['a ratio that could not be computed', ratio(Number.NaN, false), 'n/a MISSED'],
    ['no ratio at all', undefined, 'n/a'],
  ])('%s', (_name, given, want) => {
    expect(formatVerdict(given)).toBe(want)
  })
})
